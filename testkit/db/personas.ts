import type { Database, PgError, Queryable } from '../runtime.ts';

/** Fixed ids of the seed's accounts (supabase/seed.sql). */
export const ids = {
  admin: '00000000-0000-0000-0000-000000000001',
  /** brand@demo.test, GlowLab: owns campaigns 1-5. */
  brand: '00000000-0000-0000-0000-0000000000b1',
  /** TrailPeak: owns campaigns 6-10. */
  otherBrand: '00000000-0000-0000-0000-0000000000b2',
  /** ByteBrew: owns campaigns 11-15. */
  thirdBrand: '00000000-0000-0000-0000-0000000000b3',
  /** creator@demo.test, Sofía. */
  creator: '00000000-0000-0000-0000-000000000c01',
  /** Mateo. */
  otherCreator: '00000000-0000-0000-0000-000000000c02',
  creatorN: (n: number) => `00000000-0000-0000-0000-000000000c${String(n).padStart(2, '0')}`,
  campaign: (n: number) => `00000000-0000-0000-0001-${String(n).padStart(12, '0')}`,
  application: (n: number) => `00000000-0000-0000-0002-${String(n).padStart(12, '0')}`,
  deliverable: (n: number) => `00000000-0000-0000-0003-${String(n).padStart(12, '0')}`,
  message: (n: number) => `00000000-0000-0000-0004-${String(n).padStart(12, '0')}`,
  payment: (n: number) => `00000000-0000-0000-0005-${String(n).padStart(12, '0')}`,
};

/**
 * Who runs a statement: the API roles exactly as PostgREST sets them up for a request, or 'postgres'
 * (the connection's own superuser: what GoTrue and migrations act as).
 */
export type Persona = 'anon' | 'service_role' | 'postgres' | { user: string };

/** A persona for one of the seed's users. */
export const as = (user: string): Persona => ({ user });

/**
 * Runs fn in a transaction as the persona (`set local role`, `request.jwt.claims`, like PostgREST) and
 * always rolls back, so every test starts from the seed.
 */
export async function runAs<T>(db: Database, persona: Persona, fn: (q: Queryable) => Promise<T>): Promise<T> {
  return db.withConnection(async (conn) => {
    await conn.exec('begin');
    try {
      const role = typeof persona === 'string' ? persona : 'authenticated';
      const claims =
        typeof persona === 'string' ? { role } : { sub: persona.user, role, aud: 'authenticated', email: '' };
      if (role !== 'postgres') await conn.exec(`set local role ${role}`);
      await conn.query(`select set_config('request.jwt.claims', $1, true)`, [JSON.stringify(claims)]);
      return await fn(conn);
    } finally {
      await conn.exec('rollback');
    }
  });
}

/** Rows of one statement run as the persona (rolled back). */
export async function rowsAs<T = Record<string, unknown>>(
  db: Database,
  persona: Persona,
  sql: string,
  params: unknown[] = [],
): Promise<T[]> {
  return runAs(db, persona, async (q) => (await q.query<T>(sql, params)).rows);
}

/** The error one statement raises as the persona, or a failure when it succeeds. */
export async function errorAs(db: Database, persona: Persona, sql: string, params: unknown[] = []): Promise<PgError> {
  try {
    await rowsAs(db, persona, sql, params);
  } catch (e) {
    return e as PgError;
  }
  throw new Error(`expected an error from: ${sql}`);
}

/** Several statements in one transaction as the persona; returns the last statement's rows. */
export async function stepsAs<T = Record<string, unknown>>(
  db: Database,
  persona: Persona,
  steps: Array<[string, unknown[]?]>,
): Promise<T[]> {
  return runAs(db, persona, async (q) => {
    let last: T[] = [];
    for (const [sql, params] of steps) last = (await q.query<T>(sql, params ?? [])).rows;
    return last;
  });
}
