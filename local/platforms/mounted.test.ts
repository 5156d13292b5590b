import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStack, type TestStack } from '../../testkit/test-stack.ts';
import { platformBaseUrls } from './index.ts';

let s: TestStack;

beforeAll(async () => {
  s = await startTestStack();
});
afterAll(() => s?.close());

const control = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${s.url}/platforms/_control${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });

describe('platform doubles on the stack', () => {
  it('are served at /platforms with the real paths below each base URL', async () => {
    const bases = platformBaseUrls(s.url);
    const made = (await (await control('/accounts', { platform: 'youtube', username: 'mounted', followers: 5 })).json()) as { account: { id: string } };
    expect(made.account.id).toMatch(/^UC/);
    const page = await fetch(`${bases.GOOGLE_AUTH_BASE}/o/oauth2/v2/auth?client_id=c&redirect_uri=${encodeURIComponent('http://localhost:5173/cb')}&response_type=code&scope=${encodeURIComponent('https://www.googleapis.com/auth/youtube.readonly')}`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('@mounted');
    const api = await fetch(`${bases.YOUTUBE_API_BASE}/youtube/v3/channels?part=statistics&mine=true`);
    expect(api.status).toBe(401);
    expect(await api.json()).toMatchObject({ error: { status: 'UNAUTHENTICATED' } });
  });

  it('refuse the test controls to a caller relayed from another machine', async () => {
    const res = await control('/reset', {}, { 'x-forwarded-for': '203.0.113.9' });
    expect(res.status).toBe(403);
  });
});
