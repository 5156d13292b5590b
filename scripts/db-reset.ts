// `npm run db:reset`: rebuild the database from scratch: baseline, every migration, then the seed.
import { rm } from 'node:fs/promises';
import pg from 'pg';
import { prepareDatabase } from '../local/bootstrap/migrate.ts';
import { loadConfig } from '../local/config.ts';
import { openDatabase } from '../local/db/open.ts';
import { redact } from '../local/db/redact.ts';

const config = loadConfig();
if (config.databaseUrl) {
  const url = new URL(config.databaseUrl);
  const name = decodeURIComponent(url.pathname.slice(1));
  if (!name || name === 'postgres' || name === 'template1') {
    console.error(`error: refusing to drop the "${name || 'default'}" database; point DATABASE_URL at a database of its own.`);
    process.exit(1);
  }
  url.pathname = '/postgres';
  const admin = new pg.Client({ connectionString: url.toString() });
  await admin.connect();
  await admin.query(`drop database if exists "${name.replace(/"/g, '""')}" with (force)`);
  await admin.query(`create database "${name.replace(/"/g, '""')}"`);
  await admin.end();
  console.log(`recreated ${redact(config.databaseUrl)}`);
} else {
  await rm(config.dataDir, { recursive: true, force: true });
  console.log(`removed ${config.dataDir}`);
}
const db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
const { applied } = await prepareDatabase(db, { supabaseDir: config.supabaseDir, log: (l) => console.log(l) });
await db.close();
console.log(`database ready: ${applied.length} migrations and the seed applied`);
