import { randomUUID } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signJwt } from '../../testkit/runtime.ts';
import { nodeClient } from '../../testkit/node-client.ts';
import { startTestStack, type TestStack } from '../../testkit/test-stack.ts';
import { droppedPatch, flakyRelay, randomData, tusFailure, tusRequest, tusUpload } from '../../testkit/tus.ts';
import { FileStore } from './file-store.ts';

// Resumable uploads over TUS (docs/decisions/0045), driven by tus-js-client as Supabase's docs use it,
// and by raw requests where a test needs a wrong offset or a half-sent body.

let ts: TestStack;
let admin: SupabaseClient<any, any, any>;
let dir: string;
let files: FileStore;
const MB = 1024 * 1024;

const userToken = (sub: string) =>
  signJwt({ role: 'authenticated', sub, aud: 'authenticated', exp: Math.floor(Date.now() / 1000) + 3600 }, ts.config.jwtSecret);
const endpoint = () => `${ts.url}/storage/v1/upload/resumable`;
const b64 = (s: string) => Buffer.from(s).toString('base64');
const metadataHeader = (m: Record<string, string>) => Object.entries(m).map(([k, v]) => `${k} ${b64(v)}`).join(',');

async function download(bucket: string, key: string): Promise<Buffer> {
  const { data, error } = await admin.storage.from(bucket).download(key);
  expect(error).toBeNull();
  return Buffer.from(await data!.arrayBuffer());
}

/** Creates an upload by a raw POST; returns its URL. */
async function create(key: string, length: number, token = ts.serviceRoleKey, extra: Record<string, string> = {}): Promise<string> {
  const res = await tusRequest(endpoint(), 'POST', {
    authorization: `Bearer ${token}`,
    'Upload-Length': String(length),
    'Upload-Metadata': metadataHeader({ bucketName: 'clips', objectName: key, contentType: 'video/mp4' }),
    ...extra,
  });
  expect(res.status, res.text).toBe(201);
  return res.headers.location!;
}

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'resumable-upload-'));
  ts = await startTestStack({ env: { STORAGE_DIR: dir } });
  admin = nodeClient(ts.url, ts.serviceRoleKey);
  await admin.storage.createBucket('clips', { public: false, allowedMimeTypes: ['video/*'], fileSizeLimit: '100MB' });
  files = new FileStore(dir);
});
afterAll(async () => {
  await ts?.close();
  await rm(dir, { recursive: true, force: true });
});

it('OPTIONS tells the protocol version, extensions and the largest upload', async () => {
  const res = await fetch(endpoint(), { method: 'OPTIONS' });
  expect(res.status).toBe(204);
  expect(res.headers.get('tus-version')).toBe('1.0.0');
  expect(res.headers.get('tus-extension')).toBe('creation,creation-with-upload,termination');
  expect(Number(res.headers.get('tus-max-size'))).toBeGreaterThan(0);
});

it('tus-js-client uploads 13 MB in 6 MB chunks; the object has its type, cache control, metadata and bytes', async () => {
  const data = randomData(13 * MB);
  const url = await tusUpload(ts.url, ts.serviceRoleKey, data, {
    bucketName: 'clips',
    objectName: 'full/clip.mp4',
    contentType: 'video/mp4',
    metadata: JSON.stringify({ take: 2 }),
  }, { uploadDataDuringCreation: false });
  expect(url).toMatch(/\/storage\/v1\/upload\/resumable\/[A-Za-z0-9_-]+$/);
  expect((await download('clips', 'full/clip.mp4')).equals(data)).toBe(true);
  const info = await admin.storage.from('clips').info('full/clip.mp4');
  expect(info.data).toMatchObject({ contentType: 'video/mp4', size: 13 * MB, cacheControl: 'max-age=3600', metadata: { take: 2 } });
  // The upload URL still answers, with the whole length: a client that lost the last answer does not start again.
  const head = await tusRequest(url, 'HEAD', { authorization: `Bearer ${ts.serviceRoleKey}` });
  expect(head.headers['upload-offset']).toBe(String(13 * MB));
  const ended = await tusRequest(url, 'DELETE', { authorization: `Bearer ${ts.serviceRoleKey}` });
  expect(ended).toMatchObject({ status: 400, text: 'Cannot terminate an already completed upload' });
});

it('resumes after the connection drops mid-chunk: the bytes that reached the disk are not sent again', async () => {
  const data = randomData(14 * MB);
  // The POST carries the first 6 MB chunk (as Supabase's docs upload); the cut falls 5 MB into the second.
  const cutAt = 11 * MB;
  let kept: Promise<number> | undefined;
  let uploadUrl: string | undefined;
  const offsetNow = async () => Number((await tusRequest(uploadUrl!, 'HEAD', { authorization: `Bearer ${ts.serviceRoleKey}` })).headers['upload-offset']);
  // The stack reads and writes what the relay forwarded at its own pace; on a busy machine it can still be at the
  // chunk's first byte when the relay has sent 5 MB of it. The cut waits until the stack has written what it was
  // sent (the offset past the first chunk and still for 100 ms), so there is something on disk the retry must not
  // send again, and what a cut loses is only the relay's last read.
  const relay = await flakyRelay(new URL(ts.url), cutAt, {
    beforeCut: async () => {
      const deadline = Date.now() + 15_000;
      let last = -1;
      let still = 0;
      while (still < 5) {
        if (Date.now() > deadline) throw new Error(`the stack had not settled on an offset past the first chunk in 15 s (at ${last})`);
        await new Promise((r) => setTimeout(r, 20));
        const now = await offsetNow();
        still = now > 6 * MB && now === last ? still + 1 : 0;
        last = now;
      }
    },
  });
  try {
    await tusUpload(relay.url, ts.serviceRoleKey, data, { bucketName: 'clips', objectName: 'dropped/clip.mp4', contentType: 'video/mp4' }, {
      retryDelays: [1000],
      // Between the cut and the retry: what the stack kept of the chunk the cut interrupted.
      onShouldRetry: (_e, _attempt, options) => {
        kept ??= offsetNow();
        return options.retryDelays !== null;
      },
    }, (url) => (uploadUrl = url));
    expect(relay.cuts()).toBe(1);
  } finally {
    relay.close();
  }
  const offset = await kept!;
  expect(offset).toBeGreaterThan(6 * MB);
  expect(offset).toBeLessThan(cutAt);
  // Sent again after the cut: only the relay's last read (at most 64 KB) and the heads of the requests after it,
  // never what the stack had kept. (forwarded counts every request's head; cutAt - offset holds those before it.)
  expect(relay.forwarded() - data.length).toBeLessThanOrEqual(cutAt - offset + 64 * 1024 + 4 * 1024);
  expect((await download('clips', 'dropped/clip.mp4')).equals(data)).toBe(true);
});
it('a half-sent upload is no object; HEAD tells the offset; a wrong offset is 409; the rest completes it', async () => {
  const data = randomData(3 * MB);
  const url = await create('raw/clip.mp4', data.length);
  const auth = { authorization: `Bearer ${ts.serviceRoleKey}` };
  await droppedPatch(url, { ...auth, 'Upload-Offset': '0' }, data, MB);
  const head = await tusRequest(url, 'HEAD', auth);
  const offset = Number(head.headers['upload-offset']);
  expect(offset).toBeGreaterThan(0);
  expect(offset).toBeLessThanOrEqual(MB);
  expect(head.headers['upload-length']).toBe(String(data.length));
  expect((await admin.storage.from('clips').exists('raw/clip.mp4')).data).toBe(false);
  const patch = (at: number, body: Buffer) =>
    tusRequest(url, 'PATCH', { ...auth, 'Upload-Offset': String(at), 'Content-Type': 'application/offset+octet-stream' }, body);
  const wrong = await patch(0, data);
  expect(wrong).toMatchObject({ status: 409, text: 'Upload-Offset conflict' });
  const wrongType = await tusRequest(url, 'PATCH', { ...auth, 'Upload-Offset': String(offset), 'Content-Type': 'video/mp4' }, data.subarray(offset));
  expect(wrongType.status).toBe(415);
  const tooMuch = await patch(offset, Buffer.concat([data.subarray(offset), Buffer.alloc(10)]));
  expect(tooMuch).toMatchObject({ status: 413, text: 'Upload-Length exceeded' });
  expect((await tusRequest(url, 'HEAD', auth)).headers['upload-offset']).toBe(String(offset));
  const rest = await patch(offset, data.subarray(offset));
  expect(rest.status).toBe(204);
  expect(rest.headers['upload-offset']).toBe(String(data.length));
  expect((await download('clips', 'raw/clip.mp4')).equals(data)).toBe(true);
});

it('an upload without the Tus-Resumable header, or of an unknown id, is refused as the protocol says', async () => {
  const res = await fetch(endpoint(), { method: 'POST', headers: { authorization: `Bearer ${ts.serviceRoleKey}`, 'Upload-Length': '1' } });
  expect(res.status).toBe(412);
  const unknown = Buffer.from(`clips/a.mp4/${randomUUID()}`).toString('base64url');
  const head = await tusRequest(`${endpoint()}/${unknown}`, 'HEAD', { authorization: `Bearer ${ts.serviceRoleKey}` });
  expect(head.status).toBe(404);
  const noToken = await tusRequest(endpoint(), 'POST', { 'Upload-Length': '1', 'Upload-Metadata': metadataHeader({ bucketName: 'clips', objectName: 'x.mp4' }) });
  // The jwt plugin's AccessDenied, as TUS answers an error: its status code, its message as the body.
  expect(noToken.status).toBe(403);
  expect(noToken.text).toBe('Invalid Compact JWS');
});

it('termination removes an unfinished upload and its bytes', async () => {
  const url = await create('ended/clip.mp4', 2 * MB);
  const auth = { authorization: `Bearer ${ts.serviceRoleKey}` };
  await droppedPatch(url, { ...auth, 'Upload-Offset': '0' }, randomData(2 * MB), MB / 2);
  const before = await readdir(path.join(dir, 'resumable'));
  expect((await tusRequest(url, 'DELETE', auth)).status).toBe(204);
  expect((await tusRequest(url, 'HEAD', auth)).status).toBe(404);
  expect((await readdir(path.join(dir, 'resumable'))).length).toBe(before.length - 2);
});

describe('policies and bucket limits, decided before a byte is sent', () => {
  const owner = randomUUID();
  const other = randomUUID();
  const png = Buffer.from([137, 80, 78, 71, 13, 10, 26, 10, 1, 2, 3]);

  it('avatars: the owner uploads into their folder; another user and anonymous are refused by RLS', async () => {
    await tusUpload(ts.url, userToken(owner), png, { bucketName: 'avatars', objectName: `${owner}/me.png`, contentType: 'image/png' });
    expect((await download('avatars', `${owner}/me.png`)).equals(png)).toBe(true);
    const [row] = (await ts.database.db.query<{ owner_id: string }>(`select owner_id from storage.objects where name = $1`, [`${owner}/me.png`])).rows;
    expect(row?.owner_id).toBe(owner);
    for (const token of [userToken(other), ts.anonKey]) {
      const e = await tusUpload(ts.url, token, png, { bucketName: 'avatars', objectName: `${owner}/planted.png`, contentType: 'image/png' }).catch((x: unknown) => x);
      expect(tusFailure(e)).toEqual({ status: 403, body: 'new row violates row-level security policy' });
    }
    expect((await admin.storage.from('avatars').exists(`${owner}/planted.png`)).data).toBe(false);
  });

  it('an existing object is refused at creation without x-upsert, and replaced with it', async () => {
    const e = await tusUpload(ts.url, userToken(owner), png, { bucketName: 'avatars', objectName: `${owner}/me.png`, contentType: 'image/png' }).catch((x: unknown) => x);
    expect(tusFailure(e)).toEqual({ status: 409, body: 'The resource already exists' });
    const next = Buffer.concat([png, Buffer.from([9, 9])]);
    await tusUpload(ts.url, userToken(owner), next, { bucketName: 'avatars', objectName: `${owner}/me.png`, contentType: 'image/png' }, { upsert: true });
    expect((await download('avatars', `${owner}/me.png`)).equals(next)).toBe(true);
  });

  it('a file over the bucket limit or of a type it does not take is refused at creation', async () => {
    const big = await tusRequest(endpoint(), 'POST', {
      authorization: `Bearer ${userToken(owner)}`,
      'Upload-Length': String(2 * MB + 1),
      'Upload-Metadata': metadataHeader({ bucketName: 'avatars', objectName: `${owner}/big.png`, contentType: 'image/png' }),
    });
    expect(big).toMatchObject({ status: 413, text: 'Maximum size exceeded' });
    const e = await tusUpload(ts.url, userToken(owner), Buffer.from('%PDF-1.4'), { bucketName: 'avatars', objectName: `${owner}/cv.pdf`, contentType: 'application/pdf' }).catch((x: unknown) => x);
    expect(tusFailure(e)).toEqual({ status: 415, body: 'mime type application/pdf is not supported' });
    const badKey = await tusRequest(endpoint(), 'POST', {
      authorization: `Bearer ${userToken(owner)}`,
      'Upload-Length': '4',
      'Upload-Metadata': metadataHeader({ bucketName: 'avatars', objectName: `${owner}/../x.png`, contentType: 'image/png' }),
    });
    expect(badKey.status).toBe(400);
    expect(await files.temporaryFiles()).toEqual([]);
  });
});
