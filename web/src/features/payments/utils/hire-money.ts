import type { Hire } from '@contract/hire';

/** The catalog keys of the hire card's money fields (payments/messages). */
export type HireMoneyKey =
  | 'payments.escrow.paid'
  | 'payments.escrow.fee'
  | 'payments.escrow.creatorReceives'
  | 'payments.escrow.youReceive'
  | 'payments.escrow.creatorReceived'
  | 'payments.escrow.youReceived'
  | 'payments.escrow.refundedToBrand';

export interface HireMoneyField {
  key: HireMoneyKey;
  cents: number;
  /** The creator's net: the figure the card stresses. */
  strong?: boolean;
}

/**
 * The money of a hire as its card shows it, in the glossary's words (decision 0031): what the brand paid
 * (gross), the platform fee, the creator's net, and what went back to the brand. While the hire is open
 * the fee and net are the quote ("receives"); once closed they are what the ledger paid ("received"),
 * which after a split dispute is the net of the creator's share, and after a full refund nothing.
 */
export function hireMoneyFields(hire: Hire, viewer: 'brand' | 'creator'): HireMoneyField[] {
  // Closed (released, refunded, canceled…): what the creator did receive, the ledger's (app.hire_json).
  const closed = hire.status !== 'awaiting_funding' && hire.status !== 'funded' && hire.status !== 'disputed';
  const netKey: HireMoneyKey = viewer === 'brand'
    ? closed ? 'payments.escrow.creatorReceived' : 'payments.escrow.creatorReceives'
    : closed ? 'payments.escrow.youReceived' : 'payments.escrow.youReceive';
  const fields: HireMoneyField[] = [
    { key: 'payments.escrow.paid', cents: hire.amount_cents },
    { key: 'payments.escrow.fee', cents: hire.fee_cents },
    { key: netKey, cents: hire.creator_cents, strong: true },
  ];
  if (hire.refunded_cents > 0) fields.push({ key: 'payments.escrow.refundedToBrand', cents: hire.refunded_cents });
  return fields;
}
