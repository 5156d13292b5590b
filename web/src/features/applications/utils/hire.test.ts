import { describe, expect, it } from 'vitest';
import { type Hire, HIRE_STATUS_TONES, HIRE_STATUSES, holdsContent, parseHire } from '@contract/hire';
import { allowsWork, brandHireNotice, showsCreatorHireBadge, canCancel, canFund, cancelReasonOf, creatorHireNotice } from './hire';

/** A hire as app.hire_json writes it: $500.00 at the default 15%. */
const json = {
  escrow_id: '00000000-0000-0000-0000-0000000000e1',
  status: 'awaiting_funding',
  amount_cents: 50000,
  fee_bps: 1500,
  fee_cents: 7500,
  creator_cents: 42500,
  held_cents: 0,
  released_cents: 0,
  refunded_cents: 0,
  funded_at: null,
  released_at: null,
  release_reason: null,
  refunded_at: null,
  canceled_at: null,
  cancel_reason: null,
  review_due_at: null,
  content_cents: 50000,
  licence_cents: 0,
};
const hire = (over: Partial<Hire> = {}): Hire => ({ ...(parseHire(json) as Hire), ...over });

describe('hire schema', () => {
  it('parses the hire of a row, and no hire as null', () => {
    expect(parseHire(json)).toMatchObject({ status: 'awaiting_funding', creator_cents: 42500 });
    expect(parseHire(null)).toBeNull();
    expect(parseHire(undefined)).toBeNull();
  });

  it('refuses a shape it does not know rather than showing wrong money', () => {
    expect(() => parseHire({ ...json, status: 'lost' })).toThrow();
    expect(() => parseHire({ ...json, amount_cents: '50000' })).toThrow();
    expect(() => parseHire({ ...json, release_reason: 'bribed' })).toThrow();
  });
});

describe('hire states', () => {
  it('every state has a badge colour', () => {
    expect(HIRE_STATUSES.map((s) => HIRE_STATUS_TONES[s])).toEqual(['yellow', 'blue', 'red', 'yellow', 'green', 'neutral', 'neutral', 'red']);
  });

  it('the brand funds only a hire awaiting funding', () => {
    expect(HIRE_STATUSES.filter((status) => canFund(hire({ status })))).toEqual(['awaiting_funding']);
    expect(canFund(null)).toBe(false);
  });

  it('the brand cancels a hire awaiting funding or funded, before any content', () => {
    expect(HIRE_STATUSES.filter((status) => canCancel(hire({ status }), false))).toEqual(['awaiting_funding', 'funded']);
    expect(canCancel(hire({ status: 'funded' }), true)).toBe(false);
    expect(canCancel(null, false)).toBe(false);
  });

  it('the creator works on a hire that needs no funding, is funded (disputed or not) or was paid out', () => {
    expect(allowsWork(null)).toBe(true);
    expect(HIRE_STATUSES.filter((status) => allowsWork(hire({ status })))).toEqual(['funded', 'disputed', 'released']);
  });

  it("the creator's screens drop the hire's badge once the brand closed it", () => {
    expect(HIRE_STATUSES.filter((status) => showsCreatorHireBadge(hire({ status })))).toEqual(['awaiting_funding', 'funded', 'disputed', 'refund_pending', 'released', 'charged_back']);
    expect(showsCreatorHireBadge(null)).toBe(false);
  });

  it('tells a release by approval from an automatic one', () => {
    expect(brandHireNotice(hire({ status: 'released', release_reason: 'approved' }))).toBe('released');
    expect(brandHireNotice(hire({ status: 'released', release_reason: 'auto_approved' }))).toBe('released_auto');
    expect(creatorHireNotice(hire({ status: 'released', release_reason: 'auto_approved' }))).toBe('released_auto');
  });

  it("tells a release by an admin's decision on a dispute, and an open dispute", () => {
    expect(brandHireNotice(hire({ status: 'released', release_reason: 'dispute' }))).toBe('released_dispute');
    expect(creatorHireNotice(hire({ status: 'released', release_reason: 'dispute' }))).toBe('released_dispute');
    expect(brandHireNotice(hire({ status: 'disputed' }))).toBe('disputed');
  });

  it('a refunded hire reads to the creator as canceled; to the brand as refunded', () => {
    expect(creatorHireNotice(hire({ status: 'refunded' }))).toBe('canceled');
    expect(brandHireNotice(hire({ status: 'refunded' }))).toBe('refunded');
    expect(creatorHireNotice(hire({ status: 'awaiting_funding' }))).toBe('awaiting_funding');
    expect(creatorHireNotice(hire({ status: 'charged_back' }))).toBe('charged_back');
  });

  it("the brand's reason comes from the hire, else the application; blank is none", () => {
    expect(cancelReasonOf(hire({ cancel_reason: ' Budget cut ' }), 'other')).toBe('Budget cut');
    expect(cancelReasonOf(hire(), 'From the application')).toBe('From the application');
    expect(cancelReasonOf(null, '   ')).toBeNull();
    expect(cancelReasonOf(null, null)).toBeNull();
  });
});

describe('holdsContent', () => {
  it('is true for a hire holding a content fee, false for one funding only a licence, or none', () => {
    expect(holdsContent(hire())).toBe(true);
    expect(holdsContent(hire({ amount_cents: 30000, content_cents: 0, licence_cents: 30000 }))).toBe(false);
    expect(holdsContent(null)).toBe(false);
  });
});
