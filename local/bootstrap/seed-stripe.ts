import { type PaymentSubject, paymentDescription, statementDescriptorSuffix } from '../../supabase/functions/_shared/contract/payment-description.ts';
import type { Queryable } from '../db/database.ts';
import type { SeedStripeObjects } from '../stripe/index.ts';

/**
 * The Stripe ids supabase/seed.sql writes, and only it: a payment, payout account or payout of its story
 * carries one of these (`\_` is a literal underscore in `like`). Anything else the database names at Stripe
 * was made through the Stripe double, or is a real difference the reconciliation must show.
 */
export const SEED_STRIPE_IDS = { payment: 'pi\\_demo\\_%', account: 'acct\\_1Seed%', payout: 'obp\\_test\\_Seed%' } as const;

const describedAs = (subject: PaymentSubject) => ({ description: paymentDescription(subject), statementDescriptorSuffix: statementDescriptorSuffix(subject) });

const ms = (t: unknown) => new Date(t as string | Date).getTime();

/**
 * What the local Stripe double must hold for the seeded demo to agree with it, read from the database's
 * seeded rows as they are now (`npm start` and every stack run this after the migrations and the seed).
 * With real Stripe the seed's ids exist nowhere, so this is the local stack's business only: seed.sql
 * itself stays free of anything local.
 */
export async function readSeedStripeObjects(db: Queryable): Promise<SeedStripeObjects> {
  // A project without the marketplace's tables (the functions runtime's own test project) has no seed story.
  const tables = await db.query<{ present: boolean }>(
    `select to_regclass('app.payments') is not null and to_regclass('app.payouts') is not null
       and to_regclass('app.payout_accounts') is not null as present`,
  );
  if (!tables.rows[0]?.present) return { payments: [], recipients: [], payouts: [] };
  const payments = await db.query<{
    id: string; payment_id: string; amount: number; refunded: number; created_at: Date; escrow_id: string | null;
    deliverable_id: string | null; application_id: string | null; brand_id: string | null; creator_id: string | null;
    campaign_title: string | null; creator_name: string | null;
  }>(
    `select p.stripe_payment_id id, p.id payment_id, p.amount_cents::int amount, p.amount_refunded_cents::int refunded,
       coalesce(p.payment_date, p.created_at) created_at, p.escrow_id, p.deliverable_id, a.id application_id, c.brand_id, a.creator_id,
       c.title::text campaign_title, cp.full_name::text creator_name
     from app.payments p
     left join app.escrows e on e.id = p.escrow_id
     left join app.deliverables d on d.id = p.deliverable_id
     left join app.applications a on a.id = coalesce(e.application_id, d.application_id)
     left join app.campaigns c on c.id = a.campaign_id
     left join app.profiles cp on cp.id = a.creator_id
     where p.stripe_payment_id like $1 and p.status in ('completed', 'refunded')
     order by 5, 1`,
    [SEED_STRIPE_IDS.payment],
  );
  const recipients = await db.query<{
    id: string; creator_id: string; country: string; status: 'onboarding' | 'active' | 'needs_attention'; bank_summary: string | null;
    created_at: Date; email: string; full_name: string;
  }>(
    `select a.stripe_account_id id, a.creator_id, a.country, a.status, a.bank_summary, a.created_at, p.email, p.full_name
     from app.payout_accounts a join app.profiles p on p.id = a.creator_id
     where a.stripe_account_id like $1 order by a.created_at, 1`,
    [SEED_STRIPE_IDS.account],
  );
  const payouts = await db.query<{
    id: string; payout_id: string; creator_id: string; recipient: string; amount: number; status: 'paid' | 'failed'; created_at: Date; settled_at: Date;
  }>(
    `select o.stripe_outbound_payment_id id, o.id payout_id, o.creator_id, o.stripe_account_id recipient, o.amount_cents::int amount,
       o.status, o.created_at, coalesce(o.paid_at, o.updated_at) settled_at
     from app.payouts o
     where o.stripe_outbound_payment_id like $1 and o.status in ('paid', 'failed') and o.stripe_account_id is not null
     order by o.created_at, 1`,
    [SEED_STRIPE_IDS.payout],
  );
  return {
    payments: payments.rows.map((p) => ({
      id: p.id,
      amountCents: Number(p.amount),
      refundedCents: Number(p.refunded),
      createdMs: ms(p.created_at),
      // As the payments function describes its PaymentIntents (hire-payment.ts, create-payment.ts).
      ...describedAs({ campaignTitle: p.campaign_title, creatorName: p.creator_name }),
      metadata: Object.fromEntries(
        Object.entries({
          payment_id: p.payment_id, escrow_id: p.escrow_id, application_id: p.escrow_id ? p.application_id : null,
          deliverable_id: p.deliverable_id, brand_id: p.brand_id, creator_id: p.creator_id,
        }).filter((e): e is [string, string] => e[1] !== null),
      ),
    })),
    recipients: recipients.rows.map((r) => ({
      id: r.id, country: r.country, status: r.status, bankSummary: r.bank_summary, email: r.email, name: r.full_name, creatorId: r.creator_id, createdMs: ms(r.created_at),
    })),
    payouts: payouts.rows.map((o) => ({
      id: o.id, payoutId: o.payout_id, creatorId: o.creator_id, recipient: o.recipient, amountCents: Number(o.amount), status: o.status,
      createdMs: ms(o.created_at), settledMs: ms(o.settled_at),
    })),
  };
}
