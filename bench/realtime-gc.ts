import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/**
 * A full garbage collection before a memory reading, so the figure is what is retained rather than what
 * is waiting to be collected. Uses gc() when node runs with --expose-gc, else exposes it for this call.
 */
export async function collectGarbage(): Promise<void> {
  let gc = (globalThis as { gc?: () => void }).gc;
  if (!gc) {
    setFlagsFromString('--expose-gc');
    gc = runInNewContext('gc') as () => void;
  }
  for (let i = 0; i < 3; i++) {
    gc();
    await new Promise((r) => setImmediate(r));
  }
}
