import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callFilesVerify } from '../../testkit/file-bytes.ts';
import { signJwt } from '../../testkit/runtime.ts';
import { ids } from '../../testkit/db/personas.ts';
import { nodeClient } from '../../testkit/node-client.ts';
import { startTestStack, type TestStack } from '../../testkit/test-stack.ts';

// The creator portfolio (migration 20250130000000, decision 0048): items name objects the creator uploaded
// into their own folder of the `portfolio` bucket, through the local Storage and the real RLS.

let ts: TestStack;
type Client = SupabaseClient<any, any, any>;
const tokenOf = (sub: string) => signJwt({ role: 'authenticated', sub, aud: 'authenticated', exp: Math.floor(Date.now() / 1000) + 3600 }, ts.config.jwtSecret);
function as(sub?: string): Client {
  return nodeClient(ts.url, ts.anonKey, { token: sub ? tokenOf(sub) : undefined });
}
const webp = () => new Blob([new Uint8Array([82, 73, 70, 70, 0, 0, 0, 0, 87, 69, 66, 80])], { type: 'image/webp' });
const mp4 = () => new Blob([new Uint8Array([0, 0, 0, 24, 102, 116, 121, 112, 109, 112, 52, 50])], { type: 'video/mp4' });

/** Uploads into the portfolio bucket and (unless told not to) has files-verify check the content, as the web app does. */
async function upload(sub: string, name: string, blob: Blob = webp(), verify = true, bucket = 'portfolio'): Promise<string> {
  const path = `${sub}/${name}`;
  const { error } = await as(sub).storage.from(bucket).upload(path, blob, { upsert: true });
  expect(error).toBeNull();
  if (verify) expect((await callFilesVerify(ts.url, ts.anonKey, tokenOf(sub), { bucket, path })).status).toBe(200);
  return path;
}
interface Row {
  id: string;
  path: string;
  kind: string;
  caption: string | null;
  position: number;
}
async function itemsOf(id: string): Promise<Row[]> {
  return (await ts.database.db.query<Row>('select id, path, kind, caption, position from app.portfolio_items where creator_id = $1 order by position', [id])).rows;
}
async function clear(id: string) {
  await ts.database.db.query('delete from app.portfolio_items where creator_id = $1', [id]);
}

// Daniela and Nicolás: creators no other test here leans on.
const daniela = ids.creatorN(12);
const nicolas = ids.creatorN(11);

beforeAll(async () => {
  ts = await startTestStack({ seed: true });
}, 180_000);
afterAll(async () => {
  await ts?.close();
});

describe('api.add_portfolio_item', () => {
  it('adds the creator\'s own image and video as the last items, the kind read from the file\'s type', async () => {
    await clear(daniela);
    const image = await upload(daniela, 'a.webp');
    const thumb = await upload(daniela, 'a-thumb.webp');
    const video = await upload(daniela, 'b.mp4', mp4());
    const first = await as(daniela).rpc('add_portfolio_item', { path: image, caption: '  Plantas en casa  ', thumbnail_path: thumb });
    expect(first.error).toBeNull();
    expect((await as(daniela).rpc('add_portfolio_item', { path: video })).error).toBeNull();
    const rows = await itemsOf(daniela);
    expect(rows.map((r) => [r.path, r.kind, r.caption, r.position])).toEqual([
      [image, 'image', 'Plantas en casa', 1],
      [video, 'video', null, 2],
    ]);
    expect(rows[0]!.id).toBe(first.data);
    const again = await as(daniela).rpc('add_portfolio_item', { path: image });
    expect(again.error).toMatchObject({ details: 'portfolio_item_exists' });
  });

  it('refuses a path in another creator\'s folder, a missing file, a file of another bucket, and a foreign thumbnail', async () => {
    const theirs = await upload(nicolas, 'theirs.webp');
    const mine = await upload(daniela, 'mine.webp');
    await as(daniela).storage.from('avatars').upload(`${daniela}/avatar-p.webp`, webp(), { upsert: true });
    for (const path of [theirs, `${daniela}/nothing.webp`, `${daniela}/avatar-p.webp`, `../${daniela}/mine.webp`, '']) {
      const { error } = await as(daniela).rpc('add_portfolio_item', { path });
      expect(error, path).toMatchObject({ code: '22023', details: 'portfolio_file_not_uploaded' });
    }
    const foreignThumb = await as(daniela).rpc('add_portfolio_item', { path: mine, thumbnail_path: theirs });
    expect(foreignThumb.error).toMatchObject({ details: 'portfolio_file_not_uploaded' });
    expect((await itemsOf(daniela)).map((r) => r.path)).not.toContain(mine);
  });

  it('refuses a file (or a thumbnail) files-verify has not checked, and removes one whose bytes are not its type', async () => {
    const checked = await upload(daniela, 'checked.webp');
    const unchecked = await upload(daniela, 'unchecked.webp', webp(), false);
    for (const args of [{ path: unchecked }, { path: checked, thumbnail_path: unchecked }]) {
      expect((await as(daniela).rpc('add_portfolio_item', args)).error, JSON.stringify(args)).toMatchObject({ code: '22023', details: 'file_not_verified' });
    }
    const fake = await upload(daniela, 'fake.mp4', new Blob(['just text'], { type: 'video/mp4' }), false);
    expect((await callFilesVerify(ts.url, ts.anonKey, tokenOf(daniela), { bucket: 'portfolio', path: fake })).status).toBe(422);
    expect((await as(daniela).storage.from('portfolio').exists(fake)).data).toBe(false);
  });

  it('refuses brands, admins and visitors', async () => {
    const path = await upload(daniela, 'for-a-brand.webp');
    for (const who of [ids.brand, ids.admin, undefined]) {
      const { error } = await as(who).rpc('add_portfolio_item', { path });
      expect(error, String(who)).not.toBeNull();
    }
    expect((await as(ids.brand).rpc('add_portfolio_item', { path })).error).toMatchObject({ details: 'not_creator' });
  });

  it('refuses a caption over 300 characters', async () => {
    const path = await upload(daniela, 'long.webp');
    const { error } = await as(daniela).rpc('add_portfolio_item', { path, caption: 'x'.repeat(301) });
    expect(error).toMatchObject({ details: 'caption_too_long' });
  });

  it('holds 12 items and refuses the 13th with a clear error', async () => {
    await clear(daniela);
    for (let n = 1; n <= 12; n++) {
      const path = await upload(daniela, `many-${n}.webp`);
      expect((await as(daniela).rpc('add_portfolio_item', { path })).error, String(n)).toBeNull();
    }
    const path = await upload(daniela, 'many-13.webp');
    const { error } = await as(daniela).rpc('add_portfolio_item', { path });
    expect(error).toMatchObject({ code: '22023', details: 'portfolio_full', message: 'A portfolio holds at most 12 items: remove one first' });
    expect(await itemsOf(daniela)).toHaveLength(12);
    await clear(daniela);
  });
});

describe('remove, reorder and caption: only the creator\'s own items', () => {
  it('reorders, captions and removes (closing the gap, answering the keys to delete)', async () => {
    await clear(daniela);
    const paths = [await upload(daniela, 'r1.webp'), await upload(daniela, 'r2.webp'), await upload(daniela, 'r3.webp')];
    const thumb = await upload(daniela, 'r1-thumb.webp');
    await as(daniela).rpc('add_portfolio_item', { path: paths[0], thumbnail_path: thumb });
    for (const path of paths.slice(1)) await as(daniela).rpc('add_portfolio_item', { path });
    const [a, b, c] = (await itemsOf(daniela)).map((r) => r.id);
    expect((await as(daniela).rpc('reorder_portfolio', { item_ids: [c, a, b] })).error).toBeNull();
    expect((await itemsOf(daniela)).map((r) => r.id)).toEqual([c, a, b]);
    expect((await as(daniela).rpc('set_portfolio_caption', { item_id: a, caption: 'Mi balcón' })).error).toBeNull();
    expect((await itemsOf(daniela)).find((r) => r.id === a)?.caption).toBe('Mi balcón');
    const removed = await as(daniela).rpc('remove_portfolio_item', { item_id: a });
    expect(removed.error).toBeNull();
    expect(removed.data).toEqual([paths[0], thumb]);
    expect((await itemsOf(daniela)).map((r) => [r.id, r.position])).toEqual([[c, 1], [b, 2]]);
  });

  it('refuses another creator\'s item and an order that is not exactly the creator\'s items', async () => {
    const [item] = await itemsOf(daniela);
    expect(item).toBeDefined();
    expect((await as(nicolas).rpc('remove_portfolio_item', { item_id: item!.id })).error).toMatchObject({ details: 'portfolio_item_not_found' });
    expect((await as(nicolas).rpc('set_portfolio_caption', { item_id: item!.id, caption: 'mine now' })).error).toMatchObject({ details: 'portfolio_item_not_found' });
    expect((await as(nicolas).rpc('reorder_portfolio', { item_ids: [item!.id] })).error).toMatchObject({ details: 'portfolio_order_invalid' });
    const own = (await itemsOf(daniela)).map((r) => r.id);
    for (const order of [own.slice(1), [...own, own[0]], [own[0], own[0]]]) {
      expect((await as(daniela).rpc('reorder_portfolio', { item_ids: order })).error, JSON.stringify(order)).toMatchObject({ details: 'portfolio_order_invalid' });
    }
    // Direct writes are refused by RLS too.
    const direct = await ts.database.db.withConnection(async (conn) => {
      await conn.exec('begin');
      await conn.exec(`set local role authenticated; select set_config('request.jwt.claims', '{"sub":"${nicolas}","role":"authenticated"}', true)`);
      const r = await conn.query('delete from app.portfolio_items where creator_id = $1 returning id', [daniela]);
      await conn.exec('rollback');
      return r.rows.length;
    });
    expect(direct).toBe(0);
    expect((await itemsOf(daniela)).find((r) => r.id === item!.id)?.caption).not.toBe('mine now');
  });
});

describe('reading portfolios', () => {
  it('the profile carries every item, Discover the first three, and a visitor who is not signed in reads it too', async () => {
    await clear(daniela);
    for (let n = 1; n <= 5; n++) await as(daniela).rpc('add_portfolio_item', { path: await upload(daniela, `read-${n}.webp`), caption: `n${n}` });
    const profile = await as(ids.brand).rpc('creator_profile', { creator_id: daniela });
    expect((profile.data as { portfolio: { caption: string }[] }[])[0]!.portfolio.map((i) => i.caption)).toEqual(['n1', 'n2', 'n3', 'n4', 'n5']);
    const cards = await as(ids.brand).rpc('discover_creators', { page_size: 100 });
    const card = (cards.data as { id: string; portfolio: { caption: string; path: string; kind: string }[] }[]).find((c) => c.id === daniela)!;
    expect(card.portfolio.map((i) => i.caption)).toEqual(['n1', 'n2', 'n3']);
    expect(card.portfolio[0]).toMatchObject({ kind: 'image', path: `${daniela}/read-1.webp` });
    const anon = await as().rpc('portfolio', { creator_id: daniela });
    expect(anon.error).toBeNull();
    expect((anon.data as { caption: string }[]).map((i) => i.caption)).toEqual(['n1', 'n2', 'n3', 'n4', 'n5']);
    const file = as().storage.from('portfolio').getPublicUrl(`${daniela}/read-1.webp`).data.publicUrl;
    expect((await fetch(file)).status).toBe(200);
  });

  it('a deleted creator\'s items go with the profile', async () => {
    expect((await itemsOf(daniela)).length).toBeGreaterThan(0);
    await ts.database.db.query('delete from auth.users where id = $1', [daniela]);
    expect(await itemsOf(daniela)).toEqual([]);
  });
});

describe('the signed-out /explore list', () => {
  it('carries each brand\'s logo for a visitor who is not signed in', async () => {
    const store = as(ids.brand).storage.from('logos');
    await upload(ids.brand, 'logo-explore.webp', webp(), true, 'logos');
    const url = store.getPublicUrl(`${ids.brand}/logo-explore.webp`).data.publicUrl;
    expect((await as(ids.brand).rpc('set_my_logo', { logo_url: url })).error).toBeNull();
    const { data, error } = await as().rpc('public_campaigns', { page_size: 50 });
    expect(error).toBeNull();
    const glowlab = (data as { brand_name: string; brand_logo_url: string | null }[]).filter((c) => c.brand_name === 'GlowLab Skincare');
    expect(glowlab.length).toBeGreaterThan(0);
    expect(glowlab.every((c) => c.brand_logo_url === url)).toBe(true);
    expect((await fetch(url)).status).toBe(200);
  });
});

describe('the seed\'s pictures', () => {
  it('are in the stack\'s Storage at start: every seeded photo, logo and portfolio file is served', async () => {
    const named = await ts.database.db.query<{ url: string }>(
      `select avatar_url as url from app.profiles where avatar_url like '/storage/v1/%'
       union all select '/storage/v1/object/public/portfolio/' || path from app.portfolio_items where creator_id <> $1`,
      [daniela],
    );
    expect(named.rows.length).toBeGreaterThanOrEqual(16 + 12 * 2);
    for (const { url } of named.rows) {
      const res = await fetch(`${ts.url}${url}`);
      expect(res.status, url).toBe(200);
      expect(res.headers.get('content-type'), url).toMatch(/^image\/(webp|jpeg|png)$/);
      expect(Number(res.headers.get('content-length')), url).toBeLessThan(16 * 1024);
    }
  });
});

describe('root-relative picture addresses (the seed\'s)', () => {
  it('are admitted only as a simple file in an id folder of the picture buckets', async () => {
    const set = (url: string) => ts.database.db.query('update app.profiles set avatar_url = $1 where id = $2', [url, nicolas]);
    await expect(set(`/storage/v1/object/public/avatars/${nicolas}/avatar.webp`)).resolves.toBeDefined();
    for (const url of [
      `/storage/v1/object/public/avatars/${nicolas}/../x.webp`,
      `/storage/v1/object/public/drafts/${nicolas}/a.webp`,
      '/storage/v1/object/public/avatars/not-an-id/a.webp',
      `//evil.example/storage/v1/object/public/avatars/${nicolas}/a.webp`,
      `/storage/v1/object/public/avatars/${nicolas}/a.webp?x=1`,
    ]) {
      await expect(set(url), url).rejects.toMatchObject({ code: '23514' });
    }
    // Users still cannot save one: only full URLs of their own objects.
    const { error } = await as(nicolas).rpc('set_my_avatar', { avatar_url: `/storage/v1/object/public/avatars/${nicolas}/avatar.webp` });
    expect(error).toMatchObject({ details: 'picture_not_uploaded' });
  });
});
