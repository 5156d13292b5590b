import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callFilesVerify } from '../../testkit/file-bytes.ts';
import { signJwt } from '../../testkit/runtime.ts';
import { ids } from '../../testkit/db/personas.ts';
import { nodeClient } from '../../testkit/node-client.ts';
import { startTestStack, type TestStack } from '../../testkit/test-stack.ts';

// api.set_my_avatar and api.set_my_logo (migration 20250129000100, decision 0046): a profile names only a
// picture its owner uploaded into their own folder, through the local Storage and the real RLS.

let ts: TestStack;
type Client = SupabaseClient<any, any, any>;
const tokenOf = (sub: string) => signJwt({ role: 'authenticated', sub, aud: 'authenticated', exp: Math.floor(Date.now() / 1000) + 3600 }, ts.config.jwtSecret);
function as(sub?: string): Client {
  return nodeClient(ts.url, ts.anonKey, { token: sub ? tokenOf(sub) : undefined });
}
const webp = () => new Blob([new Uint8Array([82, 73, 70, 70, 0, 0, 0, 0, 87, 69, 66, 80])], { type: 'image/webp' });

/** Uploads a WebP into the user's folder and (unless told not to) has files-verify check its content. */
async function upload(sub: string, bucket: string, name: string, verify = true): Promise<string> {
  const store = as(sub).storage.from(bucket);
  const { error } = await store.upload(`${sub}/${name}`, webp(), { upsert: true });
  expect(error).toBeNull();
  if (verify) expect((await callFilesVerify(ts.url, ts.anonKey, tokenOf(sub), { bucket, path: `${sub}/${name}` })).status).toBe(200);
  return store.getPublicUrl(`${sub}/${name}`).data.publicUrl;
}
async function avatarOf(id: string): Promise<string | null> {
  return (await ts.database.db.query<{ avatar_url: string | null }>('select avatar_url from app.profiles where id = $1', [id])).rows[0]!.avatar_url;
}
async function logoOf(id: string): Promise<string | null> {
  return (await ts.database.db.query<{ logo_url: string | null }>('select logo_url from app.brand_profiles where user_id = $1', [id])).rows[0]!.logo_url;
}

beforeAll(async () => {
  ts = await startTestStack({ seed: true });
}, 180_000);
afterAll(async () => {
  await ts?.close();
});

describe('api.set_my_avatar', () => {
  it('saves the public URL of an image in the caller\'s own folder, and null removes it', async () => {
    const url = await upload(ids.creator, 'avatars', 'avatar-1.webp');
    expect((await as(ids.creator).rpc('set_my_avatar', { avatar_url: url })).error).toBeNull();
    expect(await avatarOf(ids.creator)).toBe(url);
    expect((await fetch(url)).status).toBe(200);
    expect((await as(ids.creator).rpc('set_my_avatar', { avatar_url: null })).error).toBeNull();
    expect(await avatarOf(ids.creator)).toBeNull();
  });

  it('admins have a photo too', async () => {
    const url = await upload(ids.admin, 'avatars', 'avatar-1.webp');
    expect((await as(ids.admin).rpc('set_my_avatar', { avatar_url: url })).error).toBeNull();
    expect(await avatarOf(ids.admin)).toBe(url);
  });

  it('refuses another user\'s picture, a missing file, another bucket and any outside link, and keeps the old one', async () => {
    const mine = await upload(ids.otherCreator, 'avatars', 'avatar-1.webp');
    expect((await as(ids.otherCreator).rpc('set_my_avatar', { avatar_url: mine })).error).toBeNull();
    const theirs = await upload(ids.creator, 'avatars', 'avatar-2.webp');
    const missing = mine.replace('avatar-1.webp', 'nothing.webp');
    const logo = await upload(ids.brand, 'logos', 'logo-x.webp');
    const logoOfMine = mine.replace('/public/avatars/', '/public/logos/');
    for (const url of [theirs, missing, logo, logoOfMine, 'https://tracker.example/pixel.png', `https://evil.example/storage/v1/object/public/avatars/${ids.creator}/avatar-2.webp?x`, '']) {
      const { error } = await as(ids.otherCreator).rpc('set_my_avatar', { avatar_url: url });
      expect(error, url).toMatchObject({ code: '22023', details: 'picture_not_uploaded' });
    }
    expect(await avatarOf(ids.otherCreator)).toBe(mine);
  });

  it('refuses an uploaded file files-verify has not checked, and one replaced since its check', async () => {
    const before = await avatarOf(ids.creatorN(5));
    const unchecked = await upload(ids.creatorN(5), 'avatars', 'avatar-unchecked.webp', false);
    expect((await as(ids.creatorN(5)).rpc('set_my_avatar', { avatar_url: unchecked })).error).toMatchObject({ code: '22023', details: 'file_not_verified' });
    const replaced = await upload(ids.creatorN(5), 'avatars', 'avatar-replaced.webp');
    await upload(ids.creatorN(5), 'avatars', 'avatar-replaced.webp', false);
    expect((await as(ids.creatorN(5)).rpc('set_my_avatar', { avatar_url: replaced })).error).toMatchObject({ code: '22023', details: 'file_not_verified' });
    expect(await avatarOf(ids.creatorN(5))).toBe(before);
  });

  it('refuses a visitor who is not signed in', async () => {
    const { error } = await as().rpc('set_my_avatar', { avatar_url: null });
    expect(error).not.toBeNull();
  });
});

describe('the buckets refuse on the server what the browser refuses first', () => {
  it('a file that is not a JPEG, PNG or WebP, and one over 2 MB, in avatars and logos alike', async () => {
    for (const [who, bucket] of [[ids.creator, 'avatars'], [ids.brand, 'logos']] as const) {
      const store = as(who).storage.from(bucket);
      const pdf = await store.upload(`${who}/x.pdf`, new Blob(['%PDF-1.4\n'], { type: 'application/pdf' }));
      expect(pdf.error, bucket).toMatchObject({ statusCode: '415' });
      const gif = await store.upload(`${who}/x.gif`, new Blob(['GIF89a'], { type: 'image/gif' }));
      expect(gif.error, bucket).toMatchObject({ statusCode: '415' });
      const big = await store.upload(`${who}/big.webp`, new Blob([new Uint8Array(2 * 1024 * 1024 + 1)], { type: 'image/webp' }));
      expect(big.error, bucket).toMatchObject({ statusCode: '413' });
      expect((await store.list(who)).data?.map((o) => o.name).filter((n) => /^(x|big)\./.test(n))).toEqual([]);
    }
  });
});

describe('api.set_my_logo', () => {
  it('saves a brand\'s own logo and removes it', async () => {
    const url = await upload(ids.brand, 'logos', 'logo-1.webp');
    expect((await as(ids.brand).rpc('set_my_logo', { logo_url: url })).error).toBeNull();
    expect(await logoOf(ids.brand)).toBe(url);
    expect(await avatarOf(ids.brand)).toBe(url);
    const detail = await as(ids.creator).rpc('campaign_detail', { campaign_id: ids.campaign(1) });
    expect(JSON.stringify(detail.data)).toContain(url);
    const cards = await as(ids.creator).rpc('browse_campaigns', { page_size: 100 });
    const glowlab = (cards.data as { brand_id: string; brand_logo_url: string | null }[]).filter((c) => c.brand_id === ids.brand);
    expect(glowlab.length).toBeGreaterThan(0);
    expect(glowlab.every((c) => c.brand_logo_url === url)).toBe(true);
    expect((await as(ids.brand).rpc('set_my_logo', { logo_url: null })).error).toBeNull();
    expect(await logoOf(ids.brand)).toBeNull();
    expect(await avatarOf(ids.brand)).toBeNull();
  });

  it('refuses a logo files-verify has not checked', async () => {
    const unchecked = await upload(ids.thirdBrand, 'logos', 'logo-unchecked.webp', false);
    expect((await as(ids.thirdBrand).rpc('set_my_logo', { logo_url: unchecked })).error).toMatchObject({ code: '22023', details: 'file_not_verified' });
  });

  it('refuses creators, another brand\'s logo and an avatar', async () => {
    const creatorsAvatar = await upload(ids.creator, 'avatars', 'avatar-3.webp');
    expect((await as(ids.creator).rpc('set_my_logo', { logo_url: creatorsAvatar })).error).toMatchObject({ details: 'not_brand' });
    const glowlab = await upload(ids.brand, 'logos', 'logo-2.webp');
    const ownAvatar = await upload(ids.otherBrand, 'avatars', 'avatar-1.webp');
    for (const url of [glowlab, ownAvatar]) {
      expect((await as(ids.otherBrand).rpc('set_my_logo', { logo_url: url })).error, url).toMatchObject({ details: 'picture_not_uploaded' });
    }
  });
});
