import { assertEquals } from '../../../../testkit/deno/assert.ts';
import { dueAt, nextAttemptAt } from './schedule.ts';

const t0 = new Date('2026-01-10T12:00:00Z');

Deno.test('schedule: checkpoints count from the publish time', () => {
  assertEquals(dueAt(t0, '24h').toISOString(), '2026-01-11T12:00:00.000Z');
  assertEquals(dueAt(t0, '7d').toISOString(), '2026-01-17T12:00:00.000Z');
  assertEquals(dueAt(t0, '30d').toISOString(), '2026-02-09T12:00:00.000Z');
});

Deno.test('schedule: failures back off exponentially up to 12 hours', () => {
  const mins = [1, 2, 3, 4, 10].map((n) => (nextAttemptAt(t0, n).getTime() - t0.getTime()) / 60_000);
  assertEquals(mins, [15, 30, 60, 120, 720]);
});

Deno.test('schedule: Retry-After is honoured, never below a minute nor above the cap', () => {
  assertEquals((nextAttemptAt(t0, 1, 300).getTime() - t0.getTime()) / 1000, 300);
  assertEquals((nextAttemptAt(t0, 1, 1).getTime() - t0.getTime()) / 1000, 60);
  assertEquals((nextAttemptAt(t0, 1, 999_999).getTime() - t0.getTime()) / 1000, 12 * 3600);
});
