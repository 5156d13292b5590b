import { describe, expect, test } from 'vitest';
import type { Queryable } from '../../testkit/runtime.ts';
import { acceptAndFund, all, become, hireScenes, ISABELLA, one, openDispute, resolveDispute, submit } from '../../testkit/db/hire-scene.ts';
import { as, ids, rowsAs } from '../../testkit/db/personas.ts';
import { useSeededDatabase } from '../../testkit/db/seeded-database.ts';

// Issue 30: one glossary of money terms (docs/decisions/0031-one-glossary-of-money-terms.md). Every api
// figure that names a term must equal the ledger's, for the seeded personas and for a fresh split dispute.
// The ledger side is computed here from app.ledger_entries as postgres, independently of the functions.

const ctx = useSeededDatabase();
const scene = hireScenes(ctx);
const n = (v: unknown) => Number(v ?? 0);
const BRANDS = { GlowLab: ids.brand, TrailPeak: ids.otherBrand, ByteBrew: ids.thirdBrand };

interface LedgerTerms {
  paid: number;
  in_escrow: number;
  released: number;
  refunded: number;
}

/** The brand's glossary terms per campaign, straight from the ledger. */
async function ledgerByCampaign(brand: string): Promise<Map<string | null, LedgerTerms>> {
  const rows = await rowsAs<Record<string, unknown>>(ctx.db, 'postgres', `
    select t.campaign_id,
      coalesce(sum(e.amount_cents) filter (where t.kind in ('escrow_funding', 'direct_payment') and e.account = 'stripe_balance'), 0) paid,
      coalesce(-sum(e.amount_cents) filter (where e.account = 'escrow'), 0) in_escrow,
      coalesce(sum(e.amount_cents) filter (where (t.kind = 'release' and e.account = 'escrow')
        or (t.kind = 'direct_payment' and e.account = 'stripe_balance')), 0) released,
      coalesce(-sum(e.amount_cents) filter (where t.kind in ('refund', 'refund_after_release') and e.account = 'stripe_balance'), 0) refunded
    from app.ledger_transactions t join app.ledger_entries e on e.transaction_id = t.id
    where t.brand_id = $1 group by t.campaign_id`, [brand]);
  return new Map(rows.map((r) => [r.campaign_id as string | null,
    { paid: n(r.paid), in_escrow: n(r.in_escrow), released: n(r.released), refunded: n(r.refunded) }]));
}

const total = (m: Map<string | null, LedgerTerms>, k: keyof LedgerTerms) => [...m.values()].reduce((s, v) => s + v[k], 0);

describe('the brand: every screen names the ledger\'s terms', () => {
  for (const [name, brand] of Object.entries(BRANDS)) {
    test(`${name}: dashboard total, money table, analytics and spend chart show the ledger's released, held, paid and refunded`, async () => {
      const ledger = await ledgerByCampaign(brand);
      // The seed tells a story with money in every state for these brands.
      expect(total(ledger, 'paid')).toBeGreaterThan(0);

      const [dash] = await rowsAs(ctx.db, as(brand), `select total_spent_cents from api.brand_dashboard()`);
      expect(n(dash!.total_spent_cents), 'dashboard "released to creators"').toBe(total(ledger, 'released'));

      const table = await rowsAs(ctx.db, as(brand), `select * from api.brand_money_by_campaign()`);
      expect(new Map(table.map((r) => [r.campaign_id as string | null,
        { paid: n(r.funded_cents), in_escrow: n(r.in_escrow_cents), released: n(r.released_cents), refunded: n(r.refunded_cents) }])))
        .toEqual(ledger);

      const analytics = await rowsAs(ctx.db, as(brand), `select campaign_id, amount_paid_cents from api.brand_analytics()`);
      for (const r of analytics) {
        expect(n(r.amount_paid_cents), `analytics released of ${String(r.campaign_id)}`).toBe(ledger.get(r.campaign_id as string)?.released ?? 0);
      }
      const [totals] = await rowsAs(ctx.db, as(brand), `select amount_paid_cents from api.brand_analytics_totals()`);
      expect(n(totals!.amount_paid_cents)).toBe(total(ledger, 'released'));

      const series = await rowsAs(ctx.db, as(brand), `select * from api.brand_spend_series(366)`);
      expect(series.reduce((s, r) => s + n(r.released_cents), 0), 'spend chart released').toBe(total(ledger, 'released'));
      expect(series.reduce((s, r) => s + n(r.refunded_cents), 0), 'spend chart refunded').toBe(total(ledger, 'refunded'));
      expect(n(series.at(-1)!.in_escrow_cents), 'spend chart held now').toBe(total(ledger, 'in_escrow'));
    });
  }

  test('TrailPeak: money still held in escrow is not counted as released (the $800 of the open dispute)', async () => {
    const [dash] = await rowsAs(ctx.db, as(ids.otherBrand), `select total_spent_cents from api.brand_dashboard()`);
    const [held] = await rowsAs(ctx.db, 'postgres', `select coalesce(sum(app.escrow_held(e.id)), 0) held from app.escrows e where e.brand_id = $1`, [ids.otherBrand]);
    expect(n(held!.held)).toBe(80000);
    expect(n(dash!.total_spent_cents)).toBe(20000);
  });

  test('payment history names the campaign of every payment, also a payment into escrow (never "deleted")', async () => {
    for (const who of [...Object.values(BRANDS), ids.creator, ids.creatorN(6)]) {
      const rows = await rowsAs(ctx.db, as(who), `select id, campaign_id, campaign_title, deliverable_id from api.payment_history()`);
      const truth = await rowsAs<{ id: string; campaign_id: string }>(ctx.db, 'postgres', `
        select p.id, coalesce(d.campaign_id, e.campaign_id) campaign_id from app.payments p
        left join app.deliverables d on d.id = p.deliverable_id left join app.escrows e on e.id = p.escrow_id
        where p.brand_id = $1 or p.creator_id = $1`, [who]);
      expect(rows.map((r) => [r.id, r.campaign_id]).sort()).toEqual(truth.map((r) => [r.id, r.campaign_id]).sort());
      for (const r of rows) expect(r.campaign_title, `payment ${String(r.id)}`).toBeTruthy();
    }
    // Lucía's live hire (TrailPeak, disputed, content submitted): its payment leads to that content.
    const [lucia] = await rowsAs(ctx.db, as(ids.creatorN(6)), `select deliverable_id from api.payment_history()`);
    expect(lucia!.deliverable_id).not.toBeNull();
  });
});

/** The hire as the content page reads it (api.deliverable_detail's hire json). */
async function hireOnContentPage(q: Queryable, who: string, deliverable: string) {
  await become(q, who);
  return (await one<{ hire: Record<string, unknown> }>(q, `select hire from api.deliverable_detail($1)`, [deliverable])).hire;
}

describe('one hire: the content page, the history and the notifications show the ledger', () => {
  test('a split dispute: the creator is shown the net of their share and the brand its refund, as the ledger holds them', async () => {
    await scene(async (q) => {
      const { escrow } = await acceptAndFund(q, ISABELLA);
      const deliverable = await submit(q, ISABELLA);
      const dispute = await openDispute(q, ISABELLA.creator);
      await resolveDispute(q, dispute, 'split', ISABELLA, 30000);
      await become(q, 'postgres');
      const ledger = await one<Record<string, unknown>>(q, `
        select coalesce(-sum(e.amount_cents) filter (where e.account = 'creator_available'), 0) net,
          coalesce(-sum(e.amount_cents) filter (where e.account = 'platform_fees'), 0) fee,
          coalesce(-sum(e.amount_cents) filter (where t.kind = 'refund' and e.account = 'stripe_balance'), 0) refunded,
          coalesce(sum(e.amount_cents) filter (where t.kind = 'release' and e.account = 'escrow'), 0) released
        from app.ledger_transactions t join app.ledger_entries e on e.transaction_id = t.id where t.escrow_id = $1`, [escrow]);
      expect([ledger.net, ledger.fee, ledger.refunded, ledger.released].map(n)).toEqual([25500, 4500, 20000, 30000]);
      for (const who of [ISABELLA.creator, ISABELLA.brand]) {
        const hire = await hireOnContentPage(q, who, deliverable);
        expect({ status: hire.status, amount: hire.amount_cents, net: hire.creator_cents, fee: hire.fee_cents,
          refunded: hire.refunded_cents, released: hire.released_cents, held: hire.held_cents }).toEqual({
          status: 'released', amount: 50000, net: n(ledger.net), fee: n(ledger.fee), refunded: n(ledger.refunded),
          released: n(ledger.released), held: 0 });
      }
      // The bell's "released" says the same net.
      await become(q, 'postgres');
      const released = await all<{ amount: number }>(q, `select (data ->> 'amount_cents')::int amount from app.notifications
        where user_id = $1 and kind = 'money_released' and application_id = $2`, [ISABELLA.creator, ISABELLA.app]);
      expect(released).toEqual([{ amount: n(ledger.net) }]);
    });
  });

  test('a dispute refunded in full: the content page shows no fee and no net for the creator, as the ledger holds none (closed hire)', async () => {
    await scene(async (q) => {
      const { escrow } = await acceptAndFund(q, ISABELLA);
      const deliverable = await submit(q, ISABELLA);
      const dispute = await openDispute(q, ISABELLA.creator);
      await resolveDispute(q, dispute, 'refund', ISABELLA);
      await become(q, 'postgres');
      const ledger = await one<Record<string, unknown>>(q, `
        select coalesce(-sum(e.amount_cents) filter (where e.account = 'creator_available'), 0) net,
          coalesce(-sum(e.amount_cents) filter (where e.account = 'platform_fees'), 0) fee,
          coalesce(-sum(e.amount_cents) filter (where t.kind = 'refund' and e.account = 'stripe_balance'), 0) refunded
        from app.ledger_transactions t join app.ledger_entries e on e.transaction_id = t.id where t.escrow_id = $1`, [escrow]);
      expect([ledger.net, ledger.fee, ledger.refunded].map(n)).toEqual([0, 0, 50000]);
      for (const who of [ISABELLA.creator, ISABELLA.brand]) {
        const hire = await hireOnContentPage(q, who, deliverable);
        // Before 20250123000000 the closed hire still gave the quote: fee 7500, net 42500 beside the refund.
        expect({ status: hire.status, net: hire.creator_cents, fee: hire.fee_cents, refunded: hire.refunded_cents, held: hire.held_cents })
          .toEqual({ status: 'refunded', net: n(ledger.net), fee: n(ledger.fee), refunded: n(ledger.refunded), held: 0 });
      }
    });
  });

  test('funded: the bell and the email name the gross paid into escrow and the creator\'s net, the net the earnings page holds for them', async () => {
    await scene(async (q) => {
      await acceptAndFund(q, ISABELLA);
      await become(q, 'postgres');
      const note = await one<{ amount: number; net: number | null; outbox: Record<string, unknown> | null }>(q, `
        select (n.data ->> 'amount_cents')::int amount, (n.data ->> 'net_cents')::int net,
          (select o.data from app.email_outbox o where o.notification_id = n.id) outbox
        from app.notifications n where n.user_id = $1 and n.kind = 'hire_funded' and n.application_id = $2`, [ISABELLA.creator, ISABELLA.app]);
      await become(q, ISABELLA.creator);
      const overview = await one<{ in_escrow_cents: unknown }>(q, `select in_escrow_cents from api.my_payouts_overview()`);
      expect(note.amount).toBe(50000);
      expect(note.net).toBe(42500);
      expect(n(overview.in_escrow_cents)).toBe(note.net);
      if (note.outbox) expect(n(note.outbox.net_cents)).toBe(42500);
    });
  });
});
