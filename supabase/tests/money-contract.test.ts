import { describe, expect, test } from 'vitest';
import { bpsToPercent, centsToDollarsInput, dollarsToCents, percentToBps, platformFeeCents } from '../functions/_shared/contract/money.ts';
import { useSeededDatabase } from '../../testkit/db/seeded-database.ts';

const ctx = useSeededDatabase();

// Issue 33, item 3: one grammar for dollars to cents and one fee rule, shared by the web app and the
// functions (supabase/functions/_shared/contract/money.ts); the fee is pinned to the database's own.
describe('the money contract', () => {
  test('typed dollars become cents from the digits, in every form the app accepts', () => {
    const cases: Array<[string | number, number | null]> = [
      ['300', 30000], ['300.5', 30050], ['300.', 30000], ['300.05', 30005], ['0.29', 29], ['$300.00', 30000],
      ['US$ 300', 30000], ['us$1,250.75', 125075], ['1,250.75', 125075], ['12,345,678', 1234567800], ['300,50', 30050],
      ['300,5', 30050], ['1.250,75', 125075], ['US$ 1.234.567,8', 123456780], ['US$\u00a01.234,56', 123456], ['  42  ', 4200], [' 500. ', 50000], ['0', 0], ['007', 700], ['9999999999.99', 999999999999],
      [125.5, 12550], [99.99, 9999], [0.29, 29], [150, 15000],
      ['', null], ['   ', null], ['abc', null], ['-10', null], ['+10', null], ['1.234', null], ['1,2,3', null],
      ['1,25,000', null], ['12,3456', null], ['3.999', null], ['12.34.56', null], ['1.250', null], ['1.25,75', null], ['1.250.5,75', null], ['1,250,75', null], ['300 dollars', null], ['1e3', null], ['10000000000', null], ['$', null], ['1 000', null],
      [0.1 + 0.2, null], [-5, null], [Number.NaN, null], [Number.POSITIVE_INFINITY, null],
    ];
    for (const [input, cents] of cases) expect(dollarsToCents(input), JSON.stringify(input)).toBe(cents);
  });

  test('cents go back into an input as the same amount', () => {
    for (const cents of [0, 5, 50, 1050, 24999, 50000, 999999999999]) {
      expect(dollarsToCents(centsToDollarsInput(cents))).toBe(cents);
    }
    expect(centsToDollarsInput(24999)).toBe('249.99');
    expect(centsToDollarsInput(50000)).toBe('500');
  });

  test('percentages are basis points', () => {
    expect([percentToBps('15'), percentToBps('12.5'), percentToBps('12,25'), percentToBps('0'), percentToBps('15 %')]).toEqual([1500, 1250, 1225, 0, 1500]);
    expect([percentToBps('1.234'), percentToBps('-1'), percentToBps('x'), percentToBps('1000')]).toEqual([null, null, null, null]);
    expect([bpsToPercent(1500), bpsToPercent(1250)]).toEqual([15, 12.5]);
  });

  test('the fee in cents is the database\'s app.platform_fee for every amount and rate tried', async () => {
    const amounts = [0, 1, 99, 1001, 12345, 50000, 99999, 123456789];
    const rates = [0, 1, 999, 1250, 1500, 5000];
    const { rows } = await ctx.db.query<{ amount: string; bps: number; fee: string }>(
      `select a as amount, b as bps, app.platform_fee(a, b) as fee from unnest($1::bigint[]) a cross join unnest($2::int[]) b`,
      [amounts, rates],
    );
    expect(rows).toHaveLength(amounts.length * rates.length);
    for (const r of rows) expect(platformFeeCents(Number(r.amount), r.bps), `${r.amount} at ${r.bps}`).toBe(Number(r.fee));
  });
});
