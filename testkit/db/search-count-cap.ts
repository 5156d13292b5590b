import type { Queryable } from '../runtime.ts';

/**
 * Inside a transaction opened as 'postgres' (runAs): lowers app.search_count_cap() so that a test can pass
 * the cap with a handful of rows, then acts as the user for what follows. Both end with the rollback.
 */
export async function withSearchCountCap(q: Queryable, cap: number, user: string): Promise<void> {
  await q.exec(`create or replace function app.search_count_cap() returns integer language sql immutable
    set search_path = '' as $$ select ${Math.trunc(cap)} $$`);
  await becomeUser(q, user);
}

/** Switches the open transaction to the user, as PostgREST sets up a request (set local role + claims). */
export async function becomeUser(q: Queryable, user: string): Promise<void> {
  await q.exec('set local role authenticated');
  await q.query(`select set_config('request.jwt.claims', $1, true)`, [
    JSON.stringify({ sub: user, role: 'authenticated', aud: 'authenticated', email: '' }),
  ]);
}
