import type { IncomingMessage } from 'node:http';
import { readBody } from '../http/io.ts';
import { errors } from './errors.ts';

/** A JSON object body, refused in the server's (Fastify's) words when it is not one. */
export async function readJson(req: IncomingMessage, maxBytes: number): Promise<Record<string, unknown>> {
  const raw = (await readBody(req, maxBytes)).toString('utf8');
  if (!raw.trim()) throw errors.invalidRequest('Body cannot be empty when content-type is set to \'application/json\'');
  try {
    const v = JSON.parse(raw) as unknown;
    if (v && typeof v === 'object' && !Array.isArray(v)) return v as Record<string, unknown>;
  } catch {
    // refused below
  }
  throw errors.invalidRequest('body must be object');
}
