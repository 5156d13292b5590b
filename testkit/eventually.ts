/**
 * Reads until `ok` holds (a webhook or a scheduled step lands a moment later), at most 30 s; then fails
 * with the last value read. Never an assertion on speed: only on the state reached.
 */
export async function eventually<T>(read: () => Promise<T>, ok: (v: T) => boolean, timeoutMs = 30_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const v = await read();
    if (ok(v)) return v;
    if (Date.now() > until) throw new Error(`never matched: ${JSON.stringify(v)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
