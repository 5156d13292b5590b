import { describe, expect, test } from 'vitest';
import { canFund, HIRE_STATUSES, HIRE_STATUSES_BLOCKING_WORK, hireAllowsWork } from '../functions/_shared/contract/hire.ts';
import { useSeededDatabase } from '../../testkit/db/seeded-database.ts';

const ctx = useSeededDatabase();

// Issue 33, item 2: one home for the hire. The web app (through the contract) and the database
// (app.hire_status_allows_work, which app.hire_allows_work and the content trigger ask) answer the same for
// every state a hire can be in, and the states are the table's own.
describe('the hire contract and the database agree', () => {
  test('the states are the check constraint of app.escrows.status', async () => {
    const { rows } = await ctx.db.query<{ def: string }>(
      `select pg_get_constraintdef(c.oid) as def from pg_constraint c
       where c.conrelid = 'app.escrows'::regclass and c.contype = 'c' and pg_get_constraintdef(c.oid) like '%status%'`,
    );
    expect(rows).toHaveLength(1);
    const listed = [...rows[0]!.def.matchAll(/'([a-z_]+)'/g)].map((m) => m[1]);
    expect([...listed].sort()).toEqual([...HIRE_STATUSES].sort());
  });

  test('whether work is allowed, for every state and for no hire', async () => {
    const { rows } = await ctx.db.query<{ status: string | null; allows: boolean }>(
      `select s as status, app.hire_status_allows_work(s) as allows from unnest($1::text[]) s`,
      [[...HIRE_STATUSES, null]],
    );
    expect(rows).toHaveLength(HIRE_STATUSES.length + 1);
    for (const r of rows) {
      expect(r.allows, String(r.status)).toBe(hireAllowsWork(r.status === null ? null : { status: r.status as (typeof HIRE_STATUSES)[number] }));
    }
    expect(HIRE_STATUSES.filter((s) => !hireAllowsWork({ status: s }))).toEqual([...HIRE_STATUSES_BLOCKING_WORK]);
  });

  test('app.hire_allows_work reads the hire of an application by that rule', async () => {
    const { rows } = await ctx.db.query<{ status: string; allows: boolean }>(
      `select e.status, app.hire_allows_work(e.application_id) as allows from app.escrows e`,
    );
    expect(rows.length).toBeGreaterThan(0);
    for (const r of rows) expect(r.allows, r.status).toBe(hireAllowsWork({ status: r.status as (typeof HIRE_STATUSES)[number] }));
    expect(canFund({ status: 'awaiting_funding' })).toBe(true);
    expect(HIRE_STATUSES.filter((s) => canFund({ status: s }))).toEqual(['awaiting_funding']);
  });
});
