import type { CampaignMoney } from '../api/get-brand-money';

export type MoneyColumns = Pick<CampaignMoney, 'funded_cents' | 'in_escrow_cents' | 'released_cents' | 'refunded_cents'>;

/** The sum of each money column over all campaigns, for the table's total row. */
export function moneyTotals(rows: readonly MoneyColumns[]): MoneyColumns {
  const total: MoneyColumns = { funded_cents: 0, in_escrow_cents: 0, released_cents: 0, refunded_cents: 0 };
  for (const r of rows) {
    total.funded_cents += Number(r.funded_cents);
    total.in_escrow_cents += Number(r.in_escrow_cents);
    total.released_cents += Number(r.released_cents);
    total.refunded_cents += Number(r.refunded_cents);
  }
  return total;
}
