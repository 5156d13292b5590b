import type { IncomingMessage, ServerResponse } from 'node:http';
import type { StackContext } from '../context.ts';
import { readBody } from '../http/io.ts';
import { AuthApiError } from './errors.ts';

/** The header auth-js always sends; its presence selects the `{code, message}` error shape. */
export const API_VERSION_HEADER = 'X-Supabase-Api-Version';
export const API_VERSION_2024 = '2024-01-01';

/** One request as the route handlers see it. */
export interface AuthRequest {
  ctx: StackContext;
  req: IncomingMessage;
  res: ServerResponse;
  url: URL;
  /** Path parameters captured by the route pattern. */
  params: string[];
}

/**
 * True when the client asked for API version 2024-01-01 or later (GoTrue picks the closest known
 * version; anything unparsable falls back to the initial, legacy one).
 */
export function wantsVersion2024(req: IncomingMessage): boolean {
  const raw = req.headers[API_VERSION_HEADER.toLowerCase()];
  const value = (Array.isArray(raw) ? raw[0] : raw)?.trim() ?? '';
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value) || Number.isNaN(Date.parse(value))) return false;
  return value >= API_VERSION_2024;
}

export type JsonBody = Record<string, unknown>;

const badJson = (detail: string) =>
  new AuthApiError(400, 'bad_json', `Could not parse request body as JSON: ${detail}`);

/** Reads the body as a JSON object, failing like GoTrue's retrieveRequestParams (400 bad_json). */
export async function readJsonBody(r: AuthRequest): Promise<JsonBody> {
  const raw = (await readBody(r.req, r.ctx.config.maxBodyBytes)).toString('utf8');
  if (raw.trim() === '') throw badJson('unexpected end of JSON input');
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch (e) {
    throw badJson((e as Error).message);
  }
  if (parsed === null) return {};
  if (typeof parsed !== 'object' || Array.isArray(parsed)) {
    throw badJson(`json: cannot unmarshal ${Array.isArray(parsed) ? 'array' : typeof parsed} into Go value of type object`);
  }
  return parsed as JsonBody;
}

function typeError(field: string, expected: string, value: unknown): AuthApiError {
  const got = Array.isArray(value) ? 'array' : typeof value;
  return badJson(`json: cannot unmarshal ${got} into Go struct field .${field} of type ${expected}`);
}

/** A string field; null or absent is undefined, any other type is bad_json as Go's decoder says. */
export function stringField(body: JsonBody, field: string): string | undefined {
  const v = body[field];
  if (v === undefined || v === null) return undefined;
  if (typeof v !== 'string') throw typeError(field, 'string', v);
  return v;
}

export function boolField(body: JsonBody, field: string): boolean | undefined {
  const v = body[field];
  if (v === undefined || v === null) return undefined;
  if (typeof v !== 'boolean') throw typeError(field, 'bool', v);
  return v;
}

/** An object field (metadata maps). */
export function objectField(body: JsonBody, field: string): Record<string, unknown> | undefined {
  const v = body[field];
  if (v === undefined || v === null) return undefined;
  if (typeof v !== 'object' || Array.isArray(v)) throw typeError(field, 'map[string]interface {}', v);
  return v as Record<string, unknown>;
}
