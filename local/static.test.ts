import http from 'node:http';
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { createHash } from 'node:crypto';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { headersFile, pageSecurityHeaders } from '../web/build/security-headers.ts';
import { createStaticHandler } from './static.ts';

const INLINE = 'document.documentElement.dataset.preload = "1";';
let dir: string;
let server: http.Server;
let base: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'static-'));
  await mkdir(path.join(dir, 'assets'));
  await writeFile(path.join(dir, 'index.html'), `<!doctype html><title>app</title><script>${INLINE}</script>`);
  await mkdir(path.join(dir, 'legal'));
  await writeFile(path.join(dir, 'legal', 'terms.html'), '<!doctype html><title>terms</title>');
  await writeFile(path.join(dir, 'assets', 'app-abc123.js'), 'console.log("hi");'.repeat(50));
  await writeFile(path.join(os.tmpdir(), 'secret-outside.txt'), 'secret');
  const serve = createStaticHandler(dir);
  server = http.createServer((req, res) => void serve(req, res, new URL(req.url!, 'http://x').pathname));
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.close();
  await rm(dir, { recursive: true, force: true });
});

describe('static SPA serving', () => {
  it('serves hashed assets with a year of caching', async () => {
    const res = await fetch(`${base}/assets/app-abc123.js`, { headers: { 'accept-encoding': 'identity' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/javascript');
    expect(res.headers.get('cache-control')).toContain('immutable');
  });

  it('gzips text assets for clients that accept it', async () => {
    const res = await new Promise<http.IncomingMessage>((resolve) =>
      http.get(`${base}/assets/app-abc123.js`, { headers: { 'accept-encoding': 'gzip' } }, resolve),
    );
    const chunks: Buffer[] = [];
    for await (const c of res) chunks.push(c as Buffer);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(Buffer.concat(chunks)).toString()).toContain('console.log("hi")');
  });

  it('answers index.html for client routes (SPA fallback) without caching', async () => {
    const res = await fetch(`${base}/campaigns/123`);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('<title>app</title>');
    expect(res.headers.get('cache-control')).toBe('no-cache');
    expect(res.headers.get('x-frame-options')).toBe('DENY');
  });

  it('answers 404 for a missing asset instead of the page', async () => {
    expect((await fetch(`${base}/assets/missing-1.js`)).status).toBe(404);
  });

  it('never serves files outside the build folder', async () => {
    const res = await new Promise<http.IncomingMessage>((resolve) =>
      http.get({ host: '127.0.0.1', port: (server.address() as AddressInfo).port, path: '/../secret-outside.txt' }, resolve),
    );
    let body = '';
    for await (const c of res) body += c;
    expect(body).not.toContain('secret');
    const encoded = await fetch(`${base}/%2e%2e/secret-outside.txt`);
    expect(await encoded.text()).not.toContain('secret');
  });

  it('refuses writes', async () => {
    expect((await fetch(`${base}/`, { method: 'POST' })).status).toBe(405);
  });
});

/** One directive of a policy: its sources, or undefined when absent. */
function directive(policy: string, name: string): string[] | undefined {
  const found = policy.split(';').map((d) => d.trim().split(/\s+/)).find(([n]) => n === name);
  return found?.slice(1);
}

describe('Content-Security-Policy of the SPA', () => {
  it('is strict: self, Stripe where Stripe.js needs it, the inline preload script by its hash only', async () => {
    const res = await fetch(`${base}/campaigns`);
    const policy = res.headers.get('content-security-policy') ?? '';
    const hash = `'sha256-${createHash('sha256').update(INLINE).digest('base64')}'`;
    // Each directive once: a browser ignores a repeated one and says so in the console (two branches once
    // added the same media-src).
    const names = policy.split(';').map((d) => d.trim().split(/\s+/)[0]).filter(Boolean);
    expect(names).toEqual([...new Set(names)]);
    expect(directive(policy, 'default-src')).toEqual(["'self'"]);
    expect(directive(policy, 'script-src')).toEqual(["'self'", hash, 'https://js.stripe.com', 'https://*.js.stripe.com']);
    expect(directive(policy, 'style-src')).toEqual(["'self'"]);
    expect(directive(policy, 'img-src')).toEqual(["'self'", 'data:', 'https:']);
    expect(directive(policy, 'media-src')).toEqual(["'self'"]);
    expect(directive(policy, 'connect-src')).toEqual(["'self'", 'https://api.stripe.com']);
    expect(directive(policy, 'frame-src')).toEqual(['https://js.stripe.com', 'https://*.js.stripe.com', 'https://hooks.stripe.com']);
    expect(directive(policy, 'object-src')).toEqual(["'none'"]);
    expect(directive(policy, 'base-uri')).toEqual(["'self'"]);
    expect(directive(policy, 'form-action')).toEqual(["'self'"]);
    expect(directive(policy, 'frame-ancestors')).toEqual(["'none'"]);
    expect(policy).not.toContain('unsafe');
  });

  it('goes with every HTML page, not with assets', async () => {
    expect((await fetch(`${base}/legal/terms.html`)).headers.get('content-security-policy')).toContain("default-src 'self'");
    expect((await fetch(`${base}/assets/app-abc123.js`)).headers.get('content-security-policy')).toBeNull();
  });

  it("is the build's _headers file when there is one (what static hosts send), so the two cannot differ", async () => {
    const built = await mkdtemp(path.join(os.tmpdir(), 'static-headers-'));
    try {
      const html = '<!doctype html><title>built</title><script>window.x = 1</script>';
      await writeFile(path.join(built, 'index.html'), html);
      const headers = pageSecurityHeaders(html, { supabaseUrl: 'https://abcd.supabase.co' });
      await writeFile(path.join(built, '_headers'), headersFile(headers));
      const serve = createStaticHandler(built);
      const other = http.createServer((req, res) => void serve(req, res, new URL(req.url!, 'http://x').pathname));
      await new Promise<void>((r) => other.listen(0, '127.0.0.1', r));
      try {
        const url = `http://127.0.0.1:${(other.address() as AddressInfo).port}`;
        const res = await fetch(`${url}/settings`);
        for (const [name, value] of Object.entries(headers)) expect(res.headers.get(name)).toBe(value);
        expect(directive(res.headers.get('content-security-policy')!, 'connect-src')).toEqual([
          "'self'",
          'https://abcd.supabase.co',
          'wss://abcd.supabase.co',
          'https://api.stripe.com',
        ]);
        // The file itself is the host's configuration, not content.
        expect(await (await fetch(`${url}/_headers`)).text()).toContain('<title>built</title>');
      } finally {
        other.close();
      }
    } finally {
      await rm(built, { recursive: true, force: true });
    }
  });
});
