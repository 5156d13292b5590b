import { describe, expect, test } from 'vitest';
import { inputToArgs, parseDecimal, refusedField, platformSettingsMessages as m, platformSettingsSchema, settingsToInput } from './platform-settings-schema';

const valid = { feePercent: '15', reviewWindowHours: '72', payoutMinimum: '10.00', payoutSchedule: 'daily' as const };
const errorsOf = (input: Record<string, string>) => {
  const r = platformSettingsSchema.safeParse({ ...valid, ...input });
  return r.success ? {} : Object.fromEntries(r.error.issues.map((i) => [i.path.join('.'), i.message]));
};

describe('the platform settings form', () => {
  test('reads decimals the ways an admin types them', () => {
    expect(parseDecimal('15')).toEqual({ value: 15, decimals: 0 });
    expect(parseDecimal(' 12.5 ')).toEqual({ value: 12.5, decimals: 1 });
    expect(parseDecimal('12,5')).toEqual({ value: 12.5, decimals: 1 });
    expect(parseDecimal('$1,000.00')).toEqual({ value: 1000, decimals: 2 });
    expect(parseDecimal('1,000,000')).toEqual({ value: 1_000_000, decimals: 0 });
    expect(parseDecimal('')).toBeNull();
    expect(parseDecimal('ten')).toBeNull();
    expect(parseDecimal('-5')).toBeNull();
    expect(parseDecimal('1.2.3')).toBeNull();
  });

  test('accepts the ranges the database accepts, at their edges', () => {
    expect(errorsOf({ feePercent: '0', reviewWindowHours: '1', payoutMinimum: '1' })).toEqual({});
    expect(errorsOf({ feePercent: '50', reviewWindowHours: '720', payoutMinimum: '1000000.00' })).toEqual({});
  });

  test('says per field what is wrong', () => {
    expect(errorsOf({ feePercent: '50.01' })).toEqual({ feePercent: m.feeRange });
    expect(errorsOf({ feePercent: 'abc' })).toEqual({ feePercent: m.feeNumber });
    expect(errorsOf({ feePercent: '12.345' })).toEqual({ feePercent: m.feeDecimals });
    expect(errorsOf({ reviewWindowHours: '0' })).toEqual({ reviewWindowHours: m.windowRange });
    expect(errorsOf({ reviewWindowHours: '721' })).toEqual({ reviewWindowHours: m.windowRange });
    expect(errorsOf({ reviewWindowHours: '1.5' })).toEqual({ reviewWindowHours: m.windowNumber });
    expect(errorsOf({ payoutMinimum: '0.99' })).toEqual({ payoutMinimum: m.minimumRange });
    expect(errorsOf({ payoutMinimum: '1000000.01' })).toEqual({ payoutMinimum: m.minimumRange });
    expect(errorsOf({ payoutMinimum: '10.005' })).toEqual({ payoutMinimum: m.minimumDecimals });
    expect(errorsOf({ payoutSchedule: 'monthly' })).toEqual({ payoutSchedule: m.schedule });
  });

  test('goes from stored settings to the form and back', () => {
    const stored = { fee_bps: 1250, review_window_hours: 48, payout_minimum_cents: 1000, payout_schedule: 'weekly' };
    const input = settingsToInput(stored);
    expect(input).toEqual({ feePercent: '12.5', reviewWindowHours: '48', payoutMinimum: '10.00', payoutSchedule: 'weekly' });
    expect(inputToArgs(input)).toEqual({ fee_bps: 1250, review_window_hours: 48, payout_minimum_cents: 1000, payout_schedule: 'weekly' });
    expect(inputToArgs({ ...valid, feePercent: '12.34', payoutMinimum: '$1,234.56' })).toMatchObject({ fee_bps: 1234, payout_minimum_cents: 123456 });
  });

  test("puts the database's refusal on its field", () => {
    expect(refusedField({ name: 'ApiError', code: '22023', details: 'fee_out_of_range' })).toEqual(['feePercent', m.feeRange]);
    expect(refusedField({ details: 'payout_minimum_out_of_range' })).toEqual(['payoutMinimum', m.minimumRange]);
    expect(refusedField({ details: 'not_admin' })).toBeUndefined();
    expect(refusedField(null)).toBeUndefined();
  });
});
