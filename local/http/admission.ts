import { HttpError } from './http-error.ts';

/**
 * How many database-bound requests run at once, and how long one may wait for its turn (decision 0024).
 * PGlite answers one query at a time: without a bound, a burst beyond what it can serve queues inside the
 * database's mutex, where nothing can be refused or cancelled, until clients give up on timeouts while the
 * stack keeps working for them. Waiting here instead lets the stack say "busy, come back in n seconds".
 */
export interface AdmissionLimits {
  /** Requests allowed past the gate at once; 0 turns the gate off. */
  concurrency: number;
  /** Longest wait for a turn: a request expected to wait longer is refused at once, one that did is refused then. */
  maxWaitMs: number;
  /**
   * Longest the thread may run behind before new requests are refused at once: they have waited that long
   * already, before the gate could see them (see LoopLag). 0 turns this check off.
   */
  maxLagMs: number;
}

export interface AdmissionStats {
  admitted: number;
  shed: number;
  active: number;
  queued: number;
}

interface Waiter {
  admit: () => void;
  timer: NodeJS.Timeout;
}

/** Weight of the newest sample in the running mean of how long an admitted request holds its turn. */
const SMOOTHING = 0.2;

/**
 * A FIFO gate. A request either gets its turn (and then runs to completion: a refused request has done
 * nothing, so a write is never cut in half) or is refused with 503 and Retry-After before its handler runs.
 */
export class AdmissionGate {
  readonly #limits: AdmissionLimits;
  readonly #queue: Waiter[] = [];
  #active = 0;
  /** Running mean of a turn's length (ms); with concurrency C, the k-th in line waits about k * mean / C. */
  #holdMs = 0;
  #admitted = 0;
  #shed = 0;

  readonly #lag: () => number;

  /** `lag` tells how far behind the thread is running (LoopLag's); none, and the check is off. */
  constructor(limits: AdmissionLimits, lag: () => number = () => 0) {
    this.#limits = limits;
    this.#lag = lag;
  }

  get stats(): AdmissionStats {
    return { admitted: this.#admitted, shed: this.#shed, active: this.#active, queued: this.#queue.length };
  }

  /** The wait the next request in line can expect, from the turns measured so far. */
  expectedWaitMs(): number {
    return ((this.#queue.length + 1) * this.#holdMs) / Math.max(1, this.#limits.concurrency);
  }

  /**
   * Waits for a turn and returns the function that gives it back; throws the 503 when the wait is or
   * would be too long. `gone` aborts a queued wait when the client has hung up (its answer would go
   * nowhere, so its turn goes to someone still waiting).
   */
  async enter(gone?: AbortSignal): Promise<() => void> {
    if (this.#limits.concurrency === 0) return () => undefined;
    // Refusing costs a few header bytes; serving costs queries on the thread that is already late. Shedding
    // now is what lets it catch up, so those who are admitted are answered in time.
    const lag = this.#lag();
    if (this.#limits.maxLagMs > 0 && lag > this.#limits.maxLagMs) throw this.#refuse(lag);
    if (this.#active < this.#limits.concurrency && this.#queue.length === 0) {
      this.#active += 1;
      return this.#turn();
    }
    const expected = this.expectedWaitMs();
    if (expected > this.#limits.maxWaitMs) throw this.#refuse(expected);
    await new Promise<void>((resolve, reject) => {
      const waiter: Waiter = {
        admit: () => {
          gone?.removeEventListener('abort', onGone);
          resolve();
        },
        timer: setTimeout(() => {
          this.#drop(waiter);
          reject(this.#refuse(this.expectedWaitMs()));
        }, this.#limits.maxWaitMs),
      };
      const onGone = () => {
        this.#drop(waiter);
        // nginx's 499: nobody reads this answer, it only keeps the error handler from logging a crash.
        reject(new HttpError(499, { message: 'Client closed the request while it waited for its turn' }));
      };
      gone?.addEventListener('abort', onGone, { once: true });
      this.#queue.push(waiter);
    });
    // The turn was handed over by the request that ended (still counted in #active, so no newcomer slips in).
    return this.#turn();
  }

  #turn(): () => void {
    this.#admitted += 1;
    const started = performance.now();
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const held = performance.now() - started;
      this.#holdMs = this.#holdMs === 0 ? held : this.#holdMs + SMOOTHING * (held - this.#holdMs);
      const next = this.#queue.shift();
      if (next) {
        clearTimeout(next.timer);
        next.admit();
      } else {
        this.#active -= 1;
      }
    };
  }

  #drop(waiter: Waiter): void {
    clearTimeout(waiter.timer);
    const i = this.#queue.indexOf(waiter);
    if (i >= 0) this.#queue.splice(i, 1);
  }

  #refuse(expectedMs: number): HttpError {
    this.#shed += 1;
    // Whole seconds, as the header requires; at least 1 so a client never retries in a tight loop.
    const seconds = Math.max(1, Math.ceil(expectedMs / 1000));
    return new HttpError(
      503,
      { message: `The server is busy: too many requests are waiting for the database. Retry in ${seconds} s.` },
      { 'Retry-After': String(seconds) },
    );
  }
}
