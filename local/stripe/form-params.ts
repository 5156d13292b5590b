/** A decoded Stripe parameter: a string, a list or a hash, as `a[b][0]=v` bracket notation nests them. */
export type FormValue = string | FormValue[] | FormHash;
export interface FormHash {
  [key: string]: FormValue;
}

/**
 * Decodes an application/x-www-form-urlencoded body or query string in Stripe's bracket notation:
 * `metadata[deliverable_id]=d1`, `expand[0]=latest_charge` (what stripe-node sends) or `expand[]=x`.
 * Hashes whose keys are all indexes become lists, except under `metadata`, whose keys are free text.
 * Hashes have no prototype, so a key like `__proto__` is plain data.
 */
export function parseStripeParams(text: string): FormHash {
  const root: FormHash = Object.create(null);
  for (const [rawKey, value] of new URLSearchParams(text)) {
    const path = splitKey(rawKey);
    if (!path) continue;
    let node: FormHash = root;
    for (let i = 0; i < path.length - 1; i++) {
      const part = path[i] === '' ? String(Object.keys(node).length) : path[i]!;
      const next = node[part];
      if (next === undefined || typeof next === 'string' || Array.isArray(next)) node[part] = Object.create(null);
      node = node[part] as FormHash;
    }
    const last = path[path.length - 1]!;
    node[last === '' ? String(Object.keys(node).length) : last] = value;
  }
  for (const k of Object.keys(root)) root[k] = listify(root[k]!, k === 'metadata');
  return root;
}

/** `a[b][]` -> ['a', 'b', '']; undefined for a malformed key such as `a[b`. */
function splitKey(key: string): string[] | undefined {
  const m = /^([^[\]]+)((?:\[[^[\]]*\])*)$/.exec(key);
  if (!m) return undefined;
  const parts = [m[1]!];
  for (const sub of m[2]!.matchAll(/\[([^[\]]*)\]/g)) parts.push(sub[1]!);
  return parts;
}

function listify(value: FormValue, freeKeys: boolean): FormValue {
  if (typeof value === 'string' || Array.isArray(value)) return value;
  const keys = Object.keys(value);
  if (!freeKeys && keys.length > 0 && keys.every((k) => /^\d+$/.test(k))) {
    return keys.sort((a, b) => Number(a) - Number(b)).map((k) => listify(value[k]!, false));
  }
  for (const k of keys) value[k] = listify(value[k]!, k === 'metadata');
  return value;
}
