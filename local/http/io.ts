import type { IncomingMessage, ServerResponse } from 'node:http';
import { HttpError } from './http-error.ts';

/** Reads the whole body, refusing more than maxBytes with 413 as the gateway does. */
export async function readBody(req: IncomingMessage, maxBytes: number): Promise<Buffer> {
  const declared = Number(req.headers['content-length'] ?? 0);
  if (declared > maxBytes) throw tooLarge();
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > maxBytes) throw tooLarge();
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

/** The gateway's 413 (the body is never read past the limit). */
export function tooLarge(): HttpError {
  return new HttpError(413, { message: 'Request Entity Too Large' });
}

export function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  sendRaw(res, status, JSON.stringify(body), { 'Content-Type': 'application/json; charset=utf-8', ...headers });
}

/** Sends an already-serialized body (RPC results arrive from Postgres as JSON text). */
export function sendRaw(
  res: ServerResponse,
  status: number,
  body: string | Buffer | undefined,
  headers: Record<string, string> = {},
): void {
  if (res.headersSent) return;
  for (const [k, v] of Object.entries(headers)) res.setHeader(k, v);
  if (body === undefined) {
    res.writeHead(status);
    res.end();
    return;
  }
  res.setHeader('Content-Length', Buffer.byteLength(body));
  res.writeHead(status);
  res.end(body);
}
