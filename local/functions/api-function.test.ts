import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStack, type TestStack } from '../../testkit/test-stack.ts';

// The real supabase/ folder: its config.toml and its `api` function behind /api/*.
let stack: TestStack;
beforeAll(async () => {
  stack = await startTestStack();
});
afterAll(async () => {
  await stack?.close();
});

describe('the api function behind /api', () => {
  it('answers GET /api/health without any token (verify_jwt = false)', async () => {
    const res = await fetch(`${stack.url}/api/health`);
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(await res.json()).toEqual({ status: 'ok' });
  });

  it('answers 404 with a plain-text reason for unknown /api paths', async () => {
    for (const [method, path] of [['GET', '/api/unknown'], ['GET', '/api'], ['GET', '/api/health/x']]) {
      const res = await fetch(`${stack.url}${path}`, { method });
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(await res.text()).toBe('Not found');
    }
  });

  it('answers 405 with Allow for a known path and another method, the health check included', async () => {
    const res = await fetch(`${stack.url}/api/health`, { method: 'POST' });
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('GET');
    expect(await res.text()).toBe('Method not allowed');
  });

  it('is the same function under /functions/v1/api', async () => {
    const res = await fetch(`${stack.url}/functions/v1/api/health`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'ok' });
  });

  it('answers OPTIONS with the shared CORS headers', async () => {
    const res = await fetch(`${stack.url}/api/anything`, { method: 'OPTIONS' });
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('ok');
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(res.headers.get('access-control-allow-methods')).toBe('GET, POST, PUT, PATCH, DELETE, OPTIONS');
    expect(res.headers.get('access-control-allow-headers')).toContain('authorization, x-client-info, apikey, content-type');
  });
});
