import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startDoubles, type DoublesHarness } from './test-harness.ts';

let h: DoublesHarness;

beforeAll(async () => {
  h = await startDoubles();
});
afterAll(() => h.close());
beforeEach(() => h.control('/reset'));

const igAuthorize = (q: Record<string, string>) => `${h.bases.INSTAGRAM_OAUTH_BASE}/oauth/authorize?${new URLSearchParams(q)}`;
const valid = { client_id: '1', redirect_uri: 'http://localhost:5173/cb', response_type: 'code', scope: 'instagram_business_basic', state: 's' };

describe('consent pages', () => {
  it('choose the language: locale parameter first, then Accept-Language by preference, Spanish otherwise', async () => {
    const lang = async (url: string, acceptLanguage?: string) => {
      const html = await (await fetch(url, { headers: acceptLanguage ? { 'accept-language': acceptLanguage } : {} })).text();
      return /<html lang="([^"]+)"/.exec(html)?.[1];
    };
    expect(await lang(igAuthorize(valid))).toBe('es-419');
    expect(await lang(igAuthorize(valid), 'fr-FR,pt;q=0.8,en;q=0.9')).toBe('en');
    expect(await lang(igAuthorize(valid), 'de-DE')).toBe('es-419');
    expect(await lang(igAuthorize({ ...valid, locale: 'pt_BR' }), 'en')).toBe('pt-BR');
  });

  it('are sent with a strict CSP and no caching', async () => {
    const res = await fetch(igAuthorize(valid));
    expect(res.headers.get('content-security-policy')).toMatch(/default-src 'none'; style-src 'nonce-/);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('x-frame-options')).toBe('DENY');
  });

  it('without test accounts, say how to make one and offer only Deny', async () => {
    const html = await (await fetch(igAuthorize(valid))).text();
    expect(html).toContain('/platforms/_control/accounts');
    expect(html).toMatch(/value="allow" disabled/);
  });

  it('show a refusal instead of redirecting when the client or the redirect_uri is wrong', async () => {
    for (const bad of [{ ...valid, client_id: '' }, { ...valid, redirect_uri: 'javascript:alert(1)' }, { ...valid, scope: 'business_basic' }]) {
      const res = await fetch(igAuthorize(bad), { redirect: 'manual' });
      expect(res.status).toBe(400);
      expect(res.headers.get('location')).toBeNull();
    }
  });

  it('answer a consent only once', async () => {
    const { account } = await h.control<{ account: { id: string } }>('/accounts', { platform: 'instagram', username: 'once' });
    const html = await (await fetch(igAuthorize(valid))).text();
    const pending = /name="pending" value="([^"]+)"/.exec(html)![1]!;
    const post = () => fetch(igAuthorize(valid), { method: 'POST', body: new URLSearchParams({ pending, decision: 'allow', account: account.id }), redirect: 'manual' });
    expect((await post()).status).toBe(302);
    expect((await post()).status).toBe(400);
  });
});
