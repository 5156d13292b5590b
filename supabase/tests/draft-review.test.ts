import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callFilesVerify, fileBytes } from '../../testkit/file-bytes.ts';
import { signJwt } from '../../testkit/runtime.ts';
import { ids, runAs } from '../../testkit/db/personas.ts';
import { nodeClient } from '../../testkit/node-client.ts';
import { startTestStack, type TestStack } from '../../testkit/test-stack.ts';
import { tusUpload } from '../../testkit/tus.ts';

// Draft review (migration 20250130000100, decision 0049) through the local Storage and the real RLS: the
// hired creator uploads a file to drafts/<hire id>/ and registers it, the brand approves it or requests
// changes (the next round), and on a campaign that asks for draft review the public link waits for an
// approved draft. Every other account is refused the rows, the files and each step.

let ts: TestStack;
let hire: { id: string; campaign: string; creator: string; brand: string };
let outsiderCreator: string;
let outsiderBrand: string;

type Client = SupabaseClient<any, any, any>;
const token = (sub: string) => signJwt({ role: 'authenticated', sub, aud: 'authenticated', exp: Math.floor(Date.now() / 1000) + 3600 }, ts.config.jwtSecret);
const as = (sub?: string): Client => nodeClient(ts.url, ts.anonKey, { token: sub ? token(sub) : undefined });
/** A file of `size` bytes that starts as its type says (files-verify reads the first bytes). */
const padded = (head: Uint8Array, size: number) => {
  const out = new Uint8Array(Math.max(size, head.length));
  out.set(head);
  return out;
};
const mp4 = (bytes = 32) => new Blob([padded(fileBytes.mp4(), bytes) as Uint8Array<ArrayBuffer>], { type: 'video/mp4' });

/** Uploads a draft into the hire's folder and (unless told not to) has files-verify check it, as the web app does. */
async function upload(name: string, bytes = 32, verify = true): Promise<string> {
  const path = `${hire.id}/${name}`;
  const { error } = await as(hire.creator).storage.from('drafts').upload(path, mp4(bytes));
  expect(error).toBeNull();
  if (verify) await check(path);
  return path;
}
async function check(path: string): Promise<void> {
  expect((await callFilesVerify(ts.url, ts.anonKey, token(hire.creator), { bucket: 'drafts', path })).status).toBe(200);
}
async function notificationsOf(user: string, kind: string) {
  return (await ts.database.db.query<{ data: { round: number; decision?: string } }>(
    'select data from app.notifications where user_id = $1 and kind = $2 order by created_at', [user, kind])).rows.map((r) => r.data);
}

beforeAll(async () => {
  ts = await startTestStack({ seed: true });
  // A hire whose work is being delivered, on a campaign that asks for draft review.
  const found = await ts.database.db.query<{ id: string; campaign_id: string; creator_id: string; brand_id: string }>(
    `select a.id, a.campaign_id, a.creator_id, a.brand_id from app.applications a
     where a.status = 'accepted' and app.hire_allows_work(a.id)
     order by a.id limit 1`,
  );
  const a = found.rows[0]!;
  hire = { id: a.id, campaign: a.campaign_id, creator: a.creator_id, brand: a.brand_id };
  outsiderCreator = (await ts.database.db.query<{ id: string }>(
    `select p.id from app.profiles p where p.role = 'creator' and p.id <> $1 order by p.id limit 1`, [hire.creator])).rows[0]!.id;
  outsiderBrand = [ids.brand, ids.otherBrand, ids.thirdBrand].find((b) => b !== hire.brand)!;
}, 180_000);
afterAll(async () => {
  await ts?.close();
});

describe('draft review', () => {
  it('only the campaign\'s brand turns it on', async () => {
    for (const who of [hire.creator, outsiderBrand]) {
      expect((await as(who).rpc('set_campaign_draft_review', { campaign_id: hire.campaign, draft_review: true })).error, who).toMatchObject({ code: 'PT404' });
    }
    expect(await as(hire.creator).rpc('hire_draft_review', { application_id: hire.id })).toMatchObject({ data: [{ required: false, approved: false }] });
    expect((await as(hire.brand).rpc('set_campaign_draft_review', { campaign_id: hire.campaign, draft_review: true })).error).toBeNull();
  });

  it('the public link is refused before a draft is approved, by the function and by a direct insert', async () => {
    const link = await as(hire.creator).rpc('submit_deliverable', { campaign_id: hire.campaign, content_url: 'https://www.tiktok.com/@x/video/1' });
    expect(link.error).toMatchObject({ code: 'PT409', details: 'draft_not_approved' });
    // The rule is a trigger too: a creator's own insert into app.deliverables is refused the same way.
    const direct = await runAs(ts.database.db, { user: hire.creator }, (q) =>
      q.query(`insert into app.deliverables (application_id, content_url) values ($1, 'https://www.tiktok.com/@x/video/9')`, [hire.id]),
    ).catch((e: { code?: string; detail?: string }) => e);
    expect(direct).toMatchObject({ code: 'PT409', detail: 'draft_not_approved' });
    expect(await as(hire.creator).rpc('hire_draft_review', { application_id: hire.id })).toMatchObject({ data: [{ required: true, approved: false }] });
  });

  it('the creator registers an uploaded file as round 1; the brand hears of it', async () => {
    const path = await upload('round-1.mp4', 48);
    const { data: id, error } = await as(hire.creator).rpc('register_draft', { application_id: hire.id, storage_path: path });
    expect(error).toBeNull();
    const { data } = await as(hire.brand).rpc('hire_drafts', { application_id: hire.id });
    expect(data).toEqual([expect.objectContaining({ id, round: 1, storage_path: path, kind: 'video', size_bytes: 48, mime_type: 'video/mp4', status: 'submitted', brand_note: null })]);
    expect(await notificationsOf(hire.brand, 'draft_submitted')).toEqual([expect.objectContaining({ round: 1 })]);
    // One draft at a time: the next waits for the brand's decision.
    const again = await as(hire.creator).rpc('register_draft', { application_id: hire.id, storage_path: await upload('early.mp4') });
    expect(again.error).toMatchObject({ code: 'PT409', details: 'draft_awaiting_review' });
  });

  it('refuses a file not uploaded, a path outside the hire, the brand, another creator and another brand', async () => {
    const creator = as(hire.creator);
    expect((await creator.rpc('register_draft', { application_id: hire.id, storage_path: `${hire.id}/nothing.mp4` })).error).toMatchObject({ details: 'draft_not_uploaded' });
    expect((await creator.rpc('register_draft', { application_id: hire.id, storage_path: 'elsewhere/x.mp4' })).error).toMatchObject({ details: 'draft_not_uploaded' });
    // Content checked first (decision 0050): an unchecked file is refused; text sent as a video is removed.
    const unchecked = await upload('unchecked.mp4', 32, false);
    expect((await creator.rpc('register_draft', { application_id: hire.id, storage_path: unchecked })).error).toMatchObject({ code: '22023', details: 'file_not_verified' });
    const fake = `${hire.id}/fake.mp4`;
    expect((await creator.storage.from('drafts').upload(fake, new Blob(['not a video at all'], { type: 'video/mp4' }))).error).toBeNull();
    expect((await callFilesVerify(ts.url, ts.anonKey, token(hire.creator), { bucket: 'drafts', path: fake })).status).toBe(422);
    expect((await creator.storage.from('drafts').exists(fake)).data).toBe(false);
    expect((await as(hire.brand).rpc('register_draft', { application_id: hire.id, storage_path: `${hire.id}/round-1.mp4` })).error).toMatchObject({ code: '42501', details: 'not_owner' });
    for (const who of [outsiderCreator, outsiderBrand]) {
      expect((await as(who).rpc('register_draft', { application_id: hire.id, storage_path: `${hire.id}/round-1.mp4` })).error, who).toMatchObject({ code: 'PT404' });
    }
  });

  it('nobody else reads the rows or the files: by the function, by guessed path, by listing, by signing', async () => {
    for (const who of [outsiderCreator, outsiderBrand, undefined]) {
      const c = as(who);
      const rows = await c.rpc('hire_drafts', { application_id: hire.id });
      if (who) expect(rows.data, who).toEqual([]);
      else expect(rows.error).not.toBeNull();
      if (who) expect((await c.rpc('hire_draft_review', { application_id: hire.id })).data, who).toEqual([]);
      const files = c.storage.from('drafts');
      expect((await files.download(`${hire.id}/round-1.mp4`)).error, String(who)).toMatchObject({ statusCode: '404' });
      expect((await files.list(hire.id)).data, String(who)).toEqual([]);
      expect((await files.createSignedUrl(`${hire.id}/round-1.mp4`, 60)).error, String(who)).toMatchObject({ message: 'Object not found' });
    }
    const { data: signed } = await as(hire.brand).storage.from('drafts').createSignedUrl(`${hire.id}/round-1.mp4`, 1);
    expect((await fetch(signed!.signedUrl, { headers: { range: 'bytes=0-9' } })).status).toBe(206);
    await new Promise((r) => setTimeout(r, 2100));
    expect((await fetch(signed!.signedUrl)).status).toBe(400);
  });

  it('only the brand decides: the creator and other brands are refused; changes need a note', async () => {
    const [draft] = (await as(hire.creator).rpc('hire_drafts', { application_id: hire.id })).data as Array<{ id: string }>;
    expect((await as(hire.creator).rpc('review_draft', { draft_id: draft!.id, decision: 'approved' })).error).toMatchObject({ code: '42501', details: 'not_owner' });
    expect((await as(outsiderBrand).rpc('review_draft', { draft_id: draft!.id, decision: 'approved' })).error).toMatchObject({ code: 'PT404', details: 'draft_not_found' });
    expect((await as(hire.brand).rpc('review_draft', { draft_id: draft!.id, decision: 'changes_requested', note: '  ' })).error).toMatchObject({ details: 'note_required' });
    expect((await as(hire.brand).rpc('review_draft', { draft_id: draft!.id, decision: 'rejected' })).error).toMatchObject({ details: 'decision_invalid' });
  });

  it('changes requested opens round 2; approving it lets the link through; the history stays', async () => {
    const brand = as(hire.brand);
    const creator = as(hire.creator);
    const [first] = (await creator.rpc('hire_drafts', { application_id: hire.id })).data as Array<{ id: string }>;
    expect((await brand.rpc('review_draft', { draft_id: first!.id, decision: 'changes_requested', note: 'Show the label first.' })).error).toBeNull();
    expect((await brand.rpc('review_draft', { draft_id: first!.id, decision: 'approved' })).error).toMatchObject({ code: 'PT409', details: 'invalid_transition' });
    expect(await notificationsOf(hire.creator, 'draft_reviewed')).toEqual([expect.objectContaining({ round: 1, decision: 'changes_requested' })]);
    expect((await creator.rpc('register_draft', { application_id: hire.id, storage_path: `${hire.id}/round-1.mp4` })).error).toMatchObject({ details: 'draft_file_reused' });

    // Round 2 goes up resumably, as the web app sends it.
    await tusUpload(ts.url, token(hire.creator), Buffer.from(padded(fileBytes.webm(), 64)), { bucketName: 'drafts', objectName: `${hire.id}/round-2.webm`, contentType: 'video/webm' });
    await check(`${hire.id}/round-2.webm`);
    const second = await creator.rpc('register_draft', { application_id: hire.id, storage_path: `${hire.id}/round-2.webm` });
    expect(second.error).toBeNull();
    expect((await brand.rpc('review_draft', { draft_id: second.data, decision: 'approved', note: 'Great.' })).error).toBeNull();
    expect(await notificationsOf(hire.creator, 'draft_reviewed')).toEqual([
      expect.objectContaining({ round: 1, decision: 'changes_requested' }),
      expect.objectContaining({ round: 2, decision: 'approved' }),
    ]);
    const history = (await creator.rpc('hire_drafts', { application_id: hire.id })).data;
    expect(history).toEqual([
      expect.objectContaining({ round: 1, status: 'changes_requested', brand_note: 'Show the label first.' }),
      expect.objectContaining({ round: 2, status: 'approved', brand_note: 'Great.', mime_type: 'video/webm', size_bytes: 64 }),
    ]);
    expect((await creator.rpc('register_draft', { application_id: hire.id, storage_path: `${hire.id}/round-2.webm` })).error).toMatchObject({ details: 'draft_already_approved' });
    const link = await creator.rpc('submit_deliverable', { campaign_id: hire.campaign, content_url: 'https://www.tiktok.com/@x/video/2' });
    expect(link.error).toBeNull();
  });

  it('emails go through the outbox to the other side', async () => {
    const { rows } = await ts.database.db.query<{ template: string; user_id: string }>(
      `select template, user_id from app.email_outbox where template like 'draft_%' order by created_at`);
    // Whoever wants work emails (the default) gets one per notification.
    expect(rows.map((r) => r.template)).toEqual(expect.arrayContaining(['draft_submitted', 'draft_reviewed']));
    expect(rows.filter((r) => r.template === 'draft_submitted').every((r) => r.user_id === hire.brand)).toBe(true);
  });
});
