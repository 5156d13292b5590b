import { describe, expect, test } from 'vitest';
import { moneyTotals } from './money-totals';

describe('money by campaign', () => {
  test('totals each column', () => {
    const rows = [
      { funded_cents: 50000, in_escrow_cents: 50000, released_cents: 0, refunded_cents: 0 },
      { funded_cents: 12345, in_escrow_cents: 0, released_cents: 12345, refunded_cents: 0 },
      { funded_cents: 1000, in_escrow_cents: 0, released_cents: 0, refunded_cents: 1000 },
    ];
    expect(moneyTotals(rows)).toEqual({ funded_cents: 63345, in_escrow_cents: 50000, released_cents: 12345, refunded_cents: 1000 });
    expect(moneyTotals([])).toEqual({ funded_cents: 0, in_escrow_cents: 0, released_cents: 0, refunded_cents: 0 });
  });
});
