import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signJwt } from '../../testkit/runtime.ts';
import { ids } from '../../testkit/db/personas.ts';
import { nodeClient } from '../../testkit/node-client.ts';
import { startTestStack, type TestStack } from '../../testkit/test-stack.ts';

// The buckets and policies of migration 20250128000000 (decision 0042), driven through storage-js
// against the local Storage, where RLS on storage.objects decides as on hosted.

let ts: TestStack;
let hire: { id: string; campaign: string; creator: string; brand: string };
let outsiderCreator: string;
let outsiderBrand: string;

type Client = SupabaseClient<any, any, any>;
function as(sub?: string): Client {
  const token = sub ? signJwt({ role: 'authenticated', sub, aud: 'authenticated', exp: Math.floor(Date.now() / 1000) + 3600 }, ts.config.jwtSecret) : undefined;
  return nodeClient(ts.url, ts.anonKey, { token });
}
const png = () => new Blob([new Uint8Array([137, 80, 78, 71, 13, 10, 26, 10])], { type: 'image/png' });
const mp4 = (bytes = 16) => new Blob([new Uint8Array(bytes)], { type: 'video/mp4' });
const pdf = () => new Blob(['%PDF-1.4\n'], { type: 'application/pdf' });

beforeAll(async () => {
  ts = await startTestStack({ seed: true });
  const found = await ts.database.db.query<{ id: string; campaign_id: string; creator_id: string; brand_id: string }>(
    `select id, campaign_id, creator_id, brand_id from app.applications where status = 'accepted' order by id limit 1`,
  );
  const a = found.rows[0]!;
  hire = { id: a.id, campaign: a.campaign_id, creator: a.creator_id, brand: a.brand_id };
  const other = await ts.database.db.query<{ id: string }>(
    `select p.id from app.profiles p where p.role = 'creator' and not exists (
       select 1 from app.applications a where a.campaign_id = $1 and a.creator_id = p.id and a.status = 'accepted') order by p.id limit 1`,
    [hire.campaign],
  );
  outsiderCreator = other.rows[0]!.id;
  outsiderBrand = [ids.brand, ids.otherBrand, ids.thirdBrand].find((b) => b !== hire.brand)!;
}, 180_000);
afterAll(async () => {
  await ts?.close();
});

describe('the buckets', () => {
  it('exist with their visibility, size limits and types', async () => {
    const { data } = await nodeClient(ts.url, ts.serviceRoleKey).storage.listBuckets();
    const byId = Object.fromEntries((data ?? []).map((b) => [b.id, b]));
    expect(byId.avatars).toMatchObject({ public: true, file_size_limit: 2097152, allowed_mime_types: ['image/jpeg', 'image/png', 'image/webp'] });
    expect(byId.logos).toMatchObject({ public: true, file_size_limit: 2097152 });
    expect(byId.portfolio).toMatchObject({ public: true });
    expect(byId.portfolio?.allowed_mime_types).toContain('video/mp4');
    expect(byId.drafts).toMatchObject({ public: false, file_size_limit: 1073741824 });
    expect(byId.briefs).toMatchObject({ public: false, allowed_mime_types: ['application/pdf', 'image/jpeg', 'image/png', 'image/webp'] });
  });
});

describe('avatars and logos', () => {
  it('a user writes only their own folder; anyone reads by public URL', async () => {
    const mine = as(ids.creator).storage.from('avatars');
    expect((await mine.upload(`${ids.creator}/me.png`, png())).error).toBeNull();
    expect((await mine.upload(`${ids.creator}/me.png`, png(), { upsert: true })).error).toBeNull();
    const planted = await as(ids.otherCreator).storage.from('avatars').upload(`${ids.creator}/evil.png`, png());
    expect(planted.error).toMatchObject({ message: 'new row violates row-level security policy' });
    expect((await as().storage.from('avatars').upload(`${ids.creator}/anon.png`, png())).error).toMatchObject({ statusCode: '403' });
    const url = as().storage.from('avatars').getPublicUrl(`${ids.creator}/me.png`).data.publicUrl;
    expect((await fetch(url)).status).toBe(200);
    expect((await as(ids.otherCreator).storage.from('avatars').remove([`${ids.creator}/me.png`])).data).toEqual([]);
    expect((await fetch(url)).status).toBe(200);
  });

  it('refuses a file that is not an image, and one over 2 MB', async () => {
    const mine = as(ids.creator).storage.from('avatars');
    expect((await mine.upload(`${ids.creator}/x.pdf`, pdf())).error).toMatchObject({ statusCode: '415' });
    const big = await mine.upload(`${ids.creator}/big.png`, new Blob([new Uint8Array(2097153)], { type: 'image/png' }));
    expect(big.error).toMatchObject({ statusCode: '413' });
  });

  it('logos are for brands only, in their own folder', async () => {
    expect((await as(ids.brand).storage.from('logos').upload(`${ids.brand}/logo-2.png`, png())).error).toBeNull();
    expect((await as(ids.creator).storage.from('logos').upload(`${ids.creator}/logo.png`, png())).error).toMatchObject({ statusCode: '403' });
    expect((await as(ids.otherBrand).storage.from('logos').upload(`${ids.brand}/logo2.png`, png())).error).toMatchObject({ statusCode: '403' });
  });
});

describe('portfolio', () => {
  it('a creator adds images and video to their folder; anyone lists it; brands cannot add', async () => {
    const mine = as(ids.creator).storage.from('portfolio');
    expect((await mine.upload(`${ids.creator}/1.png`, png())).error).toBeNull();
    expect((await mine.upload(`${ids.creator}/2.mp4`, mp4())).error).toBeNull();
    const listed = await as().storage.from('portfolio').list(ids.creator);
    // The seed's own portfolio files (1.webp, 2.jpg, 3.webp) are listed beside them.
    expect(listed.data?.map((o) => o.name)).toEqual(['1.png', '1.webp', '2.jpg', '2.mp4', '3.webp']);
    expect((await as(ids.brand).storage.from('portfolio').upload(`${ids.brand}/x.png`, png())).error).toMatchObject({ statusCode: '403' });
    expect((await as(ids.otherCreator).storage.from('portfolio').upload(`${ids.creator}/3.png`, png())).error).toMatchObject({ statusCode: '403' });
    expect((await as(ids.otherCreator).storage.from('portfolio').remove([`${ids.creator}/1.png`])).data).toEqual([]);
  });
});

describe('drafts', () => {
  const path = () => `${hire.id}/draft-1.mp4`;

  it('the hire\'s creator uploads; the creator, the brand and admins read', async () => {
    const up = await as(hire.creator).storage.from('drafts').upload(path(), mp4(64));
    expect(up.error).toBeNull();
    for (const who of [hire.creator, hire.brand, ids.admin]) {
      const { data, error } = await as(who).storage.from('drafts').download(path());
      expect(error, who).toBeNull();
      expect(data?.size, who).toBe(64);
    }
    const signed = await as(hire.brand).storage.from('drafts').createSignedUrl(path(), 60);
    expect((await fetch(signed.data!.signedUrl)).status).toBe(200);
  });

  it('nobody else reads it: by guessed path, by listing, by signing, anonymously, by public URL', async () => {
    for (const who of [outsiderCreator, outsiderBrand, undefined]) {
      const c = as(who).storage.from('drafts');
      expect((await c.download(path())).error, String(who)).toMatchObject({ statusCode: '404' });
      expect((await c.list(hire.id)).data, String(who)).toEqual([]);
      expect((await c.createSignedUrl(path(), 60)).error, String(who)).toMatchObject({ message: 'Object not found' });
      expect((await c.info(path())).error, String(who)).not.toBeNull();
    }
    const publicUrl = as().storage.from('drafts').getPublicUrl(path()).data.publicUrl;
    expect(await (await fetch(publicUrl)).json()).toMatchObject({ statusCode: '404', error: 'Bucket not found' });
  });

  it('a signed URL stops working once it has expired', async () => {
    const { data } = await as(hire.brand).storage.from('drafts').createSignedUrl(path(), 1);
    await new Promise((r) => setTimeout(r, 2100));
    const res = await fetch(data!.signedUrl);
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: 'InvalidJWT', message: '"exp" claim timestamp check failed' });
  });

  it('only the hire\'s creator writes: not the brand, not another creator, not into another hire', async () => {
    for (const who of [hire.brand, outsiderCreator, outsiderBrand]) {
      const { error } = await as(who).storage.from('drafts').upload(`${hire.id}/other.mp4`, mp4());
      expect(error, who).toMatchObject({ message: 'new row violates row-level security policy' });
    }
    const bad = await as(hire.creator).storage.from('drafts').upload('not-a-hire/x.mp4', mp4());
    expect(bad.error).toMatchObject({ statusCode: '403' });
    expect((await as(hire.creator).storage.from('drafts').upload(`${hire.id}/doc.pdf`, pdf())).error).toMatchObject({ statusCode: '415' });
    expect((await as(hire.brand).storage.from('drafts').remove([path()])).data).toEqual([]);
  });
});

describe('briefs', () => {
  const path = () => `${hire.campaign}/brief.pdf`;

  it('the campaign\'s brand attaches; the brand, hired creators and admins read; others do not', async () => {
    expect((await as(hire.brand).storage.from('briefs').upload(path(), pdf())).error).toBeNull();
    for (const who of [hire.brand, hire.creator, ids.admin]) {
      expect((await as(who).storage.from('briefs').download(path())).error, who).toBeNull();
    }
    for (const who of [outsiderCreator, outsiderBrand, undefined]) {
      expect((await as(who).storage.from('briefs').download(path())).error, String(who)).toMatchObject({ statusCode: '404' });
      expect((await as(who).storage.from('briefs').list(hire.campaign)).data, String(who)).toEqual([]);
    }
    for (const who of [hire.creator, outsiderBrand]) {
      const { error } = await as(who).storage.from('briefs').upload(`${hire.campaign}/x.pdf`, pdf());
      expect(error, who).toMatchObject({ statusCode: '403' });
    }
    expect((await as(hire.brand).storage.from('briefs').upload(`${hire.campaign}/clip.mp4`, mp4())).error).toMatchObject({ statusCode: '415' });
  });
});
