import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Queryable } from '../../testkit/runtime.ts';
import { openTestDatabase, type TestDatabase } from '../../testkit/test-database.ts';

// Decision 0057: two transactions issuing documents at once get consecutive numbers; one that rolls back
// gives its number back. Needs committed rows and separate connections: its own database.
let t: TestDatabase;
beforeAll(async () => {
  t = await openTestDatabase({ seed: true });
});
afterAll(async () => {
  await t?.drop();
});

const issue = `select (app.document_issue('receipt', $1, now(), 'en')).number as n`;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function inTransaction<T>(fn: (q: Queryable) => Promise<T>, end: 'commit' | 'rollback', holdMs = 0): Promise<T> {
  return t.db.withConnection(async (q) => {
    await q.exec('begin');
    try {
      const out = await fn(q);
      await sleep(holdMs);
      await q.exec(end);
      return out;
    } catch (e) {
      await q.exec('rollback');
      throw e;
    }
  });
}

async function numbers(): Promise<number[]> {
  const r = await t.db.query<{ number: number }>(`select number from app.documents where series = 'R' and year = extract(year from now())::int order by number`);
  return r.rows.map((x) => Number(x.number));
}

test('concurrent issuers get consecutive numbers; a rolled-back one leaves no gap; a source issued twice at once has one number', async () => {
  const before = await numbers();
  const base = before.length ? Math.max(...before) : 0;
  // A holds the counter and rolls back after B has started waiting; C and D race on the same source.
  const [a, b, c, d] = await Promise.all([
    inTransaction((q) => q.query<{ n: number }>(issue, ['test:a']), 'rollback', 300),
    sleep(50).then(() => inTransaction((q) => q.query<{ n: number }>(issue, ['test:b']), 'commit')),
    sleep(100).then(() => inTransaction((q) => q.query<{ n: number }>(issue, ['test:c']), 'commit', 100)),
    sleep(120).then(() => inTransaction((q) => q.query<{ n: number }>(issue, ['test:c']), 'commit')),
  ]);
  expect(Number(a.rows[0]!.n)).toBe(base + 1);
  const committedNumbers = [b, c, d].map((r) => Number(r.rows[0]!.n));
  // C and D name the same source: both see one document, one number.
  expect(committedNumbers[1]).toBe(committedNumbers[2]);
  expect([...new Set(committedNumbers)].sort()).toEqual([base + 1, base + 2]);
  const after = await numbers();
  expect(after).toEqual([...before, base + 1, base + 2]);
  // Contiguous from 1: no number skipped, none reused.
  expect(after).toEqual(after.map((_, i) => i + 1));
  const counter = await t.db.query<{ last_number: number }>(`select last_number from app.document_counters where series = 'R' and year = extract(year from now())::int`);
  expect(Number(counter.rows[0]!.last_number)).toBe(base + 2);
});
