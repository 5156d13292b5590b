import { createHash, randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { Transform } from 'node:stream';

/**
 * The bytes of Storage objects on disk: one file per object version, named by the version (a UUID the
 * server makes), never by the object's key, so no key can reach outside the directory. A write goes to
 * `tmp/` first and is renamed into place once complete; the database row names a version only after
 * that, so a partial file is never served. Leftovers of a killed write are cleared at start.
 */
export class FileStore {
  readonly #root: string;
  readonly #tmp: string;

  constructor(root: string) {
    this.#root = root;
    this.#tmp = path.join(root, 'tmp');
  }

  async open(): Promise<void> {
    await rm(this.#tmp, { recursive: true, force: true });
    await mkdir(this.#tmp, { recursive: true });
  }

  pathOf(version: string): string {
    if (!/^[0-9a-f-]{36}$/.test(version)) throw new Error(`not a version id: ${version}`);
    return path.join(this.#root, 'objects', version.slice(0, 2), version);
  }

  /**
   * Streams `body` into a new version, refusing more than `maxBytes` (the stream is destroyed and the
   * temporary file removed). Returns the version, its size and its MD5 (the ETag, as S3 gives it).
   */
  async write(body: Readable, maxBytes: number): Promise<{ version: string; size: number; md5: string } | { tooLarge: true }> {
    const version = randomUUID();
    const tmp = path.join(this.#tmp, `${version}.part`);
    const hash = createHash('md5');
    let size = 0;
    let tooLarge = false;
    const meter = new Transform({
      transform(chunk: Buffer, _enc, done) {
        size += chunk.length;
        if (size > maxBytes) {
          tooLarge = true;
          done(new Error('too large'));
          return;
        }
        hash.update(chunk);
        done(null, chunk);
      },
    });
    try {
      await pipeline(body, meter, createWriteStream(tmp, { flags: 'wx' }));
    } catch (e) {
      await rm(tmp, { force: true });
      if (tooLarge) return { tooLarge: true };
      throw e;
    }
    const final = this.pathOf(version);
    await mkdir(path.dirname(final), { recursive: true });
    await rename(tmp, final);
    return { version, size, md5: hash.digest('hex') };
  }

  /** A copy of a version under a new one (copy), through tmp/ as a write is. */
  async copy(version: string): Promise<string> {
    const next = randomUUID();
    const tmp = path.join(this.#tmp, `${next}.part`);
    await pipeline(createReadStream(this.pathOf(version)), createWriteStream(tmp, { flags: 'wx' }));
    const final = this.pathOf(next);
    await mkdir(path.dirname(final), { recursive: true });
    await rename(tmp, final);
    return next;
  }

  /** Takes a complete file written elsewhere on this disk (a resumable upload's part) as a new version. */
  async place(from: string, version: string): Promise<void> {
    const final = this.pathOf(version);
    await mkdir(path.dirname(final), { recursive: true });
    await rename(from, final);
  }

  read(version: string, range?: { start: number; end: number }): Readable {
    return createReadStream(this.pathOf(version), range);
  }

  async size(version: string): Promise<number | undefined> {
    return stat(this.pathOf(version)).then((s) => s.size, () => undefined);
  }

  async remove(version: string | null | undefined): Promise<void> {
    if (!version || !/^[0-9a-f-]{36}$/.test(version)) return;
    await rm(this.pathOf(version), { force: true });
  }

  /** Versions on disk (the tests' view of what a failed write left behind). */
  async versions(): Promise<string[]> {
    const dir = path.join(this.#root, 'objects');
    const shards = await readdir(dir).catch(() => [] as string[]);
    const all = await Promise.all(shards.map((s) => readdir(path.join(dir, s)).catch(() => [] as string[])));
    return all.flat();
  }

  async temporaryFiles(): Promise<string[]> {
    return readdir(this.#tmp).catch(() => []);
  }
}
