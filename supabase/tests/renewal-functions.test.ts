import { describe, expect, test } from 'vitest';
import { eventually } from '../../testkit/eventually.ts';
import { useEscrowStack } from '../../testkit/escrow-stack.ts';
import { ids } from '../../testkit/db/personas.ts';

// Funding an accepted licence renewal through the `payments` function (POST /payments/fund-renewal) and
// the `stripe-webhook` function under Deno, on the local stack with the Stripe double (decision 0060).

const stack = useEscrowStack({ brand: 'brand@demo.test', otherBrand: 'trailpeak@demo.test', creator: 'creator@demo.test' });
const { call } = stack;
const db = () => stack.t.database.db;

/** A hire of creator `n` on GlowLab's campaign 1 and a renewal of its licence (60 days, $200.00) in `status`. */
async function renewal(n: number, status: 'offered' | 'accepted'): Promise<{ app: string; id: string }> {
  const { rows } = await db().query<{ id: string }>(`insert into app.applications (campaign_id, creator_id, pitch) values ($1, $2, 'Pitch') returning id`, [ids.campaign(1), ids.creatorN(n)]);
  const app = rows[0]!.id;
  await db().query(`update app.applications set status = 'accepted' where id = $1`, [app]);
  const r = await db().query<{ id: string }>(
    `insert into app.licence_renewals (application_id, brand_id, creator_id, term_days, price_cents, status, decided_at)
     values ($1, $2, $3, 60, 20000, $4, case when $4 = 'offered' then null else now() end) returning id`,
    [app, ids.brand, ids.creatorN(n), status]);
  return { app, id: r.rows[0]!.id };
}

const state = async (id: string, app: string) =>
  (await db().query<{ funded: boolean; moved_days: number }>(
    `select r.funded_at is not null funded, extract(day from app.licence_end($2) - l.ends_at)::int moved_days
     from app.licence_renewals r join app.hire_licences l on l.application_id = r.application_id where r.id = $1`, [id, app])).rows[0];

describe('POST /payments/fund-renewal', () => {
  test('the brand pays an accepted renewal by card: one PaymentIntent however often it asks; the webhook funds it and the licence runs 60 days longer', async () => {
    const { app, id } = await renewal(3, 'accepted');
    const [a, b] = await Promise.all([call('payments/fund-renewal', 'brand', { renewalId: id }), call('payments/fund-renewal', 'brand', { renewalId: id })]);
    expect(a.status).toBe(200);
    expect(a.body).toMatchObject({ amountCents: 20000, feeCents: 3000, creatorCents: 17000 });
    expect(b.body.paymentIntentId).toBe(a.body.paymentIntentId);
    await stack.stripe.paymentIntents.confirm(a.body.paymentIntentId, { payment_method: 'pm_card_visa', return_url: `${stack.t.url}/payments/result` });
    expect(await eventually(() => state(id, app), (s) => s?.funded === true)).toEqual({ funded: true, moved_days: 60 });
    expect(await call('payments/fund-renewal', 'brand', { renewalId: id })).toMatchObject({ status: 409, body: { code: 'already_funded' } });
    const { rows } = await db().query<{ n: number }>(`select count(*)::int n from app.payments where renewal_id = $1 and status = 'completed'`, [id]);
    expect(rows[0]!.n).toBe(1);
  });

  test('an offer not yet accepted, another brand, the creator and bad bodies are refused, and nothing is charged', async () => {
    const offered = await renewal(4, 'offered');
    expect(await call('payments/fund-renewal', 'brand', { renewalId: offered.id })).toMatchObject({ status: 409, body: { code: 'renewal_not_accepted' } });
    const accepted = await renewal(5, 'accepted');
    expect(await call('payments/fund-renewal', 'otherBrand', { renewalId: accepted.id })).toMatchObject({ status: 404, body: { code: 'renewal_not_found' } });
    expect(await call('payments/fund-renewal', 'creator', { renewalId: accepted.id })).toMatchObject({ status: 404 });
    expect(await call('payments/fund-renewal', 'brand', { renewalId: 'nope' })).toMatchObject({ status: 400, body: { field: 'renewalId' } });
    const { rows } = await db().query<{ n: number }>(`select count(*)::int n from app.payments where renewal_id in ($1, $2)`, [offered.id, accepted.id]);
    expect(rows[0]!.n).toBe(0);
  });
});
