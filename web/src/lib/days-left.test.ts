import { describe, expect, test } from 'vitest';
import { daysLeft } from './days-left';

// Issue 30, finding 7: the same 18 Dec deadline read "22 days" and "21 days" on one browse page (rounded-up
// 24-hour periods from the current moment), and a completed campaign read "0 days left" / "5 days left".

describe('days left: calendar days in the viewer time zone', () => {
  test('one date, one count, whatever the deadline time of day', () => {
    const now = new Date('2026-11-26T15:00:00Z'); // 09:00 in Mexico City
    const opts = { now, timeZone: 'America/Mexico_City' };
    // 18 Dec in Mexico City at 00:30, noon and 23:59 (UTC-6): all 22 days from 26 Nov.
    for (const deadline of ['2026-12-18T06:30:00Z', '2026-12-18T18:00:00Z', '2026-12-19T05:59:00Z']) {
      expect(daysLeft(deadline, opts), deadline).toEqual({ kind: 'days', days: 22 });
    }
  });

  test('late in the evening in Mexico City the day is still the viewer\'s, not UTC\'s', () => {
    // 23:30 on 17 Dec in Mexico City is already 18 Dec in UTC.
    const now = new Date('2026-12-18T05:30:00Z');
    expect(daysLeft('2026-12-18T18:00:00Z', { now, timeZone: 'America/Mexico_City' })).toEqual({ kind: 'days', days: 1 });
    // The same moment in UTC reads "today": the zone decides.
    expect(daysLeft('2026-12-18T18:00:00Z', { now, timeZone: 'UTC' })).toEqual({ kind: 'today' });
    // Ten minutes later in Mexico City it is 17 Dec 23:40: a deadline at 23:59 that evening ends today.
    expect(daysLeft('2026-12-18T05:59:00Z', { now: new Date('2026-12-18T05:40:00Z'), timeZone: 'America/Mexico_City' })).toEqual({ kind: 'today' });
  });

  test('late in the evening in Bogotá: a deadline at 00:30 tomorrow is 1 day, not "today"', () => {
    // 23:45 on 17 Dec in Bogotá (UTC-5); the deadline is 00:30 on 18 Dec there, 45 minutes away.
    const now = new Date('2026-12-18T04:45:00Z');
    expect(daysLeft('2026-12-18T05:30:00Z', { now, timeZone: 'America/Bogota' })).toEqual({ kind: 'days', days: 1 });
    // After midnight in Bogotá the same deadline ends today.
    expect(daysLeft('2026-12-18T05:30:00Z', { now: new Date('2026-12-18T05:05:00Z'), timeZone: 'America/Bogota' })).toEqual({ kind: 'today' });
  });

  test('a deadline earlier today still ends today; yesterday\'s has ended', () => {
    const now = new Date('2026-12-18T23:00:00Z'); // 17:00 in Mexico City
    const opts = { now, timeZone: 'America/Mexico_City' };
    expect(daysLeft('2026-12-18T15:00:00Z', opts)).toEqual({ kind: 'today' });
    expect(daysLeft('2026-12-17T15:00:00Z', opts)).toEqual({ kind: 'ended' });
  });

  test('a completed campaign shows no count, even with days before its deadline; no deadline is "none"', () => {
    const now = new Date('2026-12-13T12:00:00Z');
    expect(daysLeft('2026-12-18T18:00:00Z', { now, timeZone: 'America/Bogota', status: 'completed' })).toEqual({ kind: 'closed' });
    expect(daysLeft('2026-12-10T18:00:00Z', { now, timeZone: 'America/Bogota', status: 'completed' })).toEqual({ kind: 'closed' });
    expect(daysLeft('2026-12-18T18:00:00Z', { now, timeZone: 'America/Bogota', status: 'paused' })).toEqual({ kind: 'days', days: 5 });
    expect(daysLeft(null, { now })).toEqual({ kind: 'none' });
    expect(daysLeft('not a date', { now })).toEqual({ kind: 'none' });
  });
});
