import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callFilesVerify, fileBlob, fileBytes } from '../../testkit/file-bytes.ts';
import { ids } from '../../testkit/db/personas.ts';
import { nodeClient } from '../../testkit/node-client.ts';
import { signJwt } from '../../testkit/runtime.ts';
import { startTestStack, type TestStack } from '../../testkit/test-stack.ts';

// Brief attachments (migration 20250130000200, decision 0050): api.attach_brief_file, remove_brief_file
// and brief_attachments, over the local Storage and files-verify, for every role.

let ts: TestStack;
/** A campaign with a hired creator, a creator who applied and was not hired, and one who never applied. */
let c: { id: string; brand: string; hired: string; applicant: string; stranger: string; otherBrand: string };
type Client = SupabaseClient<any, any, any>;
const tokenOf = (sub: string) => signJwt({ role: 'authenticated', sub, aud: 'authenticated', exp: Math.floor(Date.now() / 1000) + 3600 }, ts.config.jwtSecret);
const as = (sub?: string): Client => nodeClient(ts.url, ts.anonKey, { token: sub ? tokenOf(sub) : undefined });

/** The brand uploads a file into the campaign's folder and (unless told not to) has its content checked. */
async function uploadBrief(name: string, { verify = true, content = fileBytes.pdf(), type = 'application/pdf', campaign = c.id } = {}): Promise<string> {
  const path = `${campaign}/${name}`;
  const { error } = await as(c.brand).storage.from('briefs').upload(path, fileBlob(content, type), { contentType: type, upsert: true });
  expect(error).toBeNull();
  if (verify) expect((await callFilesVerify(ts.url, ts.anonKey, tokenOf(c.brand), { bucket: 'briefs', path })).status).toBe(200);
  return path;
}
const attach = (who: string | undefined, path: string, fileName = 'Brief.pdf', campaign = c.id) =>
  as(who).rpc('attach_brief_file', { campaign_id: campaign, path, file_name: fileName });
const list = async (who: string | undefined) => (await as(who).rpc('brief_attachments', { campaign_id: c.id })) as { data: any[] | null; error: any };
async function attachedCount(): Promise<number> {
  return Number((await ts.database.db.query<{ n: string }>('select count(*) as n from app.brief_attachments where campaign_id = $1', [c.id])).rows[0]!.n);
}

beforeAll(async () => {
  ts = await startTestStack({ seed: true });
  const db = ts.database.db;
  const hire = (await db.query<{ campaign_id: string; creator_id: string; brand_id: string }>(
    `select campaign_id, creator_id, brand_id from app.applications where status = 'accepted' order by id limit 1`,
  )).rows[0]!;
  const others = (await db.query<{ id: string }>(
    `select p.id from app.profiles p where p.role = 'creator'
       and not exists (select 1 from app.applications a where a.campaign_id = $1 and a.creator_id = p.id and a.status = 'accepted')
     order by p.id limit 2`,
    [hire.campaign_id],
  )).rows;
  const applicant = others[0]!.id;
  await db.query(
    `insert into app.applications (campaign_id, creator_id, brand_id, pitch, status) values ($1, $2, $3, 'Me, please', 'pending')
     on conflict (campaign_id, creator_id) do update set status = 'pending'`,
    [hire.campaign_id, applicant, hire.brand_id],
  );
  c = {
    id: hire.campaign_id, brand: hire.brand_id, hired: hire.creator_id, applicant, stranger: others[1]!.id,
    otherBrand: [ids.brand, ids.otherBrand, ids.thirdBrand].find((b) => b !== hire.brand_id)!,
  };
}, 180_000);
afterAll(async () => {
  await ts?.close();
});

describe('attach (the campaign\'s brand only)', () => {
  it('the brand attaches a checked PDF; size, type and the name shown are recorded; the same path again is the same row', async () => {
    const path = await uploadBrief('brief.pdf');
    const first = await attach(c.brand, path, '  Creative brief (v2).pdf ');
    expect(first.error).toBeNull();
    expect(typeof first.data).toBe('string');
    expect((await attach(c.brand, path, 'Creative brief (v2).pdf')).data).toBe(first.data);
    const { data } = await list(c.brand);
    expect(data).toEqual([expect.objectContaining({ id: first.data, path, file_name: 'Creative brief (v2).pdf', mime: 'application/pdf', size_bytes: fileBytes.pdf().length })]);
  });

  it('refuses another brand, the hired creator, an applicant, an admin and a visitor', async () => {
    const path = await uploadBrief('brief-2.pdf');
    for (const who of [c.otherBrand, c.hired, c.applicant, ids.admin]) {
      expect((await attach(who, path)).error, who).toMatchObject({ code: '42501', details: 'not_campaign_brand' });
    }
    expect((await attach(undefined, path)).error).not.toBeNull();
    expect(await attachedCount()).toBe(1);
  });

  it('refuses a file not uploaded, outside the campaign\'s folder, with . or .. segments, or another campaign\'s', async () => {
    const ownOther = (await ts.database.db.query<{ id: string }>('select id from app.campaigns where brand_id = $1 and id <> $2 limit 1', [c.brand, c.id])).rows[0]!.id;
    const elsewhere = await uploadBrief('elsewhere.pdf', { campaign: ownOther });
    for (const path of [`${c.id}/missing.pdf`, elsewhere, `${c.id}/../${elsewhere}`, `${c.id}/./brief.pdf`, 'brief.pdf', `${c.id}/a\u0001.pdf`]) {
      expect((await attach(c.brand, path)).error, path).toMatchObject({ code: '22023', details: 'brief_file_not_uploaded' });
    }
  });

  it('refuses a file whose content was not checked', async () => {
    const path = await uploadBrief('unchecked.pdf', { verify: false });
    expect((await attach(c.brand, path)).error).toMatchObject({ code: '22023', details: 'file_not_verified' });
  });

  it('refuses a name that is blank, too long or has control characters', async () => {
    const path = await uploadBrief('named.pdf');
    for (const name of ['', '   ', 'x'.repeat(201), 'a\nb.pdf', 'a\u001bb.pdf', 'a\u007fb.pdf']) {
      expect((await attach(c.brand, path, name)).error, JSON.stringify(name)).toMatchObject({ code: '22023', details: 'brief_file_name_invalid' });
    }
  });

  it('takes at most 5 files', async () => {
    while ((await attachedCount()) < 5) {
      const n = await attachedCount();
      const path = await uploadBrief(`image-${n}.png`, { content: fileBytes.png(), type: 'image/png' });
      expect((await attach(c.brand, path, `Moodboard ${n}.png`)).error).toBeNull();
    }
    const sixth = await uploadBrief('sixth.pdf');
    expect((await attach(c.brand, sixth)).error).toMatchObject({ code: '22023', details: 'brief_attachments_full' });
  });
});

describe('list (brand, hired creators and admins; nobody else learns there are any)', () => {
  it('the brand, the hired creator and an admin see the same 5 files, oldest first', async () => {
    const brand = await list(c.brand);
    expect(brand.data).toHaveLength(5);
    for (const who of [c.hired, ids.admin]) expect((await list(who)).data, who).toEqual(brand.data);
  });

  it('an applicant not hired, a creator who never applied and another brand get no rows, and neither do direct reads', async () => {
    for (const who of [c.applicant, c.stranger, c.otherBrand]) {
      expect(await list(who), who).toMatchObject({ data: [], error: null });
      expect((await as(who).schema('app' as 'api').from('brief_attachments').select('*')).data ?? [], who).toEqual([]);
    }
    expect((await list(undefined)).error).not.toBeNull();
  });

  it('the hired creator downloads a file; the applicant cannot, by path or by a signed URL', async () => {
    const path = (await list(c.brand)).data![0]!.path;
    const hired = await as(c.hired).storage.from('briefs').download(path);
    expect(hired.error).toBeNull();
    expect(new Uint8Array(await hired.data!.arrayBuffer())).toEqual(fileBytes.pdf());
    const signed = await as(c.hired).storage.from('briefs').createSignedUrl(path, 60);
    const res = await fetch(signed.data!.signedUrl);
    expect([res.status, res.headers.get('content-type')]).toEqual([200, 'application/pdf']);
    for (const who of [c.applicant, c.stranger]) {
      expect((await as(who).storage.from('briefs').download(path)).error, who).not.toBeNull();
      expect((await as(who).storage.from('briefs').createSignedUrl(path, 60)).error, who).not.toBeNull();
    }
  });
});

describe('remove (the campaign\'s brand only)', () => {
  it('the hired creator, another brand and an admin cannot; the brand can and is told the path', async () => {
    const first = (await list(c.brand)).data![0]!;
    for (const who of [c.hired, c.otherBrand, ids.admin, c.applicant]) {
      expect((await as(who).rpc('remove_brief_file', { attachment_id: first.id })).error, who).toMatchObject({ code: '42501', details: 'not_campaign_brand' });
    }
    expect(await attachedCount()).toBe(5);
    expect(await as(c.brand).rpc('remove_brief_file', { attachment_id: first.id })).toMatchObject({ data: first.path, error: null });
    expect(await attachedCount()).toBe(4);
    expect((await as(c.brand).rpc('remove_brief_file', { attachment_id: first.id })).error).toMatchObject({ details: 'not_campaign_brand' });
  });
});
