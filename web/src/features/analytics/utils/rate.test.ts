import { describe, expect, test } from 'vitest';
import { formatRate, toRate } from './rate';

describe('toRate', () => {
  test('reads numbers and numeric strings, keeps null for undecided', () => {
    expect(toRate(66.7)).toBe(66.7);
    expect(toRate('50.0')).toBe(50);
    expect(toRate(null)).toBeNull();
    expect(toRate(undefined)).toBeNull();
    expect(toRate('not a number')).toBeNull();
  });
});

describe('formatRate', () => {
  test('shows one decimal at most and a dash when nothing was decided', () => {
    expect(formatRate(66.7)).toBe('66.7%');
    expect(formatRate(100)).toBe('100%');
    expect(formatRate(0)).toBe('0%');
    expect(formatRate(null)).toBe('–');
  });
});
