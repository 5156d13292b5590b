import { describe, expect, test } from 'vitest';
import type { MoneyHistoryLine } from '../api/earnings-types';
import { lastPaidAt, lineKind, lineState, nextAutomaticPayout, openPayout, payoutPollInterval, withdrawState } from './money-lines';

const line = (over: Partial<MoneyHistoryLine>): MoneyHistoryLine => ({
  kind: 'payment',
  status: null,
  amount_cents: 1000,
  fee_cents: 0,
  occurred_at: '2026-03-05T10:00:00Z',
  campaign_id: null,
  campaign_title: null,
  application_id: null,
  payout_id: null,
  failure_code: null,
  failure_message: null,
  ...over,
});

describe('a history line', () => {
  test('says its state by kind and status', () => {
    expect(lineState(line({ kind: 'in_escrow', status: 'funded' }))).toBe('in_escrow');
    expect(lineState(line({ kind: 'in_escrow', status: 'refund_pending' }))).toBe('refund_pending');
    expect(lineState(line({ kind: 'in_escrow', status: 'charged_back' }))).toBe('disputed');
    expect(lineState(line({ kind: 'released', status: 'approved' }))).toBe('released');
    expect(lineState(line({ kind: 'released', status: 'auto_approved' }))).toBe('auto_approved');
    expect(lineState(line({ kind: 'payment' }))).toBe('received');
    expect(lineState(line({ kind: 'payout', status: 'pending' }))).toBe('requested');
    expect(lineState(line({ kind: 'payout', status: 'processing' }))).toBe('processing');
    expect(lineState(line({ kind: 'payout', status: 'paid' }))).toBe('paid');
    expect(lineState(line({ kind: 'payout', status: 'failed' }))).toBe('failed');
  });

  test('an unknown kind reads as a payment and an unknown payout status as processing', () => {
    expect(lineKind(line({ kind: 'bonus' }))).toBe('payment');
    expect(lineState(line({ kind: 'payout', status: 'held' }))).toBe('processing');
    expect(lineState(line({ kind: 'released', status: null }))).toBe('released');
  });
});

describe('an open payout', () => {
  const now = new Date('2026-03-05T10:00:00Z');
  test('is a pending or processing one', () => {
    expect(openPayout([line({ kind: 'payout', status: 'paid' }), line({ kind: 'payout', status: 'processing', payout_id: 'p2' })])?.payout_id).toBe('p2');
    expect(openPayout([line({ kind: 'payout', status: 'failed' }), line({ kind: 'in_escrow', status: 'pending' })])).toBeUndefined();
  });

  test('is polled often while young, rarely when old, not at all when there is none', () => {
    expect(payoutPollInterval([line({ kind: 'payout', status: 'pending', occurred_at: '2026-03-05T09:59:30Z' })], now)).toBe(2_000);
    expect(payoutPollInterval([line({ kind: 'payout', status: 'processing', occurred_at: '2026-03-05T09:50:00Z' })], now)).toBe(30_000);
    expect(payoutPollInterval([line({ kind: 'payout', status: 'paid' })], now)).toBe(false);
    expect(payoutPollInterval([], now)).toBe(false);
    // The lines were read after the payout failed, the balances before: read again until both agree.
    expect(payoutPollInterval([line({ kind: 'payout', status: 'failed' })], now, 10_200)).toBe(2_000);
    expect(payoutPollInterval([line({ kind: 'payout', status: 'failed' })], now, 0)).toBe(false);
  });
});

describe('the next automatic payout', () => {
  const overview = { payout_schedule: 'daily', payout_minimum_cents: 1000, available_cents: 1000, account_status: 'active' } as const;
  const at = (iso: string) => new Date(iso);
  test('is the next run at minute 7 of an hour, UTC', () => {
    expect(nextAutomaticPayout({ overview, open: false, lastPaidAt: null }, at('2026-03-05T10:05:30Z'))?.toISOString()).toBe('2026-03-05T10:07:00.000Z');
    expect(nextAutomaticPayout({ overview, open: false, lastPaidAt: null }, at('2026-03-05T10:07:00Z'))?.toISOString()).toBe('2026-03-05T10:07:00.000Z');
    expect(nextAutomaticPayout({ overview, open: false, lastPaidAt: null }, at('2026-03-05T10:07:01Z'))?.toISOString()).toBe('2026-03-05T11:07:00.000Z');
    expect(nextAutomaticPayout({ overview, open: false, lastPaidAt: null }, at('2026-03-05T23:30:00Z'))?.toISOString()).toBe('2026-03-06T00:07:00.000Z');
  });

  test('waits the schedule spacing after the last paid payout', () => {
    const now = at('2026-03-05T12:00:00Z');
    expect(nextAutomaticPayout({ overview, open: false, lastPaidAt: '2026-03-05T10:07:40Z' }, now)?.toISOString()).toBe('2026-03-06T07:07:00.000Z');
    const weekly = { ...overview, payout_schedule: 'weekly' } as const;
    expect(nextAutomaticPayout({ overview: weekly, open: false, lastPaidAt: '2026-03-05T10:00:00Z' }, now)?.toISOString()).toBe('2026-03-11T22:07:00.000Z');
    expect(nextAutomaticPayout({ overview, open: false, lastPaidAt: '2026-03-01T10:00:00Z' }, now)?.toISOString()).toBe('2026-03-05T12:07:00.000Z');
  });

  test('is none on request, without an active account, under the minimum or with a payout on its way', () => {
    const now = at('2026-03-05T12:00:00Z');
    expect(nextAutomaticPayout({ overview: { ...overview, payout_schedule: 'on_request' }, open: false, lastPaidAt: null }, now)).toBeNull();
    expect(nextAutomaticPayout({ overview: { ...overview, account_status: 'needs_attention' }, open: false, lastPaidAt: null }, now)).toBeNull();
    expect(nextAutomaticPayout({ overview: { ...overview, account_status: null }, open: false, lastPaidAt: null }, now)).toBeNull();
    expect(nextAutomaticPayout({ overview: { ...overview, available_cents: 999 }, open: false, lastPaidAt: null }, now)).toBeNull();
    expect(nextAutomaticPayout({ overview, open: true, lastPaidAt: null }, now)).toBeNull();
  });

  test('counts from the newest paid payout', () => {
    const lines = [line({ kind: 'payout', status: 'failed', occurred_at: 'c' }), line({ kind: 'payout', status: 'paid', occurred_at: 'b' }), line({ kind: 'payout', status: 'paid', occurred_at: 'a' })];
    expect(lastPaidAt(lines)).toBe('b');
    expect(lastPaidAt([line({})])).toBeNull();
  });
});

describe('withdraw now', () => {
  test('is ready with an active account and at least $1.00, else says why not', () => {
    expect(withdrawState({ account_status: 'active', available_cents: 100 }, false)).toBe('ready');
    expect(withdrawState({ account_status: 'active', available_cents: 99 }, false)).toBe('nothing');
    expect(withdrawState({ account_status: 'active', available_cents: 5000 }, true)).toBe('in_progress');
    expect(withdrawState({ account_status: null, available_cents: 5000 }, false)).toBe('no_account');
    expect(withdrawState({ account_status: 'onboarding', available_cents: 5000 }, false)).toBe('not_ready');
    expect(withdrawState({ account_status: 'needs_attention', available_cents: 5000 }, false)).toBe('not_ready');
  });

});
