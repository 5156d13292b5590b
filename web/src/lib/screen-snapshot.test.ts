import { describe, expect, it } from 'vitest';
import { restoreSnapshotScript } from '../../build/restore-snapshot.ts';
import { authStorageKey } from './auth-storage-key';
import { SNAPSHOT_MAX_AGE_MS, SNAPSHOT_STORAGE_KEY, type ScreenSnapshot } from './screen-snapshot';

const API = 'https://abcdef.supabase.co';
const USER = '11111111-1111-1111-1111-111111111111';

/** Runs index.html's inline script against a stand-in page; returns what it put into #root, if anything. */
function restore(opts: { storage: Record<string, string>; path?: string; rootHasChild?: boolean }) {
  const appended: { inert?: boolean; innerHTML?: string }[] = [];
  const attributes: Record<string, string> = {};
  const html = { lang: 'es' };
  const root = {
    firstChild: opts.rootHasChild ? {} : null,
    appendChild: (el: { inert?: boolean; innerHTML?: string }) => appended.push(el),
    setAttribute: (k: string, v: string) => (attributes[k] = v),
  };
  const document = { getElementById: (id: string) => (id === 'root' ? root : null), createElement: () => ({}), documentElement: html };
  const localStorage = { getItem: (k: string) => opts.storage[k] ?? null };
  const [pathname, search = ''] = (opts.path ?? '/campaigns').split('?');
  const location = { pathname, search: search ? `?${search}` : '', origin: 'https://app.example' };
  new Function('document', 'localStorage', 'location', restoreSnapshotScript(API))(document, localStorage, location);
  return { shown: appended[0], marked: attributes['data-prerendered'], lang: html.lang };
}

const snapshot = (change: Partial<ScreenSnapshot> = {}): string =>
  JSON.stringify({ v: 1, user: USER, path: '/campaigns', choice: null, lang: 'en', at: Date.now() - 1000, html: '<div class="min-h-screen">cards</div>', ...change });
const session = (userId = USER) => JSON.stringify({ access_token: 'x', expires_at: 0, user: { id: userId } });
const storage = (extra: Record<string, string> = {}) => ({ [SNAPSHOT_STORAGE_KEY]: snapshot(), [authStorageKey(API)]: session(), ...extra });

describe("index.html's snapshot script (build/restore-snapshot.ts)", () => {
  it('shows the snapshot, inert, to the same user on the same address', () => {
    const r = restore({ storage: storage() });
    expect(r.shown).toEqual({ inert: true, innerHTML: '<div class="min-h-screen">cards</div>' });
    expect(r.marked).toBe('snapshot');
    expect(r.lang).toBe('en');
  });

  it("never shows it to another user, or without a session", () => {
    expect(restore({ storage: storage({ [authStorageKey(API)]: session('22222222-2222-2222-2222-222222222222') }) }).shown).toBeUndefined();
    expect(restore({ storage: { [SNAPSHOT_STORAGE_KEY]: snapshot() } }).shown).toBeUndefined();
    expect(restore({ storage: storage({ [authStorageKey(API)]: '{"access_token":"x"}' }) }).shown).toBeUndefined();
  });

  it('leaves the page alone on another address, when stale, after a language choice, or when #root is taken', () => {
    expect(restore({ storage: storage(), path: '/campaigns?keyword=cafe' }).shown).toBeUndefined();
    expect(restore({ storage: storage(), path: '/dashboard' }).shown).toBeUndefined();
    expect(restore({ storage: storage({ [SNAPSHOT_STORAGE_KEY]: snapshot({ at: Date.now() - SNAPSHOT_MAX_AGE_MS - 1 }) }) }).shown).toBeUndefined();
    expect(restore({ storage: storage({ locale: 'en' }) }).shown).toBeUndefined();
    expect(restore({ storage: storage(), rootHasChild: true }).shown).toBeUndefined();
    expect(restore({ storage: storage({ [SNAPSHOT_STORAGE_KEY]: snapshot({ v: 2 as 1 }) }) }).shown).toBeUndefined();
    expect(restore({ storage: storage({ [SNAPSHOT_STORAGE_KEY]: '{not json' }) }).shown).toBeUndefined();
  });

  it('shows it when the language choice is the one it was drawn with', () => {
    expect(restore({ storage: storage({ locale: 'en', [SNAPSHOT_STORAGE_KEY]: snapshot({ choice: 'en' }) }) }).shown).toBeDefined();
  });
});
