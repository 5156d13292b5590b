import type { IncomingMessage } from 'node:http';
import type { Readable } from 'node:stream';
import busboy from 'busboy';
import { errors } from './errors.ts';

export interface UploadBody {
  stream: Readable;
  mimeType: string;
  cacheControl: string;
  userMetadata: Record<string, unknown> | undefined;
}

/**
 * The file of an upload as the Storage server reads it (its fileUploadFromRequest): a multipart form
 * (storage-js sends a Blob or File that way, with `cacheControl` and `metadata` fields before the file)
 * or the raw body with its Content-Type, `cache-control` and base64 JSON `x-metadata` headers. The file
 * is streamed, never held in memory.
 */
export function readUploadBody(req: IncomingMessage): Promise<UploadBody> {
  const contentType = header(req, 'content-type') ?? '';
  if (!contentType.toLowerCase().startsWith('multipart/form-data')) {
    const xMetadata = header(req, 'x-metadata');
    return Promise.resolve({
      stream: req,
      mimeType: contentType || 'text/plain;charset=UTF-8',
      cacheControl: header(req, 'cache-control') ?? 'no-cache',
      userMetadata: xMetadata ? parseMetadata(Buffer.from(xMetadata, 'base64').toString('utf8')) : undefined,
    });
  }
  return new Promise((resolve, reject) => {
    let parser: busboy.Busboy;
    try {
      parser = busboy({ headers: req.headers, limits: { files: 1, fields: 20, fieldSize: 64 * 1024 } });
    } catch (e) {
      reject(errors.invalidRequest((e as Error).message));
      return;
    }
    const fields: Record<string, string> = {};
    let found = false;
    parser.on('field', (name, value) => {
      fields[name] = value;
    });
    parser.on('file', (_name, stream, info) => {
      found = true;
      const maxAge = fields.cacheControl;
      resolve({
        stream,
        mimeType: info.mimeType || 'text/plain;charset=UTF-8',
        cacheControl: maxAge ? `max-age=${maxAge}` : 'no-cache',
        userMetadata: fields.metadata ? parseMetadata(fields.metadata) : undefined,
      });
    });
    parser.on('error', (e: Error) => reject(errors.invalidRequest(e.message)));
    parser.on('close', () => {
      if (!found) reject(errors.invalidRequest('No content provided'));
    });
    req.pipe(parser);
  });
}

function parseMetadata(text: string): Record<string, unknown> {
  try {
    const v = JSON.parse(text) as unknown;
    if (v && typeof v === 'object' && !Array.isArray(v)) return v as Record<string, unknown>;
  } catch {
    // refused below
  }
  throw errors.invalidRequest('Invalid metadata');
}

export function header(req: IncomingMessage, name: string): string | undefined {
  const v = req.headers[name];
  return Array.isArray(v) ? v[0] : v;
}

/** Whether a bucket's allowed_mime_types admit a type (`image/*` wildcards, parameters ignored). */
export function mimeAllowed(allowed: string[] | null, mimeType: string): boolean {
  if (!allowed || allowed.length === 0) return true;
  const type = mimeType.split(';')[0]!.trim().toLowerCase();
  return allowed.some((a) => {
    const rule = a.trim().toLowerCase();
    if (rule.endsWith('/*')) return type.startsWith(rule.slice(0, -1));
    return rule === type;
  });
}
