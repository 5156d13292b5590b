import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callFilesVerify, fileBlob, fileBytes } from '../../testkit/file-bytes.ts';
import { ids } from '../../testkit/db/personas.ts';
import { nodeClient } from '../../testkit/node-client.ts';
import { signJwt } from '../../testkit/runtime.ts';
import { startTestStack, type TestStack } from '../../testkit/test-stack.ts';

// The files-verify edge function (real Deno, verify_jwt = true) over the local Storage (decision 0050):
// an object's first bytes against its stored type; a mismatch removes the object, a match is recorded.

let ts: TestStack;
let hire: { id: string; campaign: string; creator: string; brand: string };
type Client = SupabaseClient<any, any, any>;
const tokenOf = (sub: string) => signJwt({ role: 'authenticated', sub, aud: 'authenticated', exp: Math.floor(Date.now() / 1000) + 3600 }, ts.config.jwtSecret);
const as = (sub?: string): Client => nodeClient(ts.url, ts.anonKey, { token: sub ? tokenOf(sub) : undefined });
const verify = (sub: string | undefined, bucket: string, path: string) => callFilesVerify(ts.url, ts.anonKey, sub ? tokenOf(sub) : undefined, { bucket, path });

async function put(sub: string, bucket: string, path: string, content: Uint8Array, type: string): Promise<void> {
  const { error } = await as(sub).storage.from(bucket).upload(path, fileBlob(content, type), { contentType: type, upsert: true });
  expect(error, `${bucket}/${path}`).toBeNull();
}
async function stored(bucket: string, path: string): Promise<boolean> {
  return (await ts.database.db.query('select 1 from storage.objects where bucket_id = $1 and name = $2', [bucket, path])).rows.length === 1;
}
async function verified(bucket: string, path: string): Promise<boolean> {
  return (await ts.database.db.query<{ ok: boolean }>('select app.file_verified($1, $2) as ok', [bucket, path])).rows[0]!.ok;
}

beforeAll(async () => {
  ts = await startTestStack({ seed: true, log: (l) => { if (process.env.DEBUG_STACK) console.log(l); } });
  const found = await ts.database.db.query<{ id: string; campaign_id: string; creator_id: string; brand_id: string }>(
    `select id, campaign_id, creator_id, brand_id from app.applications where status = 'accepted' order by id limit 1`,
  );
  const a = found.rows[0]!;
  hire = { id: a.id, campaign: a.campaign_id, creator: a.creator_id, brand: a.brand_id };
}, 180_000);
afterAll(async () => {
  await ts?.close();
});

describe('files-verify refuses content that is not its declared type', () => {
  it('a PNG renamed .pdf in briefs: 422, removed, never verified', async () => {
    const path = `${hire.campaign}/brief.pdf`;
    await put(hire.brand, 'briefs', path, fileBytes.png(), 'application/pdf');
    const res = await verify(hire.brand, 'briefs', path);
    expect(res).toEqual({ status: 422, json: { code: 'file_content_mismatch', message: 'The file was declared application/pdf but its content is a PNG image; it was removed' } });
    expect(await stored('briefs', path)).toBe(false);
    expect(await verified('briefs', path)).toBe(false);
  });

  it('a text file declared image/png in avatars: 422 and removed', async () => {
    const path = `${ids.creator}/avatar-script.png`;
    await put(ids.creator, 'avatars', path, fileBytes.text(), 'image/png');
    const res = await verify(ids.creator, 'avatars', path);
    expect(res.status).toBe(422);
    expect(res.json).toMatchObject({ code: 'file_content_mismatch' });
    expect(res.json.message).toContain('none of the types this site accepts');
    expect(await stored('avatars', path)).toBe(false);
  });
});

describe('files-verify records a valid file of each type', () => {
  const cases: Array<[string, () => string, keyof typeof fileBytes, string]> = [
    ['avatars', () => `${ids.creator}/a.png`, 'png', 'image/png'],
    ['avatars', () => `${ids.creator}/a.jpg`, 'jpeg', 'image/jpeg'],
    ['logos', () => `${ids.brand}/l.webp`, 'webp', 'image/webp'],
    ['briefs', () => `${hire.campaign}/brief-ok.pdf`, 'pdf', 'application/pdf'],
    ['portfolio', () => `${hire.creator}/clip.mp4`, 'mp4', 'video/mp4'],
    ['drafts', () => `${hire.id}/draft.webm`, 'webm', 'video/webm'],
  ];
  for (const [bucket, pathOf, kind, type] of cases) {
    it(`${type} in ${bucket}`, async () => {
      const path = pathOf();
      const owner = bucket === 'briefs' ? hire.brand : bucket === 'portfolio' || bucket === 'drafts' ? hire.creator : path.split('/')[0]!;
      await put(owner, bucket, path, fileBytes[kind](), type);
      const res = await verify(owner, bucket, path);
      expect(res).toEqual({ status: 200, json: { bucket, path, mime: type, verified: true } });
      expect(await stored(bucket, path)).toBe(true);
      expect(await verified(bucket, path)).toBe(true);
    });
  }

  it('a file replaced after its check (upsert) is no longer verified until checked again', async () => {
    const path = `${ids.otherCreator}/swap.png`;
    await put(ids.otherCreator, 'avatars', path, fileBytes.png(), 'image/png');
    expect((await verify(ids.otherCreator, 'avatars', path)).status).toBe(200);
    await put(ids.otherCreator, 'avatars', path, fileBytes.text(), 'image/png');
    expect(await verified('avatars', path)).toBe(false);
    expect((await verify(ids.otherCreator, 'avatars', path)).status).toBe(422);
  });
});

describe('who may ask', () => {
  it('without a JWT the gateway refuses (401)', async () => {
    expect((await verify(undefined, 'avatars', `${ids.creator}/a.png`)).status).toBe(401);
  });

  it('a user who may not read the object gets 404 and the object stays as it is', async () => {
    const path = `${hire.campaign}/secret.pdf`;
    await put(hire.brand, 'briefs', path, fileBytes.png(), 'application/pdf');
    const outsider = [ids.otherBrand, ids.thirdBrand, ids.brand].find((b) => b !== hire.brand)!;
    for (const who of [outsider, ids.creatorN(9)]) {
      expect(await verify(who, 'briefs', path), who).toEqual({ status: 404, json: { code: 'file_not_found', message: 'No such file, or you may not read it' } });
    }
    expect(await stored('briefs', path)).toBe(true);
  });

  it('a missing object is 404; a bad bucket or path is 400', async () => {
    expect((await verify(ids.creator, 'avatars', `${ids.creator}/nothing.png`)).json).toMatchObject({ code: 'file_not_found' });
    expect((await verify(ids.creator, 'secrets', `${ids.creator}/a.png`)).json).toMatchObject({ code: 'validation_failed', field: 'bucket' });
    for (const path of [`${ids.creator}/../x.png`, `${ids.creator}/a\u0000.png`, '', `${ids.creator}//a.png`]) {
      expect((await verify(ids.creator, 'avatars', path)).json, JSON.stringify(path)).toMatchObject({ code: 'validation_failed', field: 'path' });
    }
  });

  it('record_file_check is the service role\'s alone', async () => {
    const { error } = await as(ids.creator).rpc('record_file_check', { bucket: 'avatars', name: `${ids.creator}/a.png`, mime: 'image/png', version: 'x' });
    expect(error).not.toBeNull();
    const direct = await as(ids.creator).schema('app' as 'api').from('file_checks').select('*');
    expect(direct.error).not.toBeNull();
  });
});
