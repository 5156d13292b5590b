import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPglite } from '../db/pglite.ts';
import { openTestDatabase, type TestDatabase } from '../../testkit/test-database.ts';
import { prepareDatabase, type PrepareResult } from './migrate.ts';
import { repoRoot } from '../config.ts';

const onServer = Boolean(process.env.DATABASE_URL);
let t: TestDatabase;
let prepared: PrepareResult;

beforeAll(async () => {
  t = await openTestDatabase({ migrate: false });
  prepared = await prepareDatabase(t.db, { supabaseDir: path.join(repoRoot, 'supabase'), seed: true });
});
afterAll(() => t?.drop());

async function rows<T>(sql: string): Promise<T[]> {
  return (await t.db.query<T>(sql)).rows;
}

describe('roles as on a hosted project', () => {
  it('API roles inherit, log in only through authenticator, and service_role bypasses RLS', async () => {
    const roles = await rows<{ rolname: string; rolinherit: boolean; rolcanlogin: boolean; rolbypassrls: boolean }>(
      `select rolname, rolinherit, rolcanlogin, rolbypassrls from pg_roles
       where rolname in ('anon', 'authenticated', 'service_role', 'authenticator', 'supabase_auth_admin') order by rolname`,
    );
    expect(roles).toEqual([
      { rolname: 'anon', rolinherit: true, rolcanlogin: false, rolbypassrls: false },
      { rolname: 'authenticated', rolinherit: true, rolcanlogin: false, rolbypassrls: false },
      { rolname: 'authenticator', rolinherit: false, rolcanlogin: true, rolbypassrls: false },
      { rolname: 'service_role', rolinherit: true, rolcanlogin: false, rolbypassrls: true },
      { rolname: 'supabase_auth_admin', rolinherit: false, rolcanlogin: true, rolbypassrls: false },
    ]);
  });

  it('sets the per-role timeouts hosted sets', async () => {
    const settings = await rows<{ role: string; config: string[] }>(
      `select r.rolname as role, s.setconfig as config from pg_db_role_setting s join pg_roles r on r.oid = s.setrole
       where s.setdatabase = 0 and r.rolname in ('anon', 'authenticated', 'authenticator') order by 1`,
    );
    const byRole = Object.fromEntries(settings.map((s) => [s.role, [...s.config].sort()]));
    expect(byRole).toEqual({
      anon: ['statement_timeout=3s'],
      authenticated: ['statement_timeout=8s'],
      authenticator: ['lock_timeout=8s', 'statement_timeout=8s'],
    });
  });

  it('postgres may act as the API roles and as supabase_auth_admin, as on hosted', async () => {
    const member = await rows<{ role: string }>(
      `select b.rolname as role from pg_auth_members m join pg_roles a on a.oid = m.member join pg_roles b on b.oid = m.roleid
       where a.rolname = 'postgres' and b.rolname in ('anon', 'authenticated', 'service_role', 'supabase_auth_admin') order by 1`,
    );
    expect(member.map((m) => m.role)).toEqual(['anon', 'authenticated', 'service_role', 'supabase_auth_admin']);
  });

  it("auth's tables and functions belong to supabase_auth_admin, who created them", async () => {
    const owners = await rows<{ owner: string }>(
      `select distinct pg_get_userbyid(relowner) as owner from pg_class where relnamespace = 'auth'::regnamespace and relkind in ('r', 'p')
       union select distinct pg_get_userbyid(proowner) from pg_proc where pronamespace = 'auth'::regnamespace`,
    );
    expect(owners).toEqual([{ owner: 'supabase_auth_admin' }]);
  });
});

describe.skipIf(onServer)('migrations run as a postgres that is not a superuser (PGlite)', () => {
  it('postgres has exactly the attributes hosted leaves it after demotion', async () => {
    expect(prepared.migrator).toBe('postgres');
    const [pg] = await rows<Record<string, boolean>>(
      `select rolsuper, rolcreatedb, rolcreaterole, rolreplication, rolbypassrls, rolcanlogin from pg_roles where rolname = 'postgres'`,
    );
    expect(pg).toEqual({ rolsuper: false, rolcreatedb: true, rolcreaterole: true, rolreplication: true, rolbypassrls: true, rolcanlogin: true });
    const [admin] = await rows<{ rolname: string; rolsuper: boolean }>(`select rolname, rolsuper from pg_roles where oid = 10`);
    expect(admin).toEqual({ rolname: 'supabase_admin', rolsuper: true });
  });

  it('what the migrations and the seed created belongs to postgres, and the seed could write auth.users', async () => {
    const owners = await rows<{ owner: string }>(
      `select distinct pg_get_userbyid(c.relowner) as owner from pg_class c
       where c.relnamespace in ('app'::regnamespace, 'supabase_migrations'::regnamespace) and c.relkind = 'r'`,
    );
    expect(owners).toEqual([{ owner: 'postgres' }]);
    expect((await rows<{ n: number }>('select count(*)::int as n from auth.users'))[0]!.n).toBeGreaterThan(0);
  });

  it('refuses a migration that needs a superuser, as `supabase db push` on hosted would', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'superuser-migration-'));
    mkdirSync(path.join(dir, 'migrations'));
    writeFileSync(path.join(dir, 'migrations', '20250101000000_needs_superuser.sql'), 'create role sneaky superuser;');
    const db = await openPglite(undefined);
    try {
      await expect(prepareDatabase(db, { supabaseDir: dir })).rejects.toThrow(
        /migration 20250101000000_needs_superuser\.sql failed: (permission denied to create role|must be superuser)/,
      );
      // The failed migration left nothing behind, and the session is the superuser's again.
      expect((await db.query<{ n: number }>(`select count(*)::int as n from pg_roles where rolname = 'sneaky'`)).rows[0]!.n).toBe(0);
      expect((await db.query<{ u: string }>('select session_user as u')).rows[0]!.u).toBe('supabase_admin');
    } finally {
      await db.close();
    }
  });

  it('keeps an older data directory, whose superuser is still postgres, working as before', async () => {
    const db = await openPglite(undefined);
    const lines: string[] = [];
    try {
      await db.exec(`create schema supabase_migrations;
        create table supabase_migrations.schema_migrations (version text not null primary key, statements text[], name text)`);
      const result = await prepareDatabase(db, { supabaseDir: path.join(repoRoot, 'supabase'), log: (l) => lines.push(l) });
      expect(result.migrator).toBe('postgres');
      expect((await db.query<{ s: boolean }>(`select rolsuper as s from pg_roles where rolname = 'postgres'`)).rows[0]!.s).toBe(true);
      expect(lines.some((l) => l.includes('npm run db:reset'))).toBe(true);
    } finally {
      await db.close();
    }
  });
});
