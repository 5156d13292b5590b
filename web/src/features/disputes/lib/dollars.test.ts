import { describe, expect, test } from 'vitest';
import { dollarsToCents, isValidSplit } from './dollars';

describe('dollarsToCents', () => {
  test('reads whole dollars and up to two decimals, without floating point', () => {
    expect(dollarsToCents('300')).toBe(30_000);
    expect(dollarsToCents('300.5')).toBe(30_050);
    expect(dollarsToCents(' 299.99 ')).toBe(29_999);
    expect(dollarsToCents('0.29')).toBe(29);
    expect(dollarsToCents('$300.00')).toBe(30_000);
    expect(dollarsToCents('US$ 12')).toBe(1_200);
  });

  test('reads thousands separators as the app writes them, and a decimal comma', () => {
    expect(dollarsToCents('1,250.75')).toBe(125_075);
    expect(dollarsToCents('300,50')).toBe(30_050);
    expect(dollarsToCents('1,250')).toBe(125_000);
  });

  test('refuses what is not an amount', () => {
    for (const text of ['', ' ', 'abc', '-5', '3.999', '1e3', '12.34.56', '1.250,75', '$', '300 dollars', '12345678901']) expect(dollarsToCents(text)).toBeNull();
  });
});

describe('isValidSplit', () => {
  test('gives the creator more than $0.00 and less than the money held', () => {
    expect(isValidSplit(30_000, 50_000)).toBe(true);
    expect(isValidSplit(1, 50_000)).toBe(true);
    expect(isValidSplit(49_999, 50_000)).toBe(true);
    expect(isValidSplit(0, 50_000)).toBe(false);
    expect(isValidSplit(50_000, 50_000)).toBe(false);
    expect(isValidSplit(null, 50_000)).toBe(false);
  });
});
