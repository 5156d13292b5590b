import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, stat, truncate, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/** What a TUS upload was created with, kept beside its bytes so it outlives the process. */
export interface UploadState {
  bucket: string;
  key: string;
  /** The object version the upload becomes (a UUID), also the name of its files here. */
  version: string;
  length: number;
  contentType: string;
  cacheControl: string;
  /** The client's `metadata` entry (JSON text), kept as sent. */
  userMetadata: string | undefined;
  /** The Upload-Metadata header as sent, echoed by HEAD. */
  rawMetadata: string;
  createdAt: string;
  /** Set once the object exists: HEAD then answers the whole length, so a client that lost the last answer does not start again. */
  done?: boolean;
}

/** Unfinished and finished uploads older than this are removed at start (the upload URL expires). */
export const UPLOAD_EXPIRY_MS = 24 * 3600 * 1000;

/**
 * The disk side of resumable uploads, under STORAGE_DIR/resumable: `<version>.json` (the state, written
 * to a temporary name and renamed, so it is whole or absent) and `<version>.part` (the bytes received so
 * far, appended in place). The offset is the part file's size, so whatever reached the file before a
 * dropped connection or a SIGKILL counts and is never sent twice. Not under tmp/, which start clears.
 */
export class ResumableStore {
  readonly #dir: string;

  constructor(root: string) {
    this.#dir = path.join(root, 'resumable');
  }

  async open(now = Date.now()): Promise<void> {
    await mkdir(this.#dir, { recursive: true });
    // An upload's last activity is the newer of its two files (the part grows, the state is written once or twice).
    const last = new Map<string, number>();
    for (const name of await readdir(this.#dir)) {
      const file = path.join(this.#dir, name);
      // A state file's temporary twin is a write the process did not finish: never valid.
      if (name.endsWith('.new')) await rm(file, { force: true });
      const s = await stat(file).catch(() => undefined);
      const version = name.split('.')[0]!;
      if (s) last.set(version, Math.max(last.get(version) ?? 0, s.mtimeMs));
    }
    for (const [version, at] of last) {
      if (now - at > UPLOAD_EXPIRY_MS && /^[0-9a-f-]{36}$/.test(version)) await this.remove(version);
    }
  }

  #file(version: string, ext: 'json' | 'part'): string {
    if (!/^[0-9a-f-]{36}$/.test(version)) throw new Error(`not a version id: ${version}`);
    return path.join(this.#dir, `${version}.${ext}`);
  }

  partPath(version: string): string {
    return this.#file(version, 'part');
  }

  async create(state: UploadState): Promise<void> {
    await writeFile(this.#file(state.version, 'part'), '', { flag: 'wx' });
    await this.save(state);
  }

  async save(state: UploadState): Promise<void> {
    const file = this.#file(state.version, 'json');
    await writeFile(`${file}.new`, JSON.stringify(state));
    await rename(`${file}.new`, file);
  }

  async load(version: string): Promise<UploadState | undefined> {
    const text = await readFile(this.#file(version, 'json'), 'utf8').catch(() => undefined);
    return text === undefined ? undefined : (JSON.parse(text) as UploadState);
  }

  /** Bytes received so far (the part file's size); the whole length once done. */
  async offset(state: UploadState): Promise<number> {
    if (state.done) return state.length;
    return stat(this.#file(state.version, 'part')).then((s) => s.size, () => 0);
  }

  /**
   * Appends `body` at `offset`, at most `room` bytes; a body longer than that is refused and the part
   * cut back to where this request began. Bytes that arrived before a dropped connection stay written.
   */
  async append(version: string, body: Readable, offset: number, room: number): Promise<{ tooLong: boolean }> {
    const file = this.#file(version, 'part');
    let received = 0;
    let tooLong = false;
    const meter = new Transform({
      transform(chunk: Buffer, _enc, done) {
        received += chunk.length;
        if (received > room) {
          tooLong = true;
          done(new Error('too long'));
          return;
        }
        done(null, chunk);
      },
    });
    try {
      await pipeline(body, meter, createWriteStream(file, { flags: 'r+', start: offset }));
    } catch (e) {
      if (tooLong) {
        await truncate(file, offset);
        return { tooLong: true };
      }
      throw e;
    }
    return { tooLong: false };
  }

  /** The MD5 of the complete part (the ETag), read back once: a hash's state cannot outlive a process. */
  async md5(version: string): Promise<string> {
    const hash = createHash('md5');
    await pipeline(createReadStream(this.#file(version, 'part')), hash);
    return hash.digest('hex');
  }

  async markDone(state: UploadState): Promise<void> {
    await this.save({ ...state, done: true });
  }

  async remove(version: string): Promise<void> {
    await rm(this.#file(version, 'part'), { force: true });
    await rm(this.#file(version, 'json'), { force: true });
  }
}
