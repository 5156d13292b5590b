/** JSON with sorted keys, so equal parameters give equal text whatever the client's key order. */
function canonical(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(canonical).join(',')}]`;
  if (v && typeof v === 'object') {
    return `{${Object.keys(v)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical((v as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(v) ?? 'null';
}

/**
 * The id of a postgres_changes binding. Realtime uses :erlang.phash2(params), a 27-bit hash of the binding's
 * parameters; any stable 27-bit hash keeps the same contract (equal bindings share an id, ids are small ints).
 */
export function bindingId(params: unknown): number {
  let h = 0x811c9dc5;
  const s = canonical(params);
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h & 0x7ffffff;
}
