import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStack, type TestStack } from '../../testkit/test-stack.ts';

// Issue 31 item 3: hosted Edge Functions answer 504 when a function starts no response within the
// request idle timeout (150 s); the local runtime had no limit, so a function stuck on a silent upstream
// held its caller for minutes. FUNCTIONS_REQUEST_TIMEOUT_MS is set low here so the test takes seconds.

let stack: TestStack;
const logs: string[] = [];

beforeAll(async () => {
  stack = await startTestStack({
    // No Stripe double: the fixture project has none of the seed's payments it reads at start.
    env: { SUPABASE_DIR: 'local/functions/fixtures/supabase', FUNCTIONS_REQUEST_TIMEOUT_MS: '2000', STRIPE_DOUBLE: 'off' },
    log: (line) => logs.push(line),
  });
});

afterAll(async () => {
  await stack?.close();
});

/** A GET of the public echo fixture; the test's own abort (60 s) is the bound the old runtime exceeded. */
async function get(path: string) {
  const res = await fetch(`${stack.url}/functions/v1/public-echo/${path}`, { signal: AbortSignal.timeout(60_000) });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

describe('the per-request deadline of the functions runtime', () => {
  it('answers 504 when the function has not started its response in time, and serves the next request', async () => {
    // Warm the worker first: its boot is not part of the request's time.
    expect((await get('status?code=200')).status).toBe(200);
    expect(await get('wait?ms=600000')).toEqual({
      status: 504,
      body: { code: 'REQUEST_TIMEOUT', message: 'The function did not respond in time (request idle timeout)' },
    });
    expect(logs.some((l) => /public-echo: no response within 2000 ms: 504/.test(l))).toBe(true);
    expect(await get('wait?ms=10')).toEqual({ status: 200, body: { waited: true } });
  });

  it('does not cut a response that has started streaming', async () => {
    const res = await fetch(`${stack.url}/functions/v1/public-echo/stream`, { signal: AbortSignal.timeout(60_000) });
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('one\ntwo\nthree\n');
  });
});
