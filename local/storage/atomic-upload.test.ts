import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { eventually } from '../../testkit/eventually.ts';
import { nodeClient } from '../../testkit/node-client.ts';
import { startTestStack, type TestStack } from '../../testkit/test-stack.ts';
import { FileStore } from './file-store.ts';

let ts: TestStack;
let admin: SupabaseClient<any, any, any>;
let files: FileStore;
let dir: string;
const logged: string[] = [];

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'atomic-upload-'));
  ts = await startTestStack({ env: { STORAGE_DIR: dir }, log: (line) => logged.push(line) });
  admin = nodeClient(ts.url, ts.serviceRoleKey);
  await admin.storage.createBucket('clips', { public: true });
  // A view of the same directory the stack writes to.
  files = new FileStore(dir);
});
afterAll(async () => {
  await ts?.close();
  await rm(dir, { recursive: true, force: true });
});

/** Starts an upload of `total` bytes, sends `sent` of them and drops the connection, as a killed client would. */
function abandonedUpload(key: string, total: number, sent: number, upsert = false): Promise<void> {
  const { hostname, port } = new URL(ts.url);
  return new Promise((resolve) => {
    const req = http.request({
      hostname,
      port,
      method: 'POST',
      path: `/storage/v1/object/clips/${key}`,
      headers: {
        Authorization: `Bearer ${ts.serviceRoleKey}`,
        'Content-Type': 'video/mp4',
        'Content-Length': String(total),
        'x-upsert': String(upsert),
      },
    });
    req.on('error', () => resolve());
    req.write(Buffer.alloc(sent, 7), () => {
      setTimeout(() => {
        req.destroy();
        resolve();
      }, 100);
    });
  });
}

it('a dropped upload leaves no object, no file and no temporary file', async () => {
  await abandonedUpload('dropped.mp4', 5_000_000, 1_000_000);
  await eventually(() => files.temporaryFiles(), (t) => t.length === 0);
  expect((await admin.storage.from('clips').exists('dropped.mp4')).data).toBe(false);
  expect(await files.versions()).toEqual([]);
  const res = await fetch(`${ts.url}/storage/v1/object/public/clips/dropped.mp4`);
  expect(await res.json()).toMatchObject({ statusCode: '404', error: 'not_found' });
  // A client that went away is not logged as a server fault.
  expect(logged.filter((l) => l.includes('unhandled'))).toEqual([]);
});

it('a dropped replacement leaves the previous bytes served, whole', async () => {
  const first = Buffer.alloc(300_000, 1);
  expect((await admin.storage.from('clips').upload('kept.mp4', first, { contentType: 'video/mp4' })).error).toBeNull();
  await abandonedUpload('kept.mp4', 2_000_000, 500_000, true);
  await eventually(() => files.temporaryFiles(), (t) => t.length === 0);
  const res = await fetch(`${ts.url}/storage/v1/object/public/clips/kept.mp4`);
  expect(res.status).toBe(200);
  expect(Buffer.from(await res.arrayBuffer()).equals(first)).toBe(true);
  expect(await files.versions()).toHaveLength(1);
});

it('a replacement that completes removes the old version from disk', async () => {
  await admin.storage.from('clips').upload('swap.mp4', Buffer.alloc(10, 1), { contentType: 'video/mp4' });
  const before = await files.versions();
  await admin.storage.from('clips').upload('swap.mp4', Buffer.alloc(20, 2), { contentType: 'video/mp4', upsert: true });
  const after = await files.versions();
  expect(after).toHaveLength(before.length);
  const res = await fetch(`${ts.url}/storage/v1/object/public/clips/swap.mp4`);
  expect(Buffer.from(await res.arrayBuffer())).toEqual(Buffer.alloc(20, 2));
});
