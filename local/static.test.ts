import http from 'node:http';
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStaticHandler } from './static.ts';

let dir: string;
let server: http.Server;
let base: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'static-'));
  await mkdir(path.join(dir, 'assets'));
  await writeFile(path.join(dir, 'index.html'), '<!doctype html><title>app</title>');
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
