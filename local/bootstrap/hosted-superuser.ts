import type { Database, Queryable } from '../db/database.ts';

/**
 * Returns the superuser the bootstrap runs as. Supabase's Postgres image is initialised with
 * supabase_admin as its bootstrap superuser and postgres as an ordinary role; PGlite always starts with
 * a superuser called postgres. So on a new PGlite database that superuser is renamed supabase_admin,
 * which frees the name postgres for the non-superuser role migrations run as (the baseline creates it).
 *
 * Postgres refuses to rename the session's own user, so a throwaway superuser does it. A PGlite database
 * made before this (migrations already recorded, owned by the old superuser) keeps its superuser: its
 * objects could not be altered by a non-superuser postgres; `npm run db:reset` makes it hosted-like.
 */
export async function adoptHostedSuperuser(
  conn: Queryable,
  kind: Database['kind'],
  log: (line: string) => void,
): Promise<string> {
  const me = await conn.query<{ name: string; bootstrap: boolean; made: boolean }>(
    `select session_user as name, (select oid from pg_catalog.pg_roles where rolname = session_user) = 10 as bootstrap,
      to_regclass('supabase_migrations.schema_migrations') is not null as made`,
  );
  const { name, bootstrap, made } = me.rows[0]!;
  if (kind !== 'pglite' || !bootstrap || name !== 'postgres') return name;
  if (made) {
    log('this data directory was made before the stack ran migrations as a non-superuser postgres; `npm run db:reset` rebuilds it as hosted does');
    return name;
  }
  await conn.exec(`create role pglite_rename_bootstrap superuser;
    set session authorization pglite_rename_bootstrap;
    alter role postgres rename to supabase_admin;
    set session authorization supabase_admin;
    drop role pglite_rename_bootstrap;`);
  return 'supabase_admin';
}
