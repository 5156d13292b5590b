import { storageError } from './errors.ts';

interface Held {
  stop: () => void;
  released: Promise<void>;
}

/**
 * One request at a time per resumable upload. A newcomer stops the holder first (as tus servers do):
 * the holder is usually the same client's PATCH whose connection died without the server noticing yet,
 * and the client's resume (HEAD, then PATCH) must not wait for a TCP timeout nor race its bytes.
 */
export class UploadLocks {
  readonly #held = new Map<string, Held>();

  async acquire(id: string, stop: () => void): Promise<() => void> {
    for (let tries = 0; this.#held.has(id); tries++) {
      if (tries === 3) throw storageError(423, 'ResourceLocked', 'The upload is in use by another request', { httpStatus: 423 });
      const holder = this.#held.get(id)!;
      holder.stop();
      await Promise.race([holder.released, new Promise((r) => setTimeout(r, 2000))]);
    }
    let release!: () => void;
    const mine: Held = { stop, released: new Promise<void>((r) => (release = r)) };
    this.#held.set(id, mine);
    return () => {
      if (this.#held.get(id) === mine) this.#held.delete(id);
      release();
    };
  }
}
