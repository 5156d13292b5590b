import type { Database, Queryable } from '../runtime.ts';
import { ids, runAs } from './personas.ts';

/**
 * Funded-hire scenes for the database tests of issue 17 (revisions, disputes, reviews, history), after
 * the pattern of supabase/tests/escrow-and-ledger.test.ts: one rolled-back transaction that starts as
 * postgres, and inside it each step runs as the persona that would call it through PostgREST or an
 * edge function (`become`).
 */

/** A hire of the seed: a pending application on a flat-fee campaign, its parties and a PaymentIntent id. */
export interface Hire {
  app: string;
  campaign: string;
  brand: string;
  creator: string;
  /** The Stripe PaymentIntent that funds it in the scene. */
  pi: string;
  amount: number;
}

/** Isabella (c08) applied to GlowLab's "Morning Glow Serum Launch" (campaign 1, $500.00). */
export const ISABELLA: Hire = {
  app: ids.application(6),
  campaign: ids.campaign(1),
  brand: ids.brand,
  creator: ids.creatorN(8),
  pi: 'pi_fund_6',
  amount: 50000,
};

/** Nicolás (c11) applied to ByteBrew's "Late Night Coding Coffee" (campaign 11, $450.00). */
export const NICOLAS: Hire = {
  app: ids.application(10),
  campaign: ids.campaign(11),
  brand: ids.thirdBrand,
  creator: ids.creatorN(11),
  pi: 'pi_fund_10',
  amount: 45000,
};

/** Sofía's pending application to GlowLab's product campaign 2 (no money: no escrow). */
export const SOFIA_PRODUCT = { app: ids.application(2), campaign: ids.campaign(2), brand: ids.brand, creator: ids.creator };

/** Users who are party to none of the hires above. */
export const OUTSIDERS = { brand: ids.otherBrand, creator: ids.otherCreator };

export type Who = 'postgres' | 'service_role' | string;

/** Acts as `who` inside the current transaction (a user id, the service role or postgres). */
export async function become(q: Queryable, who: Who): Promise<void> {
  await q.exec('reset role');
  if (who === 'postgres') return;
  const role = who === 'service_role' ? 'service_role' : 'authenticated';
  await q.exec(`set local role ${role}`);
  const claims = role === 'service_role' ? { role } : { sub: who, role, aud: 'authenticated' };
  await q.query(`select set_config('request.jwt.claims', $1, true)`, [JSON.stringify(claims)]);
}

export async function one<T = Record<string, unknown>>(q: Queryable, sql: string, params: unknown[] = []): Promise<T> {
  return (await q.query<T>(sql, params)).rows[0]!;
}

export async function all<T = Record<string, unknown>>(q: Queryable, sql: string, params: unknown[] = []): Promise<T[]> {
  return (await q.query<T>(sql, params)).rows;
}

export interface SqlError {
  code: string;
  detail?: string;
  message: string;
}

/** The error a statement raises (the transaction goes on: it runs in a savepoint); fails when it succeeds. */
export async function fails(q: Queryable, sql: string, params: unknown[] = []): Promise<SqlError> {
  await q.exec('savepoint try');
  try {
    await q.query(sql, params);
  } catch (e) {
    await q.exec('rollback to savepoint try');
    return e as SqlError;
  }
  throw new Error(`expected an error from ${sql}`);
}

/** `fails` as a given persona. */
export async function failsAs(q: Queryable, who: Who, sql: string, params: unknown[] = []): Promise<SqlError> {
  await become(q, who);
  return fails(q, sql, params);
}

/** A rolled-back scene starting as postgres, with hires funded through escrow turned on. */
export function hireScenes(ctx: { readonly db: Database }) {
  return function scene<T>(fn: (q: Queryable) => Promise<T>): Promise<T> {
    return runAs(ctx.db, 'postgres', async (q) => {
      await q.query(`update app.platform_settings set escrow_enabled = true`);
      return fn(q);
    });
  };
}

/** The brand accepts the application (its hire awaits funding); returns the escrow. */
export async function accept(q: Queryable, h: Hire = ISABELLA): Promise<string> {
  await become(q, h.brand);
  await q.query(`select api.accept_application($1)`, [h.app]);
  return (await one<{ escrow_id: string }>(q, `select escrow_id from api.hire_quote($1)`, [h.app])).escrow_id;
}

/** The brand accepts and funds the hire by card (the webhook's record call). */
export async function acceptAndFund(q: Queryable, h: Hire = ISABELLA): Promise<{ escrow: string; payment: string }> {
  return fund(q, await accept(q, h), h);
}

/** The card payment of an accepted hire succeeds (the payments function's begin, then the webhook's record call). */
export async function fund(q: Queryable, escrow: string, h: Hire = ISABELLA): Promise<{ escrow: string; payment: string }> {
  await become(q, 'service_role');
  const begun = await one<{ payment_id: string }>(q, `select * from api.hire_payment_begin($1)`, [escrow]);
  await q.query(`select * from api.payment_record_stripe_state(stripe_payment_id => $2, target_status => 'completed',
    stripe_status => 'succeeded', known_payment_id => $1, event_id => $3, event_type => 'payment_intent.succeeded')`,
    [begun.payment_id, h.pi, `evt_fund_${h.pi}`]);
  return { escrow, payment: begun.payment_id };
}

/** The creator submits content (round 1); returns the deliverable. */
export async function submit(q: Queryable, h: Hire = ISABELLA, url = 'https://tiktok.com/@isabella/1'): Promise<string> {
  await become(q, h.creator);
  return (await one<{ id: string }>(q, `select api.submit_deliverable($1, $2) as id`, [h.campaign, url])).id;
}

/** The brand decides on content awaiting review. */
export async function decide(q: Queryable, deliverable: string, status: string, feedback: string | null = null, brand = ids.brand): Promise<void> {
  await become(q, brand);
  await q.query(`select api.review_deliverable($1, $2, $3)`, [deliverable, status, feedback]);
}

/** The creator answers a request for changes. */
export async function resubmit(q: Queryable, deliverable: string, url: string, note: string | null = null, creator = ISABELLA.creator): Promise<void> {
  await become(q, creator);
  await q.query(`select api.resubmit_deliverable($1, $2, $3)`, [deliverable, url, note]);
}

/** Funds, delivers and approves: the escrow is released and the hire complete. Returns escrow and deliverable. */
export async function completeHire(q: Queryable, h: Hire = ISABELLA): Promise<{ escrow: string; deliverable: string }> {
  const { escrow } = await acceptAndFund(q, h);
  const deliverable = await submit(q, h);
  await decide(q, deliverable, 'approved', null, h.brand);
  return { escrow, deliverable };
}

/** A refund of the hire's card payment as Stripe reports it (the webhook's or the payments function's record call). */
export async function recordRefund(q: Queryable, h: Hire, refundedCents: number, eventId: string | null = null): Promise<void> {
  await become(q, 'service_role');
  await q.query(`select * from api.payment_record_stripe_state(stripe_payment_id => $1, target_status => $2,
    stripe_status => 'succeeded', amount_refunded_cents => $3, event_id => $4, event_type => 'charge.refunded')`,
    [h.pi, refundedCents >= h.amount ? 'refunded' : 'completed', refundedCents, eventId]);
}

/** A party opens a dispute on the hire; returns it. */
export async function openDispute(q: Queryable, who: string, h: Hire = ISABELLA, reason = 'not_as_agreed',
  details = 'The video does not show the serum at all'): Promise<string> {
  await become(q, who);
  return (await one<{ id: string }>(q, `select api.open_dispute($1, $2, $3) as id`, [h.app, reason, details])).id;
}

/**
 * An admin resolves a dispute exactly as the payments edge function does: the quote with the admin's JWT,
 * begin as the service role, the brand's share refunded at Stripe and recorded like any refund, finish.
 */
export async function resolveDispute(q: Queryable, dispute: string, outcome: 'release' | 'refund' | 'split', h: Hire = ISABELLA,
  creatorCents: number | null = null, note = 'Both sides were heard; this is the fair outcome'): Promise<{ outcome: string; creator_cents: number; brand_cents: number }> {
  await become(q, ids.admin);
  const quote = await one<{ creator_share_cents: string; brand_share_cents: string; admin_id: string }>(q,
    `select * from api.resolve_dispute_quote($1, $2, $3)`, [dispute, outcome, creatorCents]);
  await become(q, 'service_role');
  await q.query(`select * from api.resolve_dispute_begin($1, $2, $3, $4, $5, $6)`,
    [dispute, outcome, quote.creator_share_cents, quote.brand_share_cents, note, quote.admin_id]);
  const brandCents = Number(quote.brand_share_cents);
  if (brandCents > 0) await recordRefund(q, h, brandCents, `evt_dispute_refund_${dispute}`);
  await become(q, 'service_role');
  return one(q, `select outcome, creator_cents::int, brand_cents::int from api.resolve_dispute_finish($1)`, [dispute]);
}

/** The ledger lines of an escrow, as `kind account amount`. */
export async function ledgerOf(q: Queryable, escrow: string): Promise<string[]> {
  await become(q, 'postgres');
  return (await q.query<{ line: string }>(
    `select t.kind || ' ' || e.account || ' ' || e.amount_cents as line from app.ledger_transactions t
     join app.ledger_entries e on e.transaction_id = t.id where t.escrow_id = $1 order by e.id`, [escrow])).rows
    .map((r) => r.line);
}

/** A creator's available balance in cents. */
export async function availableOf(q: Queryable, creator: string): Promise<number> {
  await become(q, creator);
  return (await one<{ n: number }>(q, `select available_cents::int n from api.my_payouts_overview()`)).n;
}
