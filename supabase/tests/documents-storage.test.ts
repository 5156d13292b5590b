import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signJwt } from '../../testkit/runtime.ts';
import { ids } from '../../testkit/db/personas.ts';
import { nodeClient } from '../../testkit/node-client.ts';
import { startTestStack, type TestStack } from '../../testkit/test-stack.ts';

// Decision 0057 against the local stack: the documents function draws pending documents into the private
// bucket; the brand reads its receipt, the creator her statement, admins both; nobody else, nobody writes.

let ts: TestStack;
type Client = SupabaseClient<any, any, any>;
function as(sub?: string): Client {
  const token = sub ? signJwt({ role: 'authenticated', sub, aud: 'authenticated', exp: Math.floor(Date.now() / 1000) + 3600 }, ts.config.jwtSecret) : undefined;
  return nodeClient(ts.url, ts.anonKey, { token });
}
let receiptPath: string;
let statementPath: string;

async function render(key: string) {
  const res = await fetch(`${ts.url}/functions/v1/documents/render`, { method: 'POST', headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' }, body: '{}' });
  return { status: res.status, body: (await res.json()) as { rendered: string[]; failed: string[]; code?: string } };
}

beforeAll(async () => {
  ts = await startTestStack({ seed: true });
  const r = await ts.database.db.query<{ document_number: string }>(
    `select (app.document_issue('receipt', 'test:storage', now(), 'en', brand_id => $1, creator_id => $2)).document_number`, [ids.brand, ids.creator]);
  receiptPath = `${ids.brand}/${r.rows[0]!.document_number}.pdf`;
  const s = await ts.database.db.query<{ document_number: string }>(
    `select (app.document_issue('statement', 'statement:test', now(), 'es', creator_id => $1, period_start => date_trunc('month', now())::date)).document_number`, [ids.creator]);
  statementPath = `${ids.creator}/${s.rows[0]!.document_number}.pdf`;
}, 180_000);
afterAll(async () => {
  await ts?.close();
});

describe('the documents function and bucket', () => {
  it('only the service role renders; it stores every pending document once', async () => {
    const userToken = signJwt({ role: 'authenticated', sub: ids.brand, aud: 'authenticated', exp: Math.floor(Date.now() / 1000) + 3600 }, ts.config.jwtSecret);
    expect(await render(userToken)).toMatchObject({ status: 403, body: { code: 'not_scheduler' } });
    const first = await render(ts.serviceRoleKey);
    expect(first.status).toBe(200);
    expect(first.body.failed).toEqual([]);
    expect(first.body.rendered.length).toBeGreaterThanOrEqual(2);
    expect((await render(ts.serviceRoleKey)).body).toEqual({ rendered: [], failed: [] });
    const { rows } = await ts.database.db.query(`select count(*)::int n from app.documents where storage_path is null`);
    expect(rows[0]).toEqual({ n: 0 });
  }, 120_000);

  it('the brand downloads its receipt (a PDF); the creator, another brand and anon cannot', async () => {
    const mine = await as(ids.brand).storage.from('documents').download(receiptPath);
    expect(mine.error).toBeNull();
    const bytes = new Uint8Array(await mine.data!.arrayBuffer());
    expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe('%PDF-');
    for (const who of [ids.creator, ids.otherBrand, undefined]) {
      expect((await as(who).storage.from('documents').download(receiptPath)).error).not.toBeNull();
    }
  });

  it('the creator downloads her statement; the brand cannot; an admin reads both', async () => {
    expect((await as(ids.creator).storage.from('documents').download(statementPath)).error).toBeNull();
    expect((await as(ids.brand).storage.from('documents').download(statementPath)).error).not.toBeNull();
    for (const path of [receiptPath, statementPath]) {
      expect((await as(ids.admin).storage.from('documents').download(path)).error).toBeNull();
    }
  });

  it('nobody but the service role writes in the bucket', async () => {
    const pdf = new Blob(['%PDF-1.4\n'], { type: 'application/pdf' });
    expect((await as(ids.brand).storage.from('documents').upload(`${ids.brand}/fake.pdf`, pdf)).error).not.toBeNull();
    expect((await as(ids.brand).storage.from('documents').upload(receiptPath, pdf, { upsert: true })).error).not.toBeNull();
    expect((await as(ids.brand).storage.from('documents').remove([receiptPath])).data ?? []).toEqual([]);
    expect((await as(ids.brand).storage.from('documents').download(receiptPath)).error).toBeNull();
  });
});
