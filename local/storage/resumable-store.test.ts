import { randomUUID } from 'node:crypto';
import { mkdtemp, readdir, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { ResumableStore, UPLOAD_EXPIRY_MS, type UploadState } from './resumable-store.ts';

let root: string;
let store: ResumableStore;
const state = (length = 10): UploadState => ({
  bucket: 'b',
  key: 'k.mp4',
  version: randomUUID(),
  length,
  contentType: 'video/mp4',
  cacheControl: 'no-cache',
  userMetadata: undefined,
  rawMetadata: '',
  createdAt: new Date().toISOString(),
});

beforeEach(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'resumable-store-'));
  store = new ResumableStore(root);
  await store.open();
});
afterEach(() => rm(root, { recursive: true, force: true }));

it('the offset is what the part file holds; a body past the length is refused and cut back', async () => {
  const s = state(10);
  await store.create(s);
  await store.append(s.version, Readable.from([Buffer.from('abcd')]), 0, 10);
  expect(await store.offset(s)).toBe(4);
  expect(await store.append(s.version, Readable.from([Buffer.from('0123456789')]), 4, 6)).toEqual({ tooLong: true });
  expect(await store.offset(s)).toBe(4);
  await store.markDone(s);
  expect(await store.offset((await store.load(s.version))!)).toBe(10);
});

it('at start, removes uploads idle past the expiry and half-written state files, and keeps a recent one', async () => {
  const old = state();
  const busy = state();
  await store.create(old);
  await store.create(busy);
  const dir = path.join(root, 'resumable');
  const past = new Date(Date.now() - UPLOAD_EXPIRY_MS - 60_000);
  for (const f of [`${old.version}.json`, `${old.version}.part`, `${busy.version}.json`]) await utimes(path.join(dir, f), past, past);
  await writeFile(path.join(dir, `${randomUUID()}.json.new`), '{');
  await store.open();
  // `busy` was created long ago but its part was written recently: it stays, both files.
  expect((await readdir(dir)).sort()).toEqual([`${busy.version}.json`, `${busy.version}.part`].sort());
});
