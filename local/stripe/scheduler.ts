/**
 * Timers for the double's own delayed work (an OutboundPayment posting a moment after it is created).
 * What a timer does is saved in the state by its caller, so a restart re-arms it instead of losing it.
 */
export class Scheduler {
  private readonly timers = new Map<string, NodeJS.Timeout>();
  private readonly running = new Set<Promise<unknown>>();
  private closed = false;

  constructor(private readonly log: (line: string) => void) {}

  /** Runs `task` at `atMs` (at once if past), replacing a task already set under the same key. */
  at(key: string, atMs: number, task: () => Promise<void>): void {
    if (this.closed) return;
    const old = this.timers.get(key);
    if (old) clearTimeout(old);
    const timer = setTimeout(() => {
      this.timers.delete(key);
      const run = task()
        .catch((e: unknown) => this.log(`stripe: scheduled ${key} failed: ${(e as Error)?.stack ?? String(e)}`))
        .finally(() => this.running.delete(run));
      this.running.add(run);
    }, Math.max(0, atMs - Date.now()));
    this.timers.set(key, timer);
  }

  get busy(): boolean {
    return this.timers.size > 0 || this.running.size > 0;
  }

  /** Resolves when nothing is scheduled or running (tests wait on it). */
  async idle(): Promise<void> {
    while (this.busy) {
      await Promise.race([...this.running, new Promise((r) => setTimeout(r, 10))]);
    }
  }

  close(): void {
    this.closed = true;
    for (const t of this.timers.values()) clearTimeout(t);
    this.timers.clear();
  }
}
