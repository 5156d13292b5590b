import { invalidParam, missingParam } from './stripe-error.ts';

export type JsonObject = { [key: string]: unknown };

function isObject(v: unknown): v is JsonObject {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/**
 * Typed access to an API v2 request's parameters: a JSON body (POST), or the query string in stripe-node's
 * bracket notation (GET), where every value arrives as a string. Errors name nested fields with dots
 * (`amount.value`), and parameters outside `supported` are refused like v1's unknown ones, naming what
 * the double implements, so a function that starts sending a new field learns it locally.
 */
export class JsonParams {
  constructor(
    readonly raw: JsonObject,
    supported: readonly string[],
    private readonly prefix = '',
  ) {
    for (const name of Object.keys(raw)) {
      if (!supported.includes(name)) {
        throw invalidParam(
          `Received unknown parameter: ${prefix}${name} (the local Stripe test double implements: ${supported.map((s) => prefix + s).join(', ') || 'none'})`,
          prefix + name,
          'parameter_unknown',
        );
      }
    }
  }

  static body(value: unknown): JsonObject {
    if (!isObject(value)) throw invalidParam('The request body must be a JSON object.');
    return value;
  }

  private path(name: string): string {
    return this.prefix + name;
  }

  has(name: string): boolean {
    return this.raw[name] !== undefined && this.raw[name] !== null;
  }

  string(name: string, opts: { required?: boolean; max?: number } = {}): string | undefined {
    const v = this.raw[name];
    if (v === undefined || v === null) {
      if (opts.required) throw missingParam(this.path(name));
      return undefined;
    }
    if (typeof v !== 'string') throw invalidParam(`Invalid string: ${this.path(name)} must be a string.`, this.path(name));
    if (v === '' && opts.required) throw invalidParam(`${this.path(name)} cannot be empty.`, this.path(name), 'parameter_invalid_empty');
    if (opts.max !== undefined && v.length > opts.max) {
      throw invalidParam(`Invalid string: ${this.path(name)} must be at most ${opts.max} characters long.`, this.path(name), 'string_length_too_long');
    }
    return v;
  }

  int(name: string, opts: { required?: boolean } = {}): number | undefined {
    const v = this.raw[name];
    if (v === undefined || v === null) {
      if (opts.required) throw missingParam(this.path(name));
      return undefined;
    }
    const n = typeof v === 'string' && /^-?\d+$/.test(v) ? Number(v) : v;
    if (typeof n !== 'number' || !Number.isSafeInteger(n)) {
      throw invalidParam(`Invalid integer: ${String(v)}`, this.path(name), 'parameter_invalid_integer');
    }
    return n;
  }

  bool(name: string): boolean | undefined {
    const v = this.raw[name];
    if (v === undefined || v === null) return undefined;
    if (v === true || v === 'true') return true;
    if (v === false || v === 'false') return false;
    throw invalidParam(`Invalid boolean: ${String(v)}`, this.path(name));
  }

  oneOf<T extends string>(name: string, values: readonly T[], opts: { required?: boolean } = {}): T | undefined {
    const v = this.string(name, opts);
    if (v === undefined) return undefined;
    if (!values.includes(v as T)) throw invalidParam(`Invalid ${this.path(name)}: must be one of ${values.join(', ')}`, this.path(name));
    return v as T;
  }

  /** A list of strings; the query string's `include[0]=a` arrives as a list too. */
  list(name: string): string[] | undefined {
    const v = this.raw[name];
    if (v === undefined || v === null) return undefined;
    if (!Array.isArray(v) || v.some((x) => typeof x !== 'string')) throw invalidParam('Invalid array: expected a list of strings.', this.path(name));
    return v as string[];
  }

  hash(name: string, supported: readonly string[], opts: { required?: boolean } = {}): JsonParams | undefined {
    const v = this.raw[name];
    if (v === undefined || v === null) {
      if (opts.required) throw missingParam(this.path(name));
      return undefined;
    }
    if (!isObject(v)) throw invalidParam(`Invalid object: ${this.path(name)} must be an object.`, this.path(name));
    return new JsonParams(v, supported, `${this.path(name)}.`);
  }

  /**
   * Metadata to merge: undefined when absent, otherwise the keys to set, where null (or '') removes a key.
   * Numbers are kept as strings, as stripe-node's MetadataParam allows them.
   */
  metadata(): Record<string, string | null> | undefined {
    const v = this.raw.metadata;
    if (v === undefined || v === null) return undefined;
    if (!isObject(v)) throw invalidParam('Invalid object: metadata must be an object.', this.path('metadata'));
    const out: Record<string, string | null> = {};
    for (const [key, value] of Object.entries(v)) {
      const param = `${this.path('metadata')}.${key}`;
      if (value !== null && typeof value !== 'string' && typeof value !== 'number') throw invalidParam('Invalid metadata: values must be strings.', param);
      if (key.length > 40) throw invalidParam(`Metadata keys can have up to 40 characters: ${key}`, param);
      const text = value === null || value === '' ? null : String(value);
      if (text !== null && text.length > 500) throw invalidParam('Metadata values can have up to 500 characters', param);
      out[key] = text;
    }
    return out;
  }
}

/** Applies a metadata update to stored metadata, refusing more than 50 keys. */
export function applyMetadata(current: Record<string, string>, update: Record<string, string | null> | undefined, param = 'metadata'): Record<string, string> {
  if (update === undefined) return current;
  const next = { ...current };
  for (const [k, v] of Object.entries(update)) {
    if (v === null) delete next[k];
    else next[k] = v;
  }
  if (Object.keys(next).length > 50) throw invalidParam('Metadata can have up to 50 keys', param);
  return next;
}

/** A request's parameters as canonical JSON (sorted keys), so equal parameters compare equal. */
export function canonicalJson(value: unknown): string {
  const sort = (v: unknown): unknown =>
    Array.isArray(v) ? v.map(sort) : isObject(v) ? Object.fromEntries(Object.keys(v).sort().map((k) => [k, sort(v[k])])) : v;
  return JSON.stringify(sort(value));
}
