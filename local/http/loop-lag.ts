/**
 * How late this thread's timers fire: the time a request that has just arrived has already waited in line
 * for the thread (decision 0024). PGlite runs its queries on this same thread, so when the stack is past
 * what one core can do, requests wait in socket buffers and the event queue before any code of ours sees
 * them; only the loop's lateness shows that wait. It must be read as it is, not smoothed: measured on
 * PGlite at 3x its capacity, refusing from 100 ms of lateness kept every client answered, while waiting
 * for 250 ms, or for three late ticks in a row, let connections pile up until they timed out or were reset.
 */
export class LoopLag {
  readonly #timer: NodeJS.Timeout;
  #expected: number;
  #lagMs = 0;

  constructor(readonly intervalMs = 50) {
    this.#expected = performance.now() + intervalMs;
    this.#timer = setInterval(() => {
      const now = performance.now();
      this.#lagMs = Math.max(0, now - this.#expected);
      this.#expected = now + intervalMs;
    }, intervalMs);
    // Measuring must never keep a process alive.
    this.#timer.unref();
  }

  /** The lateness of the latest tick, or of the tick now overdue when the thread is busy still. */
  get lagMs(): number {
    return Math.max(this.#lagMs, performance.now() - this.#expected);
  }

  stop(): void {
    clearInterval(this.#timer);
  }
}
