import type { BadgeTone } from '@/components/ui/badge';
import type { MoneyHistoryLine, PayoutsOverview } from '../api/earnings-types';

/**
 * What a history line says about the money, one name per state a creator needs told apart. Unknown
 * values (a status added later) fall back to the closest safe reading rather than to nothing.
 */
export type LineState =
  | 'in_escrow'
  | 'refund_pending'
  | 'disputed'
  | 'released'
  | 'auto_approved'
  | 'received'
  | 'requested'
  | 'processing'
  | 'paid'
  | 'failed';

/** What each line is: money held for a hire, released to the balance, paid directly, or sent to the bank. */
export type LineKind = 'in_escrow' | 'released' | 'payment' | 'payout';

export function lineKind(line: Pick<MoneyHistoryLine, 'kind'>): LineKind {
  const kind = line.kind;
  return kind === 'in_escrow' ? 'in_escrow' : kind === 'released' ? 'released' : kind === 'payout' ? 'payout' : 'payment';
}

export function lineState(line: Pick<MoneyHistoryLine, 'kind' | 'status'>): LineState {
  switch (lineKind(line)) {
    case 'in_escrow':
      return line.status === 'refund_pending' ? 'refund_pending' : line.status === 'charged_back' ? 'disputed' : 'in_escrow';
    case 'released':
      return line.status === 'auto_approved' ? 'auto_approved' : 'released';
    case 'payment':
      return 'received';
    case 'payout':
      return line.status === 'pending' ? 'requested' : line.status === 'paid' ? 'paid' : line.status === 'failed' ? 'failed' : 'processing';
  }
}

export const STATE_TONE: Readonly<Record<LineState, BadgeTone>> = {
  in_escrow: 'yellow',
  refund_pending: 'neutral',
  disputed: 'red',
  released: 'green',
  auto_approved: 'green',
  received: 'green',
  requested: 'blue',
  processing: 'blue',
  paid: 'green',
  failed: 'red',
};

/** A payout asked for and not yet paid or failed: at most one at a time (the database makes sure). */
export function openPayout(lines: readonly MoneyHistoryLine[]): MoneyHistoryLine | undefined {
  return lines.find((l) => l.kind === 'payout' && (l.status === 'pending' || l.status === 'processing'));
}

/**
 * How often to read the money again: every 2 s for the first two minutes of an open payout (the local
 * Stripe double pays within a second; Stripe's status changes arrive by webhook), every 30 s after that
 * (a real bank transfer takes days), and not at all when nothing is on its way (in the lines and in the
 * balances' money in transit).
 */
export function payoutPollInterval(lines: readonly MoneyHistoryLine[], now: Date, inTransitCents = 0): number | false {
  const open = openPayout(lines);
  // The balances and the lines are two reads: when a payout settles between them, the lines say it is
  // over while the balances still hold it in transit. Read again, or the cards would keep that moment.
  if (!open) return inTransitCents > 0 ? 2_000 : false;
  const age = open.occurred_at ? now.getTime() - Date.parse(open.occurred_at) : 0;
  return age < 120_000 ? 2_000 : 30_000;
}

/**
 * The payout run (app.scheduled_jobs 'pay-out-available-balances') starts at minute 7 of every hour, UTC;
 * a daily schedule pays a creator at most once in 20 hours, a weekly one once in 156 (api.payouts_due).
 */
const RUN_MINUTE = 7;
const SPACING_HOURS = { daily: 20, weekly: 156 } as const;

export interface AutomaticPayoutInput {
  overview: Pick<PayoutsOverview, 'payout_schedule' | 'payout_minimum_cents' | 'available_cents' | 'account_status'>;
  /** A payout is on its way: the next run finishes it instead of starting another. */
  open: boolean;
  /** When the last paid payout happened, if any. */
  lastPaidAt: string | null;
}

/**
 * When the schedule will next pay the available balance on its own, or null when it will not: paying on
 * request only, no active account, below the minimum, or a payout already on its way. An estimate: the
 * first run after now and after the schedule's spacing from the last payout.
 */
export function nextAutomaticPayout({ overview, open, lastPaidAt }: AutomaticPayoutInput, now: Date): Date | null {
  const schedule = overview.payout_schedule === 'daily' ? 'daily' : overview.payout_schedule === 'weekly' ? 'weekly' : null;
  if (!schedule) return null;
  if (open || overview.account_status !== 'active' || overview.available_cents < overview.payout_minimum_cents) return null;
  let earliest = now.getTime();
  if (lastPaidAt) earliest = Math.max(earliest, Date.parse(lastPaidAt) + SPACING_HOURS[schedule] * 3_600_000);
  const next = new Date(earliest);
  next.setUTCMinutes(RUN_MINUTE, 0, 0);
  if (next.getTime() < earliest) next.setUTCHours(next.getUTCHours() + 1);
  return next;
}

/** The most recent paid payout's time (lines are newest first). */
export function lastPaidAt(lines: readonly MoneyHistoryLine[]): string | null {
  return lines.find((l) => l.kind === 'payout' && l.status === 'paid')?.occurred_at ?? null;
}

/** The smallest payout a creator can ask for: app.payout_begin's floor for requested payouts ($1.00). */
export const REQUEST_MINIMUM_CENTS = 100;

/**
 * Whether "Withdraw now" can pay, and if not why: no payout account, an account not ready (onboarding or
 * needing attention), a payout already on its way, or nothing (under $1.00) to withdraw.
 */
export type WithdrawState = 'ready' | 'no_account' | 'not_ready' | 'in_progress' | 'nothing';

export function withdrawState(overview: Pick<PayoutsOverview, 'account_status' | 'available_cents'>, open: boolean): WithdrawState {
  if (open) return 'in_progress';
  if (!overview.account_status) return 'no_account';
  if (overview.account_status !== 'active') return 'not_ready';
  return overview.available_cents >= REQUEST_MINIMUM_CENTS ? 'ready' : 'nothing';
}

