import { createHash } from 'node:crypto';
import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import { repoRoot } from '../config.ts';
import type { Queryable } from '../db/database.ts';
import { literal } from '../db/database.ts';

/** What the Storage server sets before its migrations, with the values of a Supabase image. */
const SETTING_VALUES: Record<string, string> = {
  'storage.install_roles': 'false',
  'storage.multitenant': 'true',
  'storage.anon_role': 'anon',
  'storage.authenticated_role': 'authenticated',
  'storage.service_role': 'service_role',
  'storage.super_user': 'postgres',
  'storage.iceberg_default_shard': '',
  'storage.iceberg_shards': '{}',
  'storage.vector_bucket_provider': '',
};
const SETTINGS = Object.keys(SETTING_VALUES);

const dir = path.join(repoRoot, 'local/bootstrap/storage-migrations');

/**
 * The Storage server's own schema migrations (supabase/storage migrations/tenant, copied unchanged; see
 * storage-migrations/README.md), run
 * as it runs them when it first connects to a project: as supabase_storage_admin, each in a transaction,
 * recorded in storage.migrations with postgres-migrations' id, name and hash, the settings it passes for
 * a Supabase image (roles already installed, multitenant as hosted), `create index concurrently` made
 * plain (its DisableConcurrentIndexTransformer) and a file marked `postgres-migrations ignore` skipped.
 * The caller's session must be the superuser; it is left as it was found.
 */
export async function runStorageMigrations(conn: Queryable, superuser: string): Promise<string[]> {
  const files = (await readdir(dir)).filter((f) => /^\d+-.*\.sql$/.test(f));
  const migrations = await Promise.all(
    files.map(async (file) => {
      const match = /^(\d+)-(.*)\.sql$/.exec(file)!;
      const contents = await readFile(path.join(dir, file), 'utf8');
      // postgres-migrations: sha1 of the file name and its contents.
      const hash = createHash('sha1').update(file + contents, 'utf8').digest('hex');
      return { id: Number(match[1]), name: match[2]!, contents, hash };
    }),
  );
  migrations.sort((a, b) => a.id - b.id);
  const done = new Set(
    (await conn.query<{ id: number }>('select id from storage.migrations')).rows.map((r) => Number(r.id)),
  );
  const todo = migrations.filter((m) => !done.has(m.id));
  if (!todo.length) return [];
  const applied: string[] = [];
  await conn.exec(`set session authorization supabase_storage_admin;
    set search_path to storage, public;
    select ${Object.entries(SETTING_VALUES).map(([k, v]) => `set_config(${literal(k)}, ${literal(v)}, false)`).join(', ')}`);
  try {
    for (const m of todo) {
      const sql = m.contents.includes('-- postgres-migrations ignore')
        ? 'select 1'
        : m.contents.replaceAll('INDEX CONCURRENTLY', 'INDEX').replace('-- postgres-migrations disable-transaction', '');
      await conn.exec('begin');
      try {
        await conn.exec(sql);
        await conn.exec(
          `insert into storage.migrations (id, name, hash) values (${m.id}, ${literal(m.name)}, ${literal(m.hash)})`,
        );
        await conn.exec('commit');
      } catch (e) {
        await conn.exec('rollback');
        throw Object.assign(new Error(`storage migration ${m.id}-${m.name} failed: ${(e as Error).message}`), { cause: e });
      }
      applied.push(`${m.id}-${m.name}`);
    }
  } finally {
    await conn.exec(`reset search_path; ${SETTINGS.map((k) => `reset ${k}`).join('; ')}; set session authorization "${superuser.replace(/"/g, '""')}"`);
  }
  return applied;
}
