import { describe, expect, test } from 'vitest';
import { parseCron } from './cron.ts';

const at = (iso: string) => new Date(iso);

describe('parseCron', () => {
  test('steps, lists, ranges and fixed minutes, in UTC', () => {
    const every5 = parseCron('*/5 * * * *');
    expect([0, 5, 55].map((m) => every5.matches(at(`2026-11-25T10:${String(m).padStart(2, '0')}:00Z`)))).toEqual([true, true, true]);
    expect(every5.matches(at('2026-11-25T10:07:00Z'))).toBe(false);
    const hourly7 = parseCron('7 * * * *');
    expect(hourly7.matches(at('2026-11-25T23:07:00Z'))).toBe(true);
    expect(hourly7.matches(at('2026-11-25T23:08:00Z'))).toBe(false);
    const weekdays = parseCron('0 9-17/4 * * 1-5');
    expect(weekdays.matches(at('2026-11-25T13:00:00Z'))).toBe(true); // a Wednesday, 13:00
    expect(weekdays.matches(at('2026-11-29T13:00:00Z'))).toBe(false); // a Sunday
    expect(parseCron('0 0 1,15 * *').matches(at('2026-11-15T00:00:00Z'))).toBe(true);
  });

  test('day of month or day of week when both are restricted, as cron does', () => {
    const either = parseCron('0 0 1 * 0');
    expect(either.matches(at('2026-11-01T00:00:00Z'))).toBe(true);
    expect(either.matches(at('2026-11-08T00:00:00Z'))).toBe(true); // a Sunday
    expect(either.matches(at('2026-11-09T00:00:00Z'))).toBe(false);
  });

  test('refuses what it cannot read', () => {
    for (const bad of ['* * * *', '60 * * * *', '*/0 * * * *', 'a * * * *', '5-1 * * * *']) expect(() => parseCron(bad)).toThrow();
  });
});
