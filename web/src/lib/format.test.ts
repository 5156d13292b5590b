import { describe, expect, it } from 'vitest';
import { compensationTypeLabel, formatDate, formatMoney, platformLabel } from './format';

describe('formatMoney', () => {
  it('shows integer cents as US dollars with two decimals', () => {
    expect(formatMoney(0)).toBe('$0.00');
    expect(formatMoney(5)).toBe('$0.05');
    expect(formatMoney(150)).toBe('$1.50');
    expect(formatMoney(524000)).toBe('$5,240.00');
    expect(formatMoney(123456789)).toBe('$1,234,567.89');
  });

  it('keeps the sign of a negative amount (refunds)', () => {
    expect(formatMoney(-2500)).toBe('-$25.00');
  });
});

describe('formatDate', () => {
  it("uses 'MMMM dd, yyyy'", () => {
    expect(formatDate(new Date(2026, 2, 5))).toBe('March 05, 2026');
    expect(formatDate(new Date(2026, 11, 31, 23, 59))).toBe('December 31, 2026');
    const early = new Date(2026, 0, 9);
    early.setFullYear(987);
    expect(formatDate(early)).toBe('January 09, 0987');
  });

  it('reads ISO strings in local time and rejects invalid dates', () => {
    expect(formatDate('2026-07-04T12:00:00')).toBe('July 04, 2026');
    expect(() => formatDate('not a date')).toThrow(RangeError);
  });
});

describe('compensationTypeLabel', () => {
  it('maps the three types as the spec says, anything else to Performance based', () => {
    expect(compensationTypeLabel('flat_fee')).toBe('Flat fee');
    expect(compensationTypeLabel('product')).toBe('Product exchange');
    expect(compensationTypeLabel('performance')).toBe('Performance based');
    expect(compensationTypeLabel('other')).toBe('Performance based');
  });
});

describe('platformLabel', () => {
  it('spells platforms as their owners do', () => {
    expect(['tiktok', 'instagram', 'youtube', 'facebook', 'twitter'].map(platformLabel)).toEqual(['TikTok', 'Instagram', 'YouTube', 'Facebook', 'Twitter']);
    expect(platformLabel('all')).toBe('All');
  });
});
