import type { IncomingMessage } from 'node:http';
import { postgrestError } from './postgrest-error.ts';
import type { BodyKind } from './routine-lookup.ts';

/** How the body of a response is aggregated, after PostgREST's media handlers. */
export type ResponseFormat =
  | { kind: 'json'; strip: boolean; contentType: string }
  | { kind: 'single'; strip: boolean; contentType: string }
  | { kind: 'csv'; contentType: string };

function header(req: IncomingMessage, name: string): string | undefined {
  const v = req.headers[name];
  return Array.isArray(v) ? v.join(', ') : v;
}

function parseMediaType(text: string): { type: string; params: Map<string, string> } {
  const [type = '', ...params] = text.split(';').map((p) => p.trim());
  const map = new Map<string, string>();
  for (const p of params) {
    const eq = p.indexOf('=');
    if (eq > 0) map.set(p.slice(0, eq).trim().toLowerCase(), p.slice(eq + 1).trim().replace(/^"(.*)"$/, '$1'));
  }
  return { type: type.toLowerCase(), params: map };
}

/**
 * Content negotiation on Accept, in preference (q) order: JSON (also `*\/*`), the vendor array and
 * object types with optional `nulls=stripped`, and CSV. Anything else is 406 PGRST107, as when
 * PostgREST has no handler for it (GeoJSON and plans are not served here).
 */
export function negotiateFormat(req: IncomingMessage): ResponseFormat {
  const accept = header(req, 'accept');
  const offers = (accept ?? '*/*')
    .split(',')
    .map((part, i) => {
      const mt = parseMediaType(part);
      const q = Number(mt.params.get('q') ?? '1');
      return { ...mt, raw: part.trim(), q: Number.isNaN(q) ? 1 : q, i };
    })
    .filter((o) => o.raw !== '' && o.q > 0)
    .sort((a, b) => b.q - a.q || a.i - b.i);
  for (const { type, params } of offers) {
    const strip = params.get('nulls') === 'stripped';
    switch (type) {
      case '*/*':
      case 'application/json':
        return { kind: 'json', strip: false, contentType: 'application/json; charset=utf-8' };
      case 'application/vnd.pgrst.array+json':
      case 'application/vnd.pgrst.array':
        return strip
          ? { kind: 'json', strip: true, contentType: 'application/vnd.pgrst.array+json;nulls=stripped; charset=utf-8' }
          : { kind: 'json', strip: false, contentType: 'application/json; charset=utf-8' };
      case 'application/vnd.pgrst.object+json':
      case 'application/vnd.pgrst.object':
        return {
          kind: 'single',
          strip,
          contentType: `application/vnd.pgrst.object+json${strip ? ';nulls=stripped' : ''}; charset=utf-8`,
        };
      case 'text/csv':
        return { kind: 'csv', contentType: 'text/csv; charset=utf-8' };
    }
  }
  throw postgrestError(406, {
    code: 'PGRST107',
    message: `None of these media types are available: ${offers.map((o) => o.raw).join(', ')}`,
  });
}

/** The request body's media type (Content-Type; JSON when absent). */
export function bodyKind(req: IncomingMessage): { kind: BodyKind; mime: string } {
  const ct = header(req, 'content-type');
  if (ct === undefined) return { kind: 'json', mime: 'application/json' };
  const { type } = parseMediaType(ct);
  const kinds: Record<string, BodyKind> = {
    'application/json': 'json',
    'text/plain': 'text',
    'text/xml': 'xml',
    'application/octet-stream': 'bytea',
    'application/x-www-form-urlencoded': 'urlencoded',
    'text/csv': 'csv',
  };
  return { kind: kinds[type] ?? 'other', mime: type };
}

export interface Preferences {
  count: 'exact' | 'planned' | 'estimated' | undefined;
  handling: 'strict' | 'lenient' | undefined;
  /** Preferences PostgREST does not know (refused under handling=strict). */
  invalid: string[];
}

const KNOWN_PREFERENCES = [
  'resolution=merge-duplicates', 'resolution=ignore-duplicates', 'return=representation', 'return=minimal',
  'return=headers-only', 'count=exact', 'count=planned', 'count=estimated', 'tx=commit', 'tx=rollback',
  'missing=default', 'missing=null', 'handling=strict', 'handling=lenient',
];

/** The Prefer header(s), comma-separated; the first value of each kind wins. */
export function preferences(req: IncomingMessage): Preferences {
  const values = (header(req, 'prefer') ?? '')
    .split(',')
    .map((v) => v.trim())
    .filter((v) => v !== '');
  const first = <T extends string>(prefix: string, allowed: T[]) =>
    values.map((v) => (v.startsWith(prefix) ? v.slice(prefix.length) : undefined)).find((v): v is T => allowed.includes(v as T));
  return {
    count: first('count=', ['exact', 'planned', 'estimated']),
    handling: first('handling=', ['strict', 'lenient']),
    invalid: values.filter((v) => !KNOWN_PREFERENCES.includes(v) && !v.startsWith('timezone=') && !v.startsWith('max-affected=')),
  };
}
