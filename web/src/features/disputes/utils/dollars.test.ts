import { describe, expect, test } from 'vitest';
import { isValidSplit } from './dollars';

// Typed dollars to cents: supabase/tests/money-contract.test.ts (@contract/money).

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
