import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signJwt } from '../jwt.ts';
import { nodeClient } from '../../testkit/node-client.ts';
import { startTestStack, type TestStack } from '../../testkit/test-stack.ts';

let ts: TestStack;
let admin: SupabaseClient<any, any, any>;
const alice = randomUUID();
const bob = randomUUID();

/** A client holding a user's token, as supabase-js sends it after sign-in. */
function as(sub: string | undefined): SupabaseClient<any, any, any> {
  const token = sub
    ? signJwt({ role: 'authenticated', sub, exp: Math.floor(Date.now() / 1000) + 3600 }, ts.config.jwtSecret)
    : undefined;
  return nodeClient(ts.url, ts.anonKey, { token });
}

function rawGet(path: string, token: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const { hostname, port } = new URL(ts.url);
    const req = http.get({ hostname, port, path, headers: { Authorization: `Bearer ${token}` } }, (res) => {
      let body = '';
      res.on('data', (c: Buffer) => (body += c.toString('utf8')));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
  });
}

// What a project's migration would say: each user owns the folder named by their id in `private-things`.
const POLICIES = `
  create policy own_folder_read on storage.objects for select to authenticated
    using (bucket_id = 'private-things' and (storage.foldername(name))[1] = (select auth.uid())::text);
  create policy own_folder_insert on storage.objects for insert to authenticated
    with check (bucket_id = 'private-things' and (storage.foldername(name))[1] = (select auth.uid())::text);
  create policy own_folder_update on storage.objects for update to authenticated
    using (bucket_id = 'private-things' and (storage.foldername(name))[1] = (select auth.uid())::text)
    with check (bucket_id = 'private-things' and (storage.foldername(name))[1] = (select auth.uid())::text);
  create policy own_folder_delete on storage.objects for delete to authenticated
    using (bucket_id = 'private-things' and (storage.foldername(name))[1] = (select auth.uid())::text);
`;

beforeAll(async () => {
  ts = await startTestStack({ log: (line) => { if (line.includes('unhandled')) console.error(line); } });
  admin = nodeClient(ts.url, ts.serviceRoleKey);
  await ts.database.db.exec(`set role postgres; ${POLICIES}; reset role`);
  for (const b of [
    { id: 'private-things', public: false, fileSizeLimit: 1024, allowedMimeTypes: ['text/plain', 'image/*'] },
    { id: 'open-things', public: true },
  ]) {
    const { id, ...options } = b;
    const { error } = await admin.storage.createBucket(id, options);
    expect(error).toBeNull();
  }
});
afterAll(async () => {
  await ts?.close();
});

describe('buckets', () => {
  it('are listed, read, updated, emptied and deleted by the service role', async () => {
    const { data: list } = await admin.storage.listBuckets();
    expect(list?.map((b) => b.id).sort()).toEqual(expect.arrayContaining(['open-things', 'private-things']));
    const { data: one } = await admin.storage.getBucket('private-things');
    expect(one).toMatchObject({ id: 'private-things', public: false, file_size_limit: 1024, allowed_mime_types: ['text/plain', 'image/*'] });
    await admin.storage.createBucket('temp-bucket', { public: false, fileSizeLimit: '2MB' });
    expect((await admin.storage.getBucket('temp-bucket')).data?.file_size_limit).toBe(2_000_000);
    expect((await admin.storage.updateBucket('temp-bucket', { public: true })).error).toBeNull();
    expect((await admin.storage.getBucket('temp-bucket')).data?.public).toBe(true);
    await admin.storage.from('temp-bucket').upload('x.txt', 'x', { contentType: 'text/plain' });
    const notEmpty = await admin.storage.deleteBucket('temp-bucket');
    expect(notEmpty.error?.message).toBe('The bucket you tried to delete is not empty');
    expect((await admin.storage.emptyBucket('temp-bucket')).error).toBeNull();
    expect((await admin.storage.deleteBucket('temp-bucket')).data).toEqual({ message: 'Successfully deleted' });
    const gone = await admin.storage.getBucket('temp-bucket');
    expect(gone.error).toMatchObject({ message: 'Bucket not found', status: 400, statusCode: '404' });
  });

  it('are invisible to users and refused to them, RLS on storage.buckets having no policy', async () => {
    const { data } = await as(alice).storage.listBuckets();
    expect(data).toEqual([]);
    const { error } = await as(alice).storage.createBucket('mine');
    expect(error).toMatchObject({ message: 'new row violates row-level security policy', statusCode: '403' });
  });
});

describe('objects', () => {
  it('upload, download, info, exists, list, move, copy and remove round-trip through storage-js', async () => {
    const files = as(alice).storage.from('private-things');
    const up = await files.upload(`${alice}/notes/a.txt`, new Blob(['hello world'], { type: 'text/plain' }));
    expect(up.error).toBeNull();
    expect(up.data).toMatchObject({ path: `${alice}/notes/a.txt`, fullPath: `private-things/${alice}/notes/a.txt` });
    const again = await files.upload(`${alice}/notes/a.txt`, 'other', { contentType: 'text/plain' });
    expect(again.error).toMatchObject({ message: 'The resource already exists', statusCode: '409' });
    const upsert = await files.upload(`${alice}/notes/a.txt`, 'replaced!', { contentType: 'text/plain', upsert: true, cacheControl: '60' });
    expect(upsert.error).toBeNull();
    const down = await files.download(`${alice}/notes/a.txt`);
    expect(await down.data?.text()).toBe('replaced!');
    const info = await files.info(`${alice}/notes/a.txt`);
    expect(info.data).toMatchObject({ name: `${alice}/notes/a.txt`, size: 9, contentType: 'text/plain', cacheControl: 'max-age=60', metadata: {} });
    expect((await files.exists(`${alice}/notes/a.txt`)).data).toBe(true);
    expect((await files.exists(`${alice}/notes/none.txt`)).data).toBe(false);

    await files.upload(`${alice}/notes/b.txt`, 'b', { contentType: 'text/plain' });
    await files.upload(`${alice}/pics/c.png`, new Blob([new Uint8Array([137, 80, 78, 71])], { type: 'image/png' }));
    const top = await files.list(alice);
    expect(top.data?.map((o) => o.name)).toEqual(['notes', 'pics']);
    expect(top.data?.[0]?.id).toBeNull();
    const notes = await files.list(`${alice}/notes`, { limit: 1, offset: 1, sortBy: { column: 'name', order: 'desc' } });
    expect(notes.data?.map((o) => o.name)).toEqual(['a.txt']);

    const moved = await files.move(`${alice}/notes/b.txt`, `${alice}/notes/moved.txt`);
    expect(moved.error).toBeNull();
    expect(moved.data).toEqual({ message: 'Successfully moved' });
    expect((await files.copy(`${alice}/notes/moved.txt`, `${alice}/notes/copied.txt`)).data).toEqual({ path: `private-things/${alice}/notes/copied.txt` });
    expect(await (await files.download(`${alice}/notes/copied.txt`)).data?.text()).toBe('b');
    const removed = await files.remove([`${alice}/notes/moved.txt`, `${alice}/notes/copied.txt`]);
    expect(removed.data?.map((o) => o.name).sort()).toEqual([`${alice}/notes/copied.txt`, `${alice}/notes/moved.txt`]);
    expect((await files.list(`${alice}/notes`)).data?.map((o) => o.name)).toEqual(['a.txt']);
  });

  it('refuses what the bucket does not take: size and type, before the bytes are stored', async () => {
    const files = as(alice).storage.from('private-things');
    const big = await files.upload(`${alice}/big.txt`, 'x'.repeat(2000), { contentType: 'text/plain' });
    expect(big.error).toMatchObject({ statusCode: '413', message: 'The object exceeded the maximum allowed size' });
    const bigForm = await files.upload(`${alice}/big2.txt`, new Blob(['x'.repeat(2000)], { type: 'text/plain' }));
    expect(bigForm.error).toMatchObject({ statusCode: '413' });
    const pdf = await files.upload(`${alice}/doc.pdf`, new Blob(['%PDF'], { type: 'application/pdf' }));
    expect(pdf.error).toMatchObject({ statusCode: '415', message: 'mime type application/pdf is not supported' });
    expect((await files.exists(`${alice}/big.txt`)).data).toBe(false);
  });

  it('keeps another user out of a private folder: by path, by list, by signed URL, by upload', async () => {
    await as(alice).storage.from('private-things').upload(`${alice}/secret.txt`, 'secret', { contentType: 'text/plain' });
    const theirs = as(bob).storage.from('private-things');
    expect((await theirs.download(`${alice}/secret.txt`)).error).toMatchObject({ statusCode: '404' });
    expect((await theirs.list(alice)).data).toEqual([]);
    expect((await theirs.createSignedUrl(`${alice}/secret.txt`, 60)).error).toMatchObject({ message: 'Object not found' });
    const write = await theirs.upload(`${alice}/planted.txt`, 'x', { contentType: 'text/plain' });
    expect(write.error).toMatchObject({ message: 'new row violates row-level security policy', statusCode: '403' });
    expect((await theirs.remove([`${alice}/secret.txt`])).data).toEqual([]);
    expect((await as(undefined).storage.from('private-things').download(`${alice}/secret.txt`)).error).toMatchObject({ statusCode: '404' });
    // The service role bypasses RLS.
    expect(await (await admin.storage.from('private-things').download(`${alice}/secret.txt`)).data?.text()).toBe('secret');
  });

  it('serves public buckets at their public URL without a token, and never a private one', async () => {
    await admin.storage.from('open-things').upload('logo.txt', 'public bytes', { contentType: 'text/plain' });
    const { data } = as(undefined).storage.from('open-things').getPublicUrl('logo.txt');
    const res = await fetch(data.publicUrl);
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('public bytes');
    const priv = as(undefined).storage.from('private-things').getPublicUrl(`${alice}/secret.txt`).data.publicUrl;
    const refused = await fetch(priv);
    expect(refused.status).toBe(400);
    expect(await refused.json()).toEqual({ statusCode: '404', code: 'NoSuchBucket', error: 'Bucket not found', message: 'Bucket not found' });
  });

  it('signs URLs that work without a token until they expire', async () => {
    const files = as(alice).storage.from('private-things');
    await files.upload(`${alice}/signed.txt`, 'signed bytes', { contentType: 'text/plain' });
    const { data } = await files.createSignedUrl(`${alice}/signed.txt`, 60, { download: 'nice name.txt' });
    const res = await fetch(data!.signedUrl);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toContain('attachment');
    expect(await res.text()).toBe('signed bytes');
    const many = await files.createSignedUrls([`${alice}/signed.txt`, `${bob}/nothing.txt`], 60);
    expect(many.data?.[0]?.signedUrl).toContain('/object/sign/private-things/');
    expect(many.data?.[1]).toMatchObject({ signedUrl: null, error: 'Either the object does not exist or you do not have access to it' });
    // A token for one object does not open another.
    const other = data!.signedUrl.replace('signed.txt', 'secret.txt');
    expect((await fetch(other)).status).toBe(400);
    const expired = signJwt({ url: `private-things/${alice}/signed.txt`, iat: 1, exp: Math.floor(Date.now() / 1000) - 1 }, ts.config.jwtSecret);
    const late = await fetch(`${ts.url}/storage/v1/object/sign/private-things/${alice}/signed.txt?token=${expired}`);
    expect(late.status).toBe(400);
    expect(await late.json()).toMatchObject({ statusCode: '400', error: 'InvalidJWT', message: '"exp" claim timestamp check failed' });
  });

  it('signed upload URLs let a holder upload once the caller was allowed to', async () => {
    const files = as(alice).storage.from('private-things');
    const { data, error } = await files.createSignedUploadUrl(`${alice}/via-link.txt`);
    expect(error).toBeNull();
    const put = await as(undefined).storage.from('private-things').uploadToSignedUrl(`${alice}/via-link.txt`, data!.token, 'from link', { contentType: 'text/plain' });
    expect(put.error).toBeNull();
    expect(await (await files.download(`${alice}/via-link.txt`)).data?.text()).toBe('from link');
    const refused = await as(bob).storage.from('private-things').createSignedUploadUrl(`${alice}/bob.txt`);
    expect(refused.error).toMatchObject({ message: 'new row violates row-level security policy' });
  });

  it('answers Range requests with 206 and the asked bytes (video seeking)', async () => {
    const bytes = Buffer.from(Array.from({ length: 1000 }, (_, i) => i % 251));
    await admin.storage.from('open-things').upload('clip.bin', bytes, { contentType: 'application/octet-stream' });
    const url = `${ts.url}/storage/v1/object/public/open-things/clip.bin`;
    const mid = await fetch(url, { headers: { Range: 'bytes=100-199' } });
    expect(mid.status).toBe(206);
    expect(mid.headers.get('content-range')).toBe('bytes 100-199/1000');
    expect(Buffer.from(await mid.arrayBuffer())).toEqual(bytes.subarray(100, 200));
    const tail = await fetch(url, { headers: { Range: 'bytes=-10' } });
    expect(Buffer.from(await tail.arrayBuffer())).toEqual(bytes.subarray(990));
    const open = await fetch(url, { headers: { Range: 'bytes=995-' } });
    expect(open.headers.get('content-range')).toBe('bytes 995-999/1000');
    const past = await fetch(url, { headers: { Range: 'bytes=5000-' } });
    expect(past.status).toBe(400);
    expect(await past.json()).toMatchObject({ error: 'invalid_range' });
    const whole = await fetch(url);
    expect(whole.headers.get('accept-ranges')).toBe('bytes');
    expect(whole.headers.get('content-length')).toBe('1000');
  });

  it('refuses path traversal and control characters in keys', async () => {
    const files = admin.storage.from('open-things');
    await files.upload('inside.txt', 'x', { contentType: 'text/plain' });
    // (A URL loses a raw tab or newline to fetch's parser, so they go percent-encoded, as a browser sends them.)
    for (const key of ['bell\u0007.txt', 'new%0Aline.txt', 'tab%09.txt', 'nul%00.txt', 'ünïcode.txt']) {
      const { error } = await files.upload(key, 'x', { contentType: 'text/plain' });
      expect(error, key).toMatchObject({ statusCode: '400' });
      expect(error?.message, key).toMatch(/^Invalid key/);
    }
    // fetch folds `..` segments of a URL before sending it; a body carries them as they are.
    for (const key of ['../escape.txt', 'a/../../b.txt', 'a/./b.txt', '/rooted.txt', 'a//b.txt', 'new\nline.txt']) {
      const { error } = await files.copy('inside.txt', key);
      expect(error?.message, key).toMatch(/^Invalid key/);
    }
    // node:http sends a path as written (fetch would fold the encoded dots away first); the gateway's URL
    // parsing folds them, so the request leaves /object altogether and meets no route.
    const raw = await rawGet(`/storage/v1/object/open-things/%2e%2e/%2e%2e/etc/passwd`, ts.serviceRoleKey);
    expect(raw.status).toBe(404);
    expect(JSON.parse(raw.body)).toMatchObject({ statusCode: '404', message: 'Route GET:/storage/v1/etc/passwd not found' });
    const encodedSlash = await rawGet(`/storage/v1/object/open-things/a%2F..%2F..%2Fb.txt`, ts.serviceRoleKey);
    expect(JSON.parse(encodedSlash.body)).toMatchObject({ error: 'InvalidKey' });
  });

  it('refuses a bad token and an unknown bucket in the server\'s error shape', async () => {
    // The server's jwt plugin: AccessDenied with jose's words, whether the token is garbled, late or absent.
    const bad = await fetch(`${ts.url}/storage/v1/object/private-things/x.txt`, { headers: { Authorization: 'Bearer nope' } });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ statusCode: '403', code: 'AccessDenied', error: 'Unauthorized', message: 'Invalid Compact JWS' });
    const lateToken = signJwt({ role: 'authenticated', sub: alice, exp: Math.floor(Date.now() / 1000) - 1 }, ts.config.jwtSecret);
    const late = await fetch(`${ts.url}/storage/v1/bucket`, { headers: { Authorization: `Bearer ${lateToken}` } });
    expect(await late.json()).toMatchObject({ statusCode: '403', message: '"exp" claim timestamp check failed' });
    const anonymous = await nodeClient(ts.url, ts.anonKey).storage.listBuckets();
    expect(anonymous.error).toBeNull();
    const absent = await fetch(`${ts.url}/storage/v1/bucket`);
    expect(await absent.json()).toMatchObject({ statusCode: '403', error: 'Unauthorized', message: 'Invalid Compact JWS' });
    const none = await admin.storage.from('no-such-bucket').upload('x.txt', 'x');
    expect(none.error).toMatchObject({ message: 'Bucket not found', statusCode: '404' });
  });
});
