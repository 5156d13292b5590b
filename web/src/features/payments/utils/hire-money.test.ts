import { describe, expect, it } from 'vitest';
import { contentReviewState, type Hire, parseHire } from '@contract/hire';
import { hireMoneyFields } from './hire-money';

/** A $250.00 hire at 15% as app.hire_json writes it once funded. */
const funded = parseHire({
  escrow_id: '00000000-0000-0000-0000-0000000000e1', status: 'funded', amount_cents: 25000, fee_bps: 1500,
  fee_cents: 3750, creator_cents: 21250, held_cents: 25000, released_cents: 0, refunded_cents: 0,
  funded_at: '2026-11-01T00:00:00Z', released_at: null, release_reason: null, refunded_at: null, canceled_at: null,
  cancel_reason: null, review_due_at: '2026-11-04T00:00:00Z', content_cents: 25000, licence_cents: 0,
}) as Hire;

/** The same hire after an admin split it $125.00 / $125.00: the ledger's fee and net of the creator's share. */
const split: Hire = { ...funded, status: 'released', release_reason: 'dispute', released_at: '2026-11-05T00:00:00Z',
  held_cents: 0, released_cents: 12500, refunded_cents: 12500, fee_cents: 1875, creator_cents: 10625, review_due_at: null };

describe('hire money fields (issue 30, finding 1)', () => {
  it('before release: the gross paid, the fee and the net the creator will receive', () => {
    expect(hireMoneyFields(funded, 'creator')).toEqual([
      { key: 'payments.escrow.paid', cents: 25000 },
      { key: 'payments.escrow.fee', cents: 3750 },
      { key: 'payments.escrow.youReceive', cents: 21250, strong: true },
    ]);
  });

  it('after a split: what the creator received (USD 106.25, not the pre-split 212.50) and the brand\'s refund', () => {
    expect(hireMoneyFields(split, 'creator')).toEqual([
      { key: 'payments.escrow.paid', cents: 25000 },
      { key: 'payments.escrow.fee', cents: 1875 },
      { key: 'payments.escrow.youReceived', cents: 10625, strong: true },
      { key: 'payments.escrow.refundedToBrand', cents: 12500 },
    ]);
    expect(hireMoneyFields(split, 'brand').map((f) => f.key)).toContain('payments.escrow.creatorReceived');
  });

  it('refunded in full: the creator received nothing, as the ledger (app.hire_json) says, beside the refund', () => {
    const refunded: Hire = { ...funded, status: 'refunded', refunded_at: '2026-11-05T00:00:00Z', held_cents: 0, refunded_cents: 25000,
      fee_cents: 0, creator_cents: 0, review_due_at: null };
    expect(hireMoneyFields(refunded, 'brand')).toEqual([
      { key: 'payments.escrow.paid', cents: 25000 },
      { key: 'payments.escrow.fee', cents: 0 },
      { key: 'payments.escrow.creatorReceived', cents: 0, strong: true },
      { key: 'payments.escrow.refundedToBrand', cents: 25000 },
    ]);
  });
});

describe('content review state (issue 30, finding 1)', () => {
  it('content awaiting review on a hire an admin closed reads closed, not pending review', () => {
    expect(contentReviewState('submitted', split)).toBe('closed');
    expect(contentReviewState('pending', { ...funded, status: 'refunded' })).toBe('closed');
  });

  it('otherwise the content keeps its own status', () => {
    expect(contentReviewState('submitted', funded)).toBe('submitted');
    expect(contentReviewState('submitted', { ...funded, status: 'disputed' })).toBe('submitted');
    expect(contentReviewState('approved', split)).toBe('approved');
    expect(contentReviewState('pending', null)).toBe('pending');
  });
});
