import type { Database } from '../db/database.ts';

/**
 * The database as hosted Auth uses it: GoTrue connects as supabase_auth_admin, so what its writes fire
 * (a project's triggers on auth.users, foreign-key actions) runs with that role's rights, not a
 * superuser's. A trigger that works only for a superuser then fails here as it would on a deploy
 * ("Database error saving new user"). Reads stay as they are: the tables are supabase_auth_admin's own.
 */
export function asAuthAdmin(db: Database): Database {
  return {
    ...db,
    query: db.query.bind(db),
    exec: db.exec.bind(db),
    withConnection: db.withConnection.bind(db),
    listen: db.listen.bind(db),
    close: db.close.bind(db),
    transaction: (fn) =>
      db.transaction(async (tx) => {
        await tx.exec('set local role supabase_auth_admin');
        return fn(tx);
      }),
  };
}
