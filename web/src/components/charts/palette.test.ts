import { describe, expect, it } from 'vitest';
import { chartColours, MEANING_COLOURS } from './palette';

// Issue 32, item 9: a creator's rejected applications were drawn green (the third colour of the set),
// accepted ones blue. A series that means good, bad, waiting or stopped now has that colour on every chart.
describe('chart colours keep their meaning', () => {
  const GREEN = MEANING_COLOURS.good;
  const RED = MEANING_COLOURS.bad;

  it("the creator's applications: accepted green, rejected red, pending amber, canceled grey", () => {
    expect(chartColours(['accepted', 'pending', 'rejected', 'canceled'])).toEqual([GREEN, MEANING_COLOURS.waiting, RED, MEANING_COLOURS.stopped]);
  });

  it('money: released and approved green, refunds red, escrow waiting, on every screen', () => {
    const [applications, approved] = chartColours(['applications', 'approved']);
    expect(approved).toBe(GREEN);
    expect(applications).not.toBe(GREEN);
    expect(applications).not.toBe(RED);
    expect(chartColours(['released', 'inEscrow', 'refunded'])).toEqual([GREEN, MEANING_COLOURS.waiting, RED]);
    const admin = chartColours(['charged', 'released', 'fees', 'refunded', 'paidOut']);
    expect(admin[1]).toBe(GREEN);
    expect(admin[3]).toBe(RED);
    expect(new Set(admin).size).toBe(5);
    const earnings = chartColours(['earned', 'paidOut']);
    expect(earnings[0]).toBe(GREEN);
    expect(new Set(earnings).size).toBe(2);
  });

  it('series without a meaning never take the good or bad colour, and no two series share one', () => {
    const neutral = chartColours(['creators', 'brands', 'admins']);
    expect(new Set(neutral).size).toBe(3);
    expect(neutral).not.toContain(GREEN);
    expect(neutral).not.toContain(RED);
    expect(chartColours(['rejected', 'creators'])[1]).not.toBe(RED);
  });
});
