/**
 * The few assertions the functions' `deno test` files need. Deno's std/assert lives on JSR, which is not
 * reachable here, and node:assert's types would need @types/node inside Deno.
 */
export class AssertionError extends Error {
  override name = 'AssertionError';
}

/** Structural equality through a stable JSON form (plain data only: objects, arrays, primitives). */
export function assertEquals(actual: unknown, expected: unknown, message?: string): void {
  const a = stable(actual);
  const e = stable(expected);
  if (a !== e) throw new AssertionError(`${message ? `${message}: ` : ''}expected ${e}, got ${a}`);
}

export function assertMatch(actual: string, pattern: RegExp, message?: string): void {
  if (!pattern.test(actual)) throw new AssertionError(`${message ? `${message}: ` : ''}${JSON.stringify(actual)} does not match ${pattern}`);
}

export function assertNotMatch(actual: string, pattern: RegExp): void {
  if (pattern.test(actual)) throw new AssertionError(`${JSON.stringify(actual)} matches ${pattern}`);
}

export function assert(condition: unknown, message = 'assertion failed'): asserts condition {
  if (!condition) throw new AssertionError(message);
}

/** The error fn throws; fails when it does not throw. */
export function assertThrows(fn: () => unknown): unknown {
  try {
    fn();
  } catch (e) {
    return e;
  }
  throw new AssertionError('expected an error');
}

function stable(value: unknown): string {
  return JSON.stringify(value, (_k, v) =>
    v && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => a.localeCompare(b))) : v,
  ) ?? 'undefined';
}

export async function assertRejects(fn: () => Promise<unknown>): Promise<unknown> {
  try {
    await fn();
  } catch (e) {
    return e;
  }
  throw new AssertionError('expected a rejection');
}
