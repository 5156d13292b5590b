import type { ApiRow, Nullable, Refine } from '@/types/api-contract';

/** The check constraints of app.platform_settings and app.payout_accounts (20250111000000, 20250111000300). */
export type PayoutSchedule = 'daily' | 'weekly' | 'on_request';
export type PayoutAccountStatus = 'onboarding' | 'active' | 'needs_attention';

/** api.my_payouts_overview(): balances, the payout rule and the payout account (its fields null without one). */
export type PayoutsOverview = Refine<
  Nullable<ApiRow<'my_payouts_overview'>, 'account_country' | 'account_status' | 'bank_summary' | 'problem_code' | 'problem_message' | 'last_failed_payout_id'>,
  { payout_schedule: PayoutSchedule | (string & {}); account_status: PayoutAccountStatus | null }
>;

export type MoneyLineKind = 'in_escrow' | 'released' | 'payment' | 'payout';

/**
 * One line of api.creator_money_history(). Campaign fields are null on payouts (and on lines whose
 * campaign was deleted); the payout fields on everything else; status is null on direct payments.
 */
export type MoneyHistoryLine = Refine<
  Nullable<
    ApiRow<'creator_money_history'>,
    'status' | 'occurred_at' | 'campaign_id' | 'campaign_title' | 'application_id' | 'payout_id' | 'failure_code' | 'failure_message'
  >,
  { kind: MoneyLineKind | (string & {}) }
>;

/** POST payouts/request */
export interface PayoutRequested {
  payoutId: string;
  amountCents: number;
  status: string;
}
