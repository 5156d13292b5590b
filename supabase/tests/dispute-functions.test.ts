import { describe, expect, test } from 'vitest';
import { eventually } from '../../testkit/eventually.ts';
import { useEscrowStack } from '../../testkit/escrow-stack.ts';
import { ids } from '../../testkit/db/personas.ts';

// Resolving disputes through the `payments` function under Deno, on the whole local stack with the Stripe
// double: the admin's decision refunds the brand's share at Stripe once and releases the creator's share
// through the ledger once, however often it is sent.

const stack = useEscrowStack({ admin: 'admin@demo.test', brand: 'brand@demo.test', creator: 'creator@demo.test' });
const { call } = stack;
let campaignNumber = 0;

async function rpc<T>(who: string, fn: string, args: Record<string, unknown>): Promise<T> {
  const res = await fetch(`${stack.t.url}/rest/v1/rpc/${fn}`, {
    method: 'POST',
    headers: { apikey: stack.t.anonKey, 'content-type': 'application/json', 'content-profile': 'api', authorization: `Bearer ${stack.token(who)}` },
    body: JSON.stringify(args),
  });
  const body = (await res.json()) as any;
  if (!res.ok) throw Object.assign(new Error(body.message), body);
  return body as T;
}

/** GlowLab hires Sofía for $500.00 on a new campaign, funds it by card, and Sofía submits content. */
async function fundedHireWithContent(): Promise<string> {
  campaignNumber += 1;
  const { rows } = await stack.t.database.db.query<{ id: string }>(
    `insert into app.campaigns (brand_id, title, description, platforms, compensation_type, compensation_cents, deadline)
     values ($1, $2, 'Dispute test', '{tiktok}', 'flat_fee', 50000, now() + interval '30 days') returning id`,
    [ids.brand, `Dispute test ${campaignNumber}`]);
  const campaignId = rows[0]!.id;
  const app = (await stack.t.database.db.query<{ id: string }>(
    `insert into app.applications (campaign_id, creator_id, pitch) values ($1, $2, 'Pitch') returning id`, [campaignId, ids.creator])).rows[0]!.id;
  await stack.t.database.db.query(`update app.applications set status = 'accepted' where id = $1`, [app]);
  const fund = await call('payments/fund', 'brand', { applicationId: app });
  expect(fund.status).toBe(200);
  await stack.stripe.paymentIntents.confirm(fund.body.paymentIntentId, { payment_method: 'pm_card_visa', return_url: `${stack.t.url}/payments/result` });
  await eventually(() => escrow(app), (e) => e?.status === 'funded');
  await rpc('creator', 'submit_deliverable', { campaign_id: campaignId, content_url: 'https://tiktok.com/@sofia/1' });
  return app;
}

async function escrow(applicationId: string) {
  const { rows } = await stack.t.database.db.query<{ status: string; held: number; refunded: number; pi: string }>(
    `select e.status, app.escrow_held(e.id)::int held, coalesce(max(p.amount_refunded_cents), 0)::int refunded, max(p.stripe_payment_id) pi
     from app.escrows e left join app.payments p on p.escrow_id = e.id and p.stripe_payment_id is not null
     where e.application_id = $1 group by e.id`, [applicationId]);
  return rows[0];
}

async function releasedToCreator(applicationId: string): Promise<number> {
  const { rows } = await stack.t.database.db.query<{ n: number }>(
    `select coalesce(sum(le.amount_cents), 0)::int n from app.ledger_entries le join app.ledger_transactions lt on lt.id = le.transaction_id
     join app.escrows e on e.id = le.escrow_id
     where e.application_id = $1 and lt.kind = 'release' and le.account = 'escrow'`, [applicationId]);
  return rows[0]!.n;
}

describe('POST /payments/resolve-dispute', () => {
  test('a split refunds the brand\'s share once at Stripe and releases the creator\'s share once, however often it is sent', async () => {
    const app = await fundedHireWithContent();
    const disputeId = await rpc<string>('brand', 'open_dispute', { application_id: app, reason: 'not_as_agreed', details: 'The video shows a different product.', evidence_urls: ['https://example.com/brief'] });
    expect((await escrow(app))!.status).toBe('disputed');
    const body = { disputeId, outcome: 'split', creatorCents: 30000, note: 'Half of the brief was met; 60% to the creator.' };
    const [a, b] = await Promise.all([call('payments/resolve-dispute', 'admin', body), call('payments/resolve-dispute', 'admin', body)]);
    const ok = [a, b].filter((r) => r.status === 200);
    expect(ok.length).toBeGreaterThanOrEqual(1);
    expect(ok[0]!.body).toEqual({ status: 'resolved', outcome: 'split', creatorCents: 30000, brandCents: 20000 });
    for (const r of [a, b].filter((x) => x.status !== 200)) expect(r.body.code).toBe('dispute_closed');
    const after = await escrow(app);
    expect(after).toMatchObject({ status: 'released', held: 0, refunded: 20000 });
    expect((await stack.stripe.refunds.list({ payment_intent: after!.pi })).data.map((r) => r.amount)).toEqual([20000]);
    expect(await releasedToCreator(app)).toBe(30000);
    const again = await call('payments/resolve-dispute', 'admin', body);
    expect(again).toMatchObject({ status: 409, body: { code: 'dispute_closed' } });
    const seen = await rpc<Array<{ status: string; outcome: string; creator_cents: number; brand_cents: number; resolution_note: string }>>('creator', 'hire_dispute', { application_id: app });
    expect(seen[0]).toMatchObject({ status: 'resolved', outcome: 'split', creator_cents: 30000, brand_cents: 20000, resolution_note: body.note });
  });

  test('release pays the creator less the fee with no refund; refund returns everything to the card', async () => {
    const released = await fundedHireWithContent();
    const d1 = await rpc<string>('creator', 'open_dispute', { application_id: released, reason: 'unresponsive', details: 'No answer for a week.' });
    expect((await call('payments/resolve-dispute', 'admin', { disputeId: d1, outcome: 'release', note: 'The content matches the brief.' })).status).toBe(200);
    expect(await escrow(released)).toMatchObject({ status: 'released', refunded: 0 });
    expect(await releasedToCreator(released)).toBe(50000);

    const refunded = await fundedHireWithContent();
    const d2 = await rpc<string>('brand', 'open_dispute', { application_id: refunded, reason: 'not_delivered', details: 'The link is private.' });
    expect((await call('payments/resolve-dispute', 'admin', { disputeId: d2, outcome: 'refund', note: 'Nothing usable was delivered.' })).body)
      .toEqual({ status: 'resolved', outcome: 'refund', creatorCents: 0, brandCents: 50000 });
    expect(await escrow(refunded)).toMatchObject({ status: 'refunded', held: 0, refunded: 50000 });
    expect(await releasedToCreator(refunded)).toBe(0);
  });

  test('only admins resolve; a split larger than the money held, no note or a bad body is refused and nothing moves', async () => {
    const app = await fundedHireWithContent();
    const disputeId = await rpc<string>('brand', 'open_dispute', { application_id: app, reason: 'quality', details: 'Blurry footage.' });
    const body = { disputeId, outcome: 'split', creatorCents: 10000, note: 'Fair split.' };
    expect(await call('payments/resolve-dispute', 'brand', body)).toMatchObject({ status: 403, body: { code: 'not_admin' } });
    expect(await call('payments/resolve-dispute', 'creator', body)).toMatchObject({ status: 403, body: { code: 'not_admin' } });
    expect(await call('payments/resolve-dispute', 'admin', { ...body, creatorCents: 50000 })).toMatchObject({ status: 400, body: { code: 'split_invalid' } });
    expect(await call('payments/resolve-dispute', 'admin', { ...body, creatorCents: 60000 })).toMatchObject({ status: 400, body: { code: 'split_invalid' } });
    expect(await call('payments/resolve-dispute', 'admin', { ...body, creatorCents: 0 })).toMatchObject({ status: 400, body: { code: 'split_invalid' } });
    expect(await call('payments/resolve-dispute', 'admin', { ...body, note: '  ' })).toMatchObject({ status: 400, body: { code: 'note_required', field: 'note' } });
    expect(await call('payments/resolve-dispute', 'admin', { ...body, outcome: 'keep' })).toMatchObject({ status: 400, body: { field: 'outcome' } });
    expect(await call('payments/resolve-dispute', 'admin', { ...body, disputeId: '00000000-0000-0000-0000-00000000dead' })).toMatchObject({ status: 404 });
    expect(await escrow(app)).toMatchObject({ status: 'disputed', held: 50000, refunded: 0 });
  });
});
