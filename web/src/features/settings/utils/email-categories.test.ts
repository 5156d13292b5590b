import { describe, expect, it } from 'vitest';
import { categoryOfToken } from './email-categories';

const user = '0b7c3f1e-2a4d-4c8e-9f10-123456789abc';

describe('categoryOfToken', () => {
  it('reads the category of each kind of email', () => {
    for (const category of ['applications', 'work', 'payments', 'disputes_reviews', 'messages'] as const) {
      expect(categoryOfToken(`${category}.${user}.c2lnbmF0dXJl`)).toBe(category);
    }
  });

  it('ignores spaces a mail client added around the link', () => {
    expect(categoryOfToken(` payments.${user}.sig \n`)).toBe('payments');
  });

  it('refuses what cannot be a token', () => {
    expect(categoryOfToken(null)).toBeNull();
    expect(categoryOfToken(undefined)).toBeNull();
    expect(categoryOfToken('')).toBeNull();
    expect(categoryOfToken('payments')).toBeNull();
    expect(categoryOfToken(`payments.${user}`)).toBeNull();
    expect(categoryOfToken(`payments.${user}.`)).toBeNull();
    expect(categoryOfToken(`payments..sig`)).toBeNull();
    expect(categoryOfToken(`payments.${user}.sig.extra`)).toBeNull();
    expect(categoryOfToken(`newsletter.${user}.sig`)).toBeNull();
    expect(categoryOfToken(`Payments.${user}.sig`)).toBeNull();
  });
});
