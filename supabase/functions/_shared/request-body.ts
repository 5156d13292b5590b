import { HttpError } from './http-error.ts';

/**
 * The largest request body a function reads: 1 MiB, the local gateway's MAX_BODY_BYTES default. A hosted
 * project runs the functions without that gateway in front, so each function enforces it itself: no
 * function needs more, and a 60 MB body once took a worker from 275 to 680 MB.
 */
export const MAX_BODY_BYTES = 1024 * 1024;

/** 413 with a stable code; the declared or read size is over the limit. */
export function bodyTooLarge(maxBytes: number): HttpError {
  return new HttpError(413, `Request body too large (at most ${maxBytes} bytes)`, 'body_too_large');
}

/**
 * The body as text, refused with 413 before reading when Content-Length is over the limit, and as soon as
 * the bytes read pass it when no length was declared (chunked), so a huge body is never held in memory.
 */
export async function readBodyText(req: Request, maxBytes = MAX_BODY_BYTES): Promise<string> {
  const declared = Number(req.headers.get('content-length') ?? '');
  if (Number.isFinite(declared) && declared > maxBytes) {
    await req.body?.cancel().catch(() => undefined);
    throw bodyTooLarge(maxBytes);
  }
  if (!req.body) return '';
  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel().catch(() => undefined);
      throw bodyTooLarge(maxBytes);
    }
    chunks.push(value);
  }
  const all = new Uint8Array(size);
  let at = 0;
  for (const c of chunks) {
    all.set(c, at);
    at += c.byteLength;
  }
  return new TextDecoder().decode(all);
}

/** A JSON body (any JSON value), 400 bad_json when it does not parse, 413 when too large. */
export async function readJsonBody(req: Request, maxBytes = MAX_BODY_BYTES): Promise<unknown> {
  const text = await readBodyText(req, maxBytes);
  try {
    return JSON.parse(text);
  } catch {
    throw new HttpError(400, 'Expected a JSON object', 'bad_json');
  }
}
