import { describe, expect, it } from 'vitest';
import { coarseCountdown, countdown, sameStep, showsReviewCountdown } from './countdown';

const now = Date.parse('2026-03-01T12:00:00Z');
const later = (ms: number) => new Date(now + ms).toISOString();
const MIN = 60_000;
const H = 60 * MIN;

describe('countdown', () => {
  it('shows days and hours while a day or more is left, rounded down', () => {
    expect(countdown(later(72 * H - 1000), now)).toEqual({ kind: 'days', days: 2, hours: 23 });
    expect(countdown(later(72 * H), now)).toEqual({ kind: 'days', days: 3, hours: 0 });
    expect(countdown(later(24 * H), now)).toEqual({ kind: 'days', days: 1, hours: 0 });
  });

  it('shows hours and minutes within the last day, minutes within the last hour', () => {
    expect(countdown(later(24 * H - 1), now)).toEqual({ kind: 'hours', hours: 23, minutes: 59 });
    expect(countdown(later(5 * H + 12 * MIN + 30_000), now)).toEqual({ kind: 'hours', hours: 5, minutes: 12 });
    expect(countdown(later(59 * MIN + 59_000), now)).toEqual({ kind: 'minutes', minutes: 59 });
    expect(countdown(later(MIN), now)).toEqual({ kind: 'minutes', minutes: 1 });
  });

  it('says "soon" under a minute and due once the deadline has passed', () => {
    expect(countdown(later(59_999), now)).toEqual({ kind: 'soon' });
    expect(countdown(later(0), now)).toEqual({ kind: 'due' });
    expect(countdown(later(-5 * H), now)).toEqual({ kind: 'due' });
    expect(countdown('not a date', now)).toEqual({ kind: 'due' });
  });

  it('takes a timestamp as the database writes it', () => {
    expect(countdown('2026-03-04T11:59:00+00:00', now)).toEqual({ kind: 'days', days: 2, hours: 23 });
  });
});

describe('coarseCountdown', () => {
  it('changes at whole days, then at whole hours in the last day, so announcements are rare', () => {
    const steps = new Set<string>();
    // A minute-by-minute walk through the three days of a review window.
    for (let left = 72 * H; left > -MIN; left -= MIN) steps.add(JSON.stringify(coarseCountdown(countdown(now + left, now))));
    expect([...steps]).toHaveLength(3 + 23 + 1 + 1);
    expect(coarseCountdown(countdown(later(30 * MIN), now))).toEqual({ kind: 'underHour' });
    expect(coarseCountdown(countdown(later(50 * H), now))).toEqual({ kind: 'days', days: 2 });
  });

  it('compares steps by value', () => {
    expect(sameStep({ kind: 'days', days: 2 }, { kind: 'days', days: 2 })).toBe(true);
    expect(sameStep({ kind: 'days', days: 2 }, { kind: 'hours', hours: 2 })).toBe(false);
  });
});

// Issue 30, finding 7: a disputed hire still showed "Auto-approves in 2 d 23 h".
describe('showsReviewCountdown', () => {
  const due = '2026-12-20T12:00:00Z';
  it('shows only for content awaiting review on a funded hire', () => {
    expect(showsReviewCountdown({ hireStatus: 'funded', contentStatus: 'pending', reviewDueAt: due })).toBe(true);
    expect(showsReviewCountdown({ hireStatus: 'funded', contentStatus: 'submitted', reviewDueAt: due })).toBe(true);
  });
  it('hides for a disputed or closed hire, a hire without escrow, decided content or no due time', () => {
    for (const hireStatus of ['disputed', 'released', 'refunded', 'refund_pending', 'canceled', 'charged_back', 'awaiting_funding', null]) {
      expect(showsReviewCountdown({ hireStatus, contentStatus: 'pending', reviewDueAt: due }), String(hireStatus)).toBe(false);
    }
    for (const contentStatus of ['approved', 'rejected', 'changes_requested']) {
      expect(showsReviewCountdown({ hireStatus: 'funded', contentStatus, reviewDueAt: due }), contentStatus).toBe(false);
    }
    expect(showsReviewCountdown({ hireStatus: 'funded', contentStatus: 'pending', reviewDueAt: null })).toBe(false);
  });
});
