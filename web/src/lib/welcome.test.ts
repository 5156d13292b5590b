import { describe, expect, test } from 'vitest';
import { welcomeFor } from './welcome';

describe('welcomeFor', () => {
  test('the first sign-in (the count includes the current one) is a first welcome', () => {
    expect(welcomeFor(1)).toBe('first');
    // A count not read yet or an account older than the count: a plain welcome, never a false "back".
    expect(welcomeFor(0)).toBe('first');
    expect(welcomeFor(null)).toBe('first');
    expect(welcomeFor(undefined)).toBe('first');
  });

  test('from the second sign-in on, welcome back', () => {
    expect(welcomeFor(2)).toBe('back');
    expect(welcomeFor(40)).toBe('back');
  });
});
