import { describe, expect, it } from 'vitest';
import { formatters } from './format';

describe('formatters', () => {
  const en = formatters('en');
  const es = formatters('es');

  it('writes money in US dollars either way, with two decimals', () => {
    expect([0, 5, 150, 524000, 123456789].map(en.money)).toEqual(['$0.00', '$0.05', '$1.50', '$5,240.00', '$1,234,567.89']);
    // Refunds keep their sign.
    expect(en.money(-2500)).toBe('-$25.00');
    // Latin American Spanish names the currency, so no reader takes it for their own peso.
    expect(es.money(524000)).toMatch(/^USD\s5,240\.00$/);
    expect(es.money(5)).toMatch(/^USD\s0\.05$/);
  });

  it("keeps the spec's English date and writes Spanish dates the Spanish way", () => {
    const d = new Date(2026, 2, 5);
    expect(en.date(d)).toBe('March 05, 2026');
    const early = new Date(2026, 0, 9);
    early.setFullYear(987);
    expect(en.date(early)).toBe('January 09, 0987');
    // ISO strings in local time; an invalid date is an error, not "Invalid Date" on the page.
    expect(en.date('2026-07-04T12:00:00')).toBe('July 04, 2026');
    expect(() => en.date('not a date')).toThrow(RangeError);
    expect(() => es.date('not a date')).toThrow(RangeError);
    expect(es.date(d)).toBe('05 de marzo de 2026');
  });

  it('says how long ago, in each language', () => {
    const now = new Date('2026-11-25T12:00:00Z');
    expect(en.relative(new Date('2026-11-25T11:55:00Z'), now)).toBe('5 minutes ago');
    expect(es.relative(new Date('2026-11-25T11:55:00Z'), now)).toBe('hace 5 minutos');
    expect(es.relative(new Date('2026-11-24T12:00:00Z'), now)).toBe('ayer');
  });
});

// Issue 30, finding 7: followers read 120.4K on the dashboard and 120K in Discover (48.2K vs 48K); one
// compact formatter now writes every count.
describe('compact counts', () => {
  it('one decimal at most, the same on every screen, in each language', () => {
    const en = formatters('en');
    expect([0, 999, 1000, 48200, 120400, 152000, 1_250_000].map(en.compact)).toEqual(['0', '999', '1K', '48.2K', '120.4K', '152K', '1.3M']);
    const es = formatters('es');
    expect([999, 1000, 48200, 120400, 1_250_000].map(es.compact)).toEqual(['999', '1 mil', '48.2 mil', '120.4 mil', '1.3 millones']);
  });
});
