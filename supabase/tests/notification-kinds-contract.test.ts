import { describe, expect, test } from 'vitest';
import { isNotificationKind, NOTIFICATION_KINDS } from '../functions/_shared/contract/notification-kinds.ts';
import { useSeededDatabase } from '../../testkit/db/seeded-database.ts';

const ctx = useSeededDatabase();

const quoted = (sql: string) => [...sql.matchAll(/'([a-z_]+)'/g)].map((m) => m[1]!);
const sorted = (list: readonly string[]) => [...new Set(list)].sort();

// Issue 33, item 4: the kinds of notification are listed once, in the contract the web and the emails
// function import. The database keeps its own lists (a check constraint, the email categories); these
// tests hold them to the contract's, so a kind added on one side only fails here.
describe('the notification kinds of the contract and the database agree', () => {
  test('the kinds are the check constraint of app.notifications.kind', async () => {
    const { rows } = await ctx.db.query<{ def: string }>(
      `select pg_get_constraintdef(c.oid) as def from pg_constraint c
       where c.conrelid = 'app.notifications'::regclass and c.contype = 'c' and pg_get_constraintdef(c.oid) like '%kind%'`,
    );
    expect(rows).toHaveLength(1);
    expect(quoted(rows[0]!.def)).toEqual([...NOTIFICATION_KINDS]);
  });

  test('app.email_category files every kind, and knows no kind but the contract\'s and the messages digest', async () => {
    const { rows } = await ctx.db.query<{ kind: string; category: string | null }>(
      `select k as kind, app.email_category(k) as category from unnest($1::text[]) k`,
      [[...NOTIFICATION_KINDS, 'not_a_kind']],
    );
    const category = Object.fromEntries(rows.map((r) => [r.kind, r.category]));
    expect(NOTIFICATION_KINDS.filter((k) => !category[k])).toEqual([]);
    expect(category.not_a_kind).toBeNull();

    const { rows: body } = await ctx.db.query<{ src: string }>(`select prosrc as src from pg_proc where oid = 'app.email_category(text)'::regprocedure`);
    const listed = [...body[0]!.src.matchAll(/kind in \(([^)]*)\)/g)].flatMap((m) => quoted(m[1]!));
    expect(sorted(listed)).toEqual(sorted([...NOTIFICATION_KINDS, 'message_digest']));
  });

  test('every kind the database writes or looks for is one of the contract\'s', async () => {
    // The functions of app and api that write notifications (app.notify, or an insert of their own) and
    // the partial indexes that look for one kind.
    const { rows: functions } = await ctx.db.query<{ name: string; src: string }>(
      `select p.oid::regprocedure::text as name, p.prosrc as src from pg_proc p join pg_namespace n on n.oid = p.pronamespace
       where n.nspname in ('app', 'api') and (p.prosrc like '%app.notify(%' or p.prosrc like '%into app.notifications%'
         or p.prosrc ~ 'kind = ''[a-z_]+''')`,
    );
    const written = functions.flatMap((f) => [
      ...[...f.src.matchAll(/app\.notify\([^,]+,\s*'([a-z_]+)'/g)].map((m) => m[1]!),
      ...[...f.src.matchAll(/into app\.notifications[^;]*?select\s+[^,]+,\s*'([a-z_]+)'/g)].map((m) => m[1]!),
      // A kind picked by a case: insert into app.notifications ... case ... then 'payout_paid' else 'payout_failed' end.
      ...[...f.src.matchAll(/into app\.notifications[^;]*/g)].flatMap((m) => [...m[0].matchAll(/\b(?:then|else) '([a-z_]+)'/g)].map((k) => k[1]!)),
      ...[...f.src.matchAll(/\bx\.kind = '([a-z_]+)'/g)].map((m) => m[1]!),
    ]);
    const { rows: indexes } = await ctx.db.query<{ def: string }>(
      `select pg_get_indexdef(i.indexrelid) as def from pg_index i where i.indrelid = 'app.notifications'::regclass and i.indpred is not null`,
    );
    const lookedFor = indexes.flatMap((i) => quoted(i.def.slice(i.def.indexOf(' WHERE '))));
    expect(written.length).toBeGreaterThan(NOTIFICATION_KINDS.length);
    expect(lookedFor.length).toBeGreaterThan(0);
    expect([...written, ...lookedFor].filter((k) => !isNotificationKind(k))).toEqual([]);
    // And each kind has a writer: a kind nobody writes is a dead word in every catalog.
    expect(NOTIFICATION_KINDS.filter((k) => !written.includes(k))).toEqual([]);
  });
});
