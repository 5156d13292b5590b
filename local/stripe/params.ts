import type { FormHash, FormValue } from './form-params.ts';
import { invalidParam, missingParam, StripeApiError } from './stripe-error.ts';

/** Metadata as Stripe stores it: string values, at most 50 keys of 40 characters, values of 500. */
export type Metadata = Record<string, string>;

/**
 * Typed access to one request's parameters with Stripe's validation errors. Parameters outside
 * `supported` are refused like Stripe refuses unknown ones, naming what this double implements, so a
 * function that starts using a new parameter learns it here instead of in production.
 */
export class Params {
  constructor(
    readonly raw: FormHash,
    supported: readonly string[],
  ) {
    for (const name of Object.keys(raw)) {
      if (!supported.includes(name)) {
        throw invalidParam(
          `Received unknown parameter: ${name} (the local Stripe test double implements: ${supported.join(', ') || 'none'})`,
          name,
          'parameter_unknown',
        );
      }
    }
  }

  has(name: string): boolean {
    return this.raw[name] !== undefined;
  }

  string(name: string, opts: { required?: boolean; max?: number } = {}): string | undefined {
    const v = this.raw[name];
    if (v === undefined) {
      if (opts.required) throw missingParam(name);
      return undefined;
    }
    if (typeof v !== 'string') throw invalidParam(`Invalid string: ${name} must be a string.`, name);
    if (v === '' && opts.required) throw emptyValue(name);
    if (opts.max !== undefined && v.length > opts.max) {
      throw invalidParam(`Invalid string: ${name} must be at most ${opts.max} characters long.`, name, 'string_length_too_long');
    }
    return v;
  }

  /** A string that may be unset with an empty value: '' -> null. */
  nullableString(name: string, max = 5000): string | null | undefined {
    const v = this.string(name, { max });
    return v === '' ? null : v;
  }

  int(name: string, opts: { required?: boolean } = {}): number | undefined {
    const v = this.string(name, opts);
    if (v === undefined) return undefined;
    if (v === '') throw emptyValue(name);
    if (!/^-?\d+$/.test(v) || !Number.isSafeInteger(Number(v))) {
      throw invalidParam(`Invalid integer: ${v}`, name, 'parameter_invalid_integer');
    }
    return Number(v);
  }

  bool(name: string): boolean | undefined {
    const v = this.string(name);
    if (v === undefined) return undefined;
    if (v !== 'true' && v !== 'false') throw invalidParam(`Invalid boolean: ${v}`, name);
    return v === 'true';
  }

  oneOf<T extends string>(name: string, values: readonly T[]): T | undefined {
    const v = this.string(name);
    if (v === undefined) return undefined;
    if (!values.includes(v as T)) {
      throw invalidParam(`Invalid ${name}: must be one of ${values.join(', ')}`, name);
    }
    return v as T;
  }

  list(name: string): string[] | undefined {
    const v = this.raw[name];
    if (v === undefined) return undefined;
    if (v === '') return [];
    if (!Array.isArray(v) || v.some((x) => typeof x !== 'string')) throw invalidParam(`Invalid array`, name);
    return v as string[];
  }

  /** A nested hash, with its own supported keys. */
  hash(name: string, supported: readonly string[]): Params | undefined {
    const v = this.raw[name];
    if (v === undefined) return undefined;
    if (typeof v === 'string' || Array.isArray(v)) throw invalidParam(`Invalid hash`, name);
    try {
      return new Params(v, supported);
    } catch (e) {
      if (e instanceof StripeApiError && e.body.param) e.body.param = `${name}[${e.body.param}]`;
      throw e;
    }
  }

  /**
   * Metadata to merge into the stored one: undefined when absent, null when unset with `metadata=`,
   * otherwise the keys to set; a key sent empty (`metadata[k]=`) is removed, as Stripe does.
   */
  metadata(): Record<string, string> | null | undefined {
    const v = this.raw.metadata;
    if (v === undefined) return undefined;
    if (v === '') return null;
    if (typeof v === 'string' || Array.isArray(v)) throw invalidParam('Invalid hash', 'metadata');
    const out: Record<string, string> = {};
    for (const [key, value] of Object.entries(v as Record<string, FormValue>)) {
      if (typeof value !== 'string') throw invalidParam(`Invalid metadata: values must be strings`, `metadata[${key}]`);
      if (key.length > 40) throw invalidParam(`Metadata keys can have up to 40 characters: ${key}`, `metadata[${key}]`);
      if (value.length > 500) throw invalidParam(`Metadata values can have up to 500 characters`, `metadata[${key}]`);
      out[key] = value;
    }
    return out;
  }
}

function emptyValue(name: string) {
  return invalidParam(
    `You passed an empty string for '${name}'. We assume empty values are an attempt to unset a parameter; however '${name}' cannot be unset. You should remove '${name}' from your request or supply a non-empty value.`,
    name,
    'parameter_invalid_empty',
  );
}

/** Applies a metadata update (see Params.metadata) to stored metadata, refusing more than 50 keys. */
export function mergeMetadata(current: Metadata, update: Record<string, string> | null | undefined): Metadata {
  if (update === undefined) return current;
  if (update === null) return {};
  const next = { ...current };
  for (const [k, v] of Object.entries(update)) {
    if (v === '') delete next[k];
    else next[k] = v;
  }
  if (Object.keys(next).length > 50) throw invalidParam('Metadata can have up to 50 keys', 'metadata');
  return next;
}

/** Validates the `expand` list against what an endpoint can expand. */
export function expandList(params: Params, expandable: readonly string[]): string[] {
  const list = params.list('expand') ?? [];
  for (const path of list) {
    if (!expandable.includes(path)) throw invalidParam(`This property cannot be expanded (${path}).`, 'expand');
  }
  return list;
}
