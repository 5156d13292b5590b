import { createHash, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createPlatformDoubles, platformBaseUrls, type PlatformDoubles } from './index.ts';

/** The doubles alone on a loopback port, mounted at /platforms as the stack mounts them. */
export interface DoublesHarness {
  url: string;
  bases: ReturnType<typeof platformBaseUrls>;
  doubles: PlatformDoubles;
  control<T = Record<string, unknown>>(path: string, body?: unknown): Promise<T>;
  close(): Promise<void>;
}

export async function startDoubles(): Promise<DoublesHarness> {
  const doubles = createPlatformDoubles({});
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    doubles.handle(req, res, url.pathname.slice('/platforms'.length), url).catch((e: unknown) => {
      res.writeHead(500);
      res.end(String(e));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    bases: platformBaseUrls(url),
    doubles,
    async control<T>(path: string, body: unknown = {}): Promise<T> {
      const res = await fetch(`${url}/platforms/_control${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
      if (!res.ok) throw new Error(`control ${path}: ${res.status} ${await res.text()}`);
      return (await res.json()) as T;
    },
    close: () => new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    }),
  };
}

export function pkcePair(): { verifier: string; challenge: string } {
  const verifier = randomBytes(48).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

/** Opens the consent page, checks it, and answers it as the user would; returns where the browser is sent. */
export async function consent(authorizeUrl: string, decision: 'allow' | 'deny', account?: string, headers: Record<string, string> = {}): Promise<{ location: URL; page: string }> {
  const page = await fetch(authorizeUrl, { headers });
  if (page.status !== 200) throw new Error(`consent page: ${page.status} ${await page.text()}`);
  const html = await page.text();
  const pending = /name="pending" value="([^"]+)"/.exec(html)?.[1];
  if (!pending) throw new Error('no pending field on the consent page');
  const form = new URLSearchParams({ pending, decision, ...(account ? { account } : {}) });
  const answer = await fetch(authorizeUrl, { method: 'POST', body: form, headers: { 'content-type': 'application/x-www-form-urlencoded' }, redirect: 'manual' });
  if (answer.status !== 302) throw new Error(`consent answer: ${answer.status} ${await answer.text()}`);
  return { location: new URL(answer.headers.get('location')!), page: html };
}

export function postForm(url: string, fields: Record<string, string>): Promise<Response> {
  return fetch(url, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(fields) });
}

export interface CreatedAccount {
  account: { id: string; username: string };
  /** shortCode: TikTok's only, the code of the video's share link. */
  posts: { id: string; createdAtMs: number; shortCode?: string }[];
}
