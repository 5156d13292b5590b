import { describe, expect, it } from 'vitest';
import { shellPlan } from '../../build/prerender-shell.ts';
import { authStorageKey } from './auth-storage-key';
import { SHELL_HINT_STORAGE_KEY } from './screen-snapshot';

const API = 'https://abcdef.supabase.co';
const USER = '11111111-1111-1111-1111-111111111111';

/** Evaluates index.html's shell decision (build/prerender-shell.ts) against stand-in storage and address. */
function plan(storage: Record<string, string>, path = '/campaigns') {
  const [pathname, search = ''] = path.split('?');
  const location = { pathname, search: search ? `?${search}` : '', origin: 'https://app.example' };
  const localStorage = { getItem: (k: string) => storage[k] ?? null };
  return new Function('localStorage', 'location', `return ${shellPlan(API)}`)(localStorage, location) as { c: string; s: string; l: string; n: string } | null;
}

const session = (userId = USER, metadata: Record<string, unknown> = {}) => JSON.stringify({ access_token: 'x', user: { id: userId, user_metadata: metadata } });
const hint = (change: Record<string, unknown> = {}) => JSON.stringify({ v: 1, user: USER, role: 'brand', lang: 'en', name: 'Jessica Parker', ...change });

describe("index.html's first-paint shell (build/prerender-shell.ts)", () => {
  it("draws the hinted role's shell in the hinted language, /campaigns before its data", () => {
    expect(plan({ [authStorageKey(API)]: session(), [SHELL_HINT_STORAGE_KEY]: hint() })).toEqual({ c: 'shell-brand-en', s: 'campaigns-en', l: 'en', n: 'Jessica Parker' });
    expect(plan({ [authStorageKey(API)]: session(), [SHELL_HINT_STORAGE_KEY]: hint({ role: 'creator', lang: 'es' }) }, '/dashboard/creator')).toEqual({
      c: 'shell-creator-es',
      s: 'skeleton-es',
      l: 'es',
      n: 'Jessica Parker',
    });
    // A filtered list is not the unfiltered one's first screen: the skeleton.
    expect(plan({ [authStorageKey(API)]: session(), [SHELL_HINT_STORAGE_KEY]: hint() }, '/campaigns?keyword=cafe')?.s).toBe('skeleton-en');
  });

  it("ignores another user's hint and falls back on the session's metadata, else the role's language", () => {
    const other = hint({ user: '22222222-2222-2222-2222-222222222222', role: 'admin' });
    expect(plan({ [authStorageKey(API)]: session(USER, { role: 'creator', full_name: 'Sofía Ríos', language: 'es' }), [SHELL_HINT_STORAGE_KEY]: other })).toEqual({
      c: 'shell-creator-es',
      s: 'campaigns-es',
      l: 'es',
      n: 'Sofía Ríos',
    });
    expect(plan({ [authStorageKey(API)]: session(USER, { role: 'brand' }) })?.l).toBe('en');
    expect(plan({ [authStorageKey(API)]: session(USER, { role: 'creator' }) })?.l).toBe('es');
  });

  it('draws nothing without a known role, off the signed-in routes, or on unreadable storage', () => {
    expect(plan({ [authStorageKey(API)]: session() })).toBeNull();
    expect(plan({ [authStorageKey(API)]: session(), [SHELL_HINT_STORAGE_KEY]: hint({ role: 'root' }) })).toBeNull();
    expect(plan({ [authStorageKey(API)]: session(), [SHELL_HINT_STORAGE_KEY]: hint() }, '/auth')).toBeNull();
    expect(plan({ [authStorageKey(API)]: session(), [SHELL_HINT_STORAGE_KEY]: hint() }, '/nowhere')).toBeNull();
    expect(plan({ [authStorageKey(API)]: '{not json' })).toBeNull();
  });

  it("draws the public list's frame for a guest on /explore, in the language chosen in this browser", () => {
    expect(plan({}, '/explore')).toEqual({ c: '', s: 'explore-es', l: 'es', n: '' });
    expect(plan({ locale: 'en' }, '/explore')).toEqual({ c: '', s: 'explore-en', l: 'en', n: '' });
    expect(plan({}, '/campaigns')).toBeNull();
  });
});
