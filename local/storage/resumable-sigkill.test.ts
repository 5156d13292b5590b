import http from 'node:http';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createScratchDatabase, type ScratchDatabase } from '../db/server-databases.ts';
import { signJwt } from '../jwt.ts';
import { freePort, killRunningMains, startMain, type MainProcess } from '../../testkit/main-process.ts';
import { randomData, tusRequest, tusUpload } from '../../testkit/tus.ts';

// Issue 34: a resumable upload survives the stack process being killed (SIGKILL, no chance to clean up)
// and restarted on the same STORAGE_DIR: the client resumes at the offset the disk holds.

afterAll(killRunningMains);

const SECRET = 'a-secret-of-this-test-at-least-32-characters-long!';
const MB = 1024 * 1024;
let scratch: ScratchDatabase | undefined;
let dir: string;
let env: Record<string, string>;
let url: string;
const serviceKey = signJwt({ role: 'service_role', exp: Math.floor(Date.now() / 1000) + 3600 }, SECRET);
const auth = { authorization: `Bearer ${serviceKey}` };

async function start(): Promise<MainProcess> {
  const stack = startMain(env);
  await stack.waitFor(/Marketplace ready/);
  return stack;
}

beforeAll(async () => {
  // On the Postgres server when the suite runs against one, else on embedded PGlite in DATA_DIR (CI runs both).
  if (process.env.DATABASE_URL) scratch = await createScratchDatabase(process.env.DATABASE_URL, 'tus_sigkill');
  dir = await mkdtemp(path.join(tmpdir(), 'tus-sigkill-'));
  const port = await freePort();
  url = `http://127.0.0.1:${port}`;
  env = {
    DATABASE_URL: scratch?.url ?? '',
    DATA_DIR: path.join(dir, 'data'),
    STORAGE_DIR: path.join(dir, 'storage'),
    PORT: String(port),
    JWT_SECRET: SECRET,
    SCHEDULER: 'off',
  };
});
afterAll(async () => {
  await scratch?.drop();
  if (dir) await rm(dir, { recursive: true, force: true });
});

/** Streams `sent` bytes of a PATCH and leaves the request open, as a client in mid-upload is. */
function openPatch(location: string, offset: number, body: Buffer, sent: number): Promise<http.ClientRequest> {
  return new Promise((resolve) => {
    const req = http.request(location, {
      method: 'PATCH',
      headers: { ...auth, 'Tus-Resumable': '1.0.0', 'Upload-Offset': String(offset), 'Content-Type': 'application/offset+octet-stream', 'Content-Length': String(body.length) },
    });
    req.on('error', () => undefined);
    req.write(body.subarray(0, sent), () => setTimeout(() => resolve(req), 500));
  });
}

it('resumes an upload after the stack is SIGKILLed mid-chunk and started again', async () => {
  const first = await start();
  const bucket = await fetch(`${url}/storage/v1/bucket`, {
    method: 'POST',
    headers: { ...auth, 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'clips', public: false }),
  });
  expect(bucket.status).toBe(200);
  const data = randomData(14 * MB);
  const b64 = (s: string) => Buffer.from(s).toString('base64');
  const created = await tusRequest(`${url}/storage/v1/upload/resumable`, 'POST', {
    ...auth,
    'Upload-Length': String(data.length),
    'Upload-Metadata': `bucketName ${b64('clips')},objectName ${b64('killed/clip.mp4')},contentType ${b64('video/mp4')}`,
  });
  expect(created.status).toBe(201);
  const location = created.headers.location!;
  const firstChunk = await tusRequest(location, 'PATCH', { ...auth, 'Upload-Offset': '0', 'Content-Type': 'application/offset+octet-stream' }, data.subarray(0, 6 * MB));
  expect(firstChunk.headers['upload-offset']).toBe(String(6 * MB));

  const inFlight = await openPatch(location, 6 * MB, data.subarray(6 * MB), 3 * MB);
  first.child.kill('SIGKILL');
  await first.exited;
  inFlight.destroy();

  const second = await start();
  try {
    const head = await tusRequest(location, 'HEAD', auth);
    expect(head.status).toBe(200);
    const offset = Number(head.headers['upload-offset']);
    // What reached the file before the kill counts; the acknowledged chunk certainly does.
    expect(offset).toBeGreaterThanOrEqual(6 * MB);
    expect(offset).toBeLessThanOrEqual(9 * MB);
    console.log(`after SIGKILL: ${offset - 6 * MB} of the 3 MB sent into the interrupted chunk were on disk`);
    const missing = await fetch(`${url}/storage/v1/object/clips/killed/clip.mp4`, { headers: auth });
    expect(missing.status).toBe(400);
    expect(await missing.json()).toMatchObject({ statusCode: '404' });

    // tus-js-client resumes from the upload URL it kept (as its URL storage does in a browser).
    await tusUpload(url, serviceKey, data, { bucketName: 'clips', objectName: 'killed/clip.mp4', contentType: 'video/mp4' }, { uploadUrl: location });
    const res = await fetch(`${url}/storage/v1/object/clips/killed/clip.mp4`, { headers: auth });
    expect(res.status).toBe(200);
    expect(Buffer.from(await res.arrayBuffer()).equals(data)).toBe(true);
    const left = await readdir(path.join(dir, 'storage', 'resumable'));
    expect(left.filter((f) => f.endsWith('.part'))).toEqual([]);
  } finally {
    second.child.kill('SIGTERM');
    await second.exited;
  }
}, 300_000);
