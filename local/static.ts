import { createReadStream } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { gzipSync } from 'node:zlib';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { pageSecurityHeaders, parseHeadersFile } from '../web/build/security-headers.ts';
import { sendRaw } from './http/io.ts';
import { SERVER_DIR } from '../web/build/public-campaign-files.ts';
import type { PublicCampaignPage } from './public-campaign-page.ts';
import { injectPageMeta, type PageMeta } from './public-page-meta.ts';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
};

/**
 * Security headers of the SPA's HTML pages (ASVS 14.4): a strict Content-Security-Policy, no framing, no
 * sniffing, a strict referrer policy. They are the `/*` headers of the build's `_headers` file, the file a
 * static host reads (web/build/security-headers-plugin.ts writes it), so the stack and a host cannot send
 * different policies; a folder without one (an older build) gets the same headers computed from the page.
 */
const headerCache = new Map<string, { mtimeMs: number; headers: Record<string, string> }>();

async function cached(file: string, compute: (text: string) => Record<string, string>): Promise<Record<string, string> | undefined> {
  const info = await stat(file).catch(() => undefined);
  if (!info?.isFile()) return undefined;
  const hit = headerCache.get(file);
  if (hit && hit.mtimeMs === info.mtimeMs) return hit.headers;
  const headers = compute(await readFile(file, 'utf8'));
  headerCache.set(file, { mtimeMs: info.mtimeMs, headers });
  return headers;
}

async function pageHeaders(root: string, page: string): Promise<Record<string, string>> {
  return (
    (await cached(path.join(root, HEADERS_FILE), parseHeadersFile)) ?? (await cached(page, (html) => pageSecurityHeaders(html))) ?? {}
  );
}

/** The static host's configuration, never served as content (nor the build's server module, SERVER_DIR). */
const HEADERS_FILE = '_headers';

export interface StaticOptions {
  /** The title, description and Open Graph tags of a public page, written into index.html (null: as built). */
  pageMeta?: (pathname: string, req: IncomingMessage) => Promise<PageMeta | null>;
  /** A campaign page's first screen written in with its campaign (local/public-campaign-page.ts). */
  campaignPage?: PublicCampaignPage;
}

/**
 * Serves the built SPA: files under web/dist, hashed assets cached for a year, and index.html for any
 * other path so the client router can answer (its not-found screen included), with a public page's
 * preview tags written in when `pageMeta` has them (local/public-page-meta.ts).
 */
export function createStaticHandler(root: string, options: StaticOptions = {}) {
  const index = path.join(root, 'index.html');
  return async function serveStatic(req: IncomingMessage, res: ServerResponse, pathname: string): Promise<void> {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      sendRaw(res, 405, 'Method Not Allowed', { Allow: 'GET, HEAD' });
      return;
    }
    let decoded: string;
    try {
      decoded = decodeURIComponent(pathname);
    } catch {
      sendRaw(res, 400, 'Bad Request');
      return;
    }
    const file = path.join(root, path.normalize(decoded));
    if (file.startsWith(root + path.sep)) {
      const info = await stat(file).catch(() => undefined);
      if (info?.isFile() && file !== path.join(root, HEADERS_FILE) && !file.startsWith(path.join(root, SERVER_DIR) + path.sep)) {
        const immutable = decoded.startsWith('/assets/');
        return stream(req, res, file, info.size, {
          'Cache-Control': immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
          ...(path.extname(file) === '.html' ? await pageHeaders(root, file) : {}),
        });
      }
      if (path.extname(decoded) && decoded.startsWith('/assets/')) {
        sendRaw(res, 404, 'Not Found', { 'Content-Type': 'text/plain; charset=utf-8' });
        return;
      }
    }
    const info = await stat(index).catch(() => undefined);
    if (!info) {
      sendRaw(res, 503, 'The web app is not built yet: run `npm run build`.', { 'Content-Type': 'text/plain; charset=utf-8' });
      return;
    }
    const headers = { 'Cache-Control': 'no-cache', ...(await pageHeaders(root, index)) };
    // A preview that cannot be read (the database is down) is no reason to fail the page: served as built.
    const meta = options.pageMeta ? await options.pageMeta(decoded, req).catch(() => null) : null;
    if (!meta) return stream(req, res, index, info.size, headers);
    options.campaignPage?.warm();
    const html = injectPageMeta(await readFile(index, 'utf8'), meta);
    // A screen that cannot be written is no reason to fail the page either: the app draws it from its data.
    const page = meta.campaign && options.campaignPage ? await options.campaignPage.write(html, meta.campaign).catch(() => html) : html;
    return sendHtml(req, res, page, headers);
  };
}

/** A page written for this request: gzipped when accepted, never cached by path (it depends on the database). */
function sendHtml(req: IncomingMessage, res: ServerResponse, html: string, headers: Record<string, string>) {
  const gzip = /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''));
  const body = gzip ? gzipSync(html) : Buffer.from(html);
  res.writeHead(200, {
    'Content-Type': TYPES['.html']!,
    'Content-Length': String(body.length),
    ...(gzip ? { 'Content-Encoding': 'gzip' } : {}),
    Vary: 'Accept-Encoding, Accept-Language',
    ...headers,
  });
  res.end(req.method === 'HEAD' ? undefined : body);
}

const COMPRESSIBLE = new Set(['.html', '.js', '.css', '.json', '.svg', '.txt', '.webmanifest']);
/** Gzipped files by path and mtime: built assets never change while the process runs, so compress once. */
const gzipCache = new Map<string, { mtimeMs: number; body: Buffer }>();

async function gzipped(file: string): Promise<Buffer> {
  const info = await stat(file);
  const hit = gzipCache.get(file);
  if (hit && hit.mtimeMs === info.mtimeMs) return hit.body;
  const body = gzipSync(await readFile(file), { level: 9 });
  gzipCache.set(file, { mtimeMs: info.mtimeMs, body });
  return body;
}

async function stream(req: IncomingMessage, res: ServerResponse, file: string, size: number, headers: Record<string, string>) {
  if (COMPRESSIBLE.has(path.extname(file)) && /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''))) {
    const body = await gzipped(file);
    res.writeHead(200, {
      'Content-Type': TYPES[path.extname(file)] ?? 'application/octet-stream',
      'Content-Length': String(body.length),
      'Content-Encoding': 'gzip',
      Vary: 'Accept-Encoding',
      ...headers,
    });
    res.end(req.method === 'HEAD' ? undefined : body);
    return;
  }
  res.writeHead(200, {
    'Content-Type': TYPES[path.extname(file)] ?? 'application/octet-stream',
    'Content-Length': String(size),
    ...headers,
  });
  if (req.method === 'HEAD') {
    res.end();
    return;
  }
  return new Promise<void>((resolve) => {
    const s = createReadStream(file);
    s.on('error', () => {
      res.destroy();
      resolve();
    });
    s.on('end', resolve);
    s.pipe(res);
  });
}
