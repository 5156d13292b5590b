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

  // Issue 32, item 9: dates without a zero-padded day ("January 6", not "January 06"), in both languages.
  it('writes calendar dates without a leading zero on the day', () => {
    const d = new Date(2026, 2, 5);
    expect(en.date(d)).toBe('March 5, 2026');
    expect(en.date(new Date(2026, 0, 6))).toBe('January 6, 2026');
    // ISO strings in local time; an invalid date is an error, not "Invalid Date" on the page.
    expect(en.date('2026-07-04T12:00:00')).toBe('July 4, 2026');
    expect(() => en.date('not a date')).toThrow(RangeError);
    expect(() => es.date('not a date')).toThrow(RangeError);
    expect(es.date(d)).toBe('5 de marzo de 2026');
    expect(es.date(new Date(2026, 0, 6))).toBe('6 de enero de 2026');
    expect(en.date(new Date(2026, 0, 16))).toBe('January 16, 2026');
  });

  it('writes date and time without padding, the time as each language writes it', () => {
    const d = new Date(2026, 0, 6, 7, 7);
    expect(en.dateTime(d)).toMatch(/^Jan 6, 2026, 7:07\sAM$/);
    expect(es.dateTime(d)).toMatch(/^6 ene 2026, 7:07\sa\.m\.$/);
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
