// `npm run db:reset`: rebuild the database from scratch: baseline, every migration, then the seed.
import { existsSync } from 'node:fs';
import { readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { prepareDatabase } from '../local/bootstrap/migrate.ts';
import { loadConfig } from '../local/config.ts';
import { LOCK_FILE_NAME, type DataDirLock } from '../local/db/data-dir-lock.ts';
import { DataDirUnusableError, inspectDataDir, lockDataDir } from '../local/db/data-dir.ts';
import { openDatabase } from '../local/db/open.ts';
import { redact } from '../local/db/redact.ts';
import { createDatabase, databaseName, dropDatabase } from '../local/db/server-databases.ts';
import { loadStripeDoubleConfig } from '../local/stripe/config.ts';

const config = loadConfig();
let dataDirLock: DataDirLock | undefined;
if (config.databaseUrl) {
  const name = databaseName(config.databaseUrl);
  if (!name || name === 'postgres' || name === 'template1') {
    console.error(`error: refusing to drop the "${name || 'default'}" database; point DATABASE_URL at a database of its own.`);
    process.exit(1);
  }
  await dropDatabase(config.databaseUrl, name);
  await createDatabase(config.databaseUrl, name);
  console.log(`recreated ${redact(config.databaseUrl)}`);
  // The Stripe double's state described the old database's payments (the seed's among them, maybe refunded
  // since): it starts afresh with the new one, and is given the seed's objects at the next start.
  const stripeState = loadStripeDoubleConfig(config).stateFile;
  if (stripeState) {
    await rm(stripeState, { force: true });
    console.log(`removed ${stripeState}`);
  }
} else {
  // Emptying a directory that holds no database deletes someone's files (a mistyped DATA_DIR): refused.
  // A database that cannot be opened, or lost its PG_VERSION, is what a reset is for.
  try {
    inspectDataDir(config.dataDir);
  } catch (e) {
    const damagedDatabase = ['base', 'global'].every((name) => existsSync(path.join(config.dataDir, name)));
    if (!(e instanceof DataDirUnusableError) || !damagedDatabase) {
      console.error(`error: ${(e as Error).message}`);
      process.exit(5);
    }
  }
  // Taken before deleting anything, and held until the new database is closed: deleting a running stack's
  // files under it, or a stack opening them half rebuilt, is how a data directory gets lost.
  try {
    dataDirLock = lockDataDir(config.dataDir);
  } catch (e) {
    const err = e as Error & { code?: string };
    if (err.code === 'DATA_DIR_LOCKED') {
      console.error(`error: ${err.message}.\nStop that stack first (Ctrl+C in its terminal), then run npm run db:reset again.`);
      process.exit(4);
    }
    if (err.code === 'DATA_DIR_UNUSABLE') {
      console.error(`error: ${err.message}`);
      process.exit(5);
    }
    throw e;
  }
  for (const name of await readdir(config.dataDir)) {
    if (name !== LOCK_FILE_NAME) await rm(path.join(config.dataDir, name), { recursive: true, force: true });
  }
  console.log(`emptied ${config.dataDir}`);
}
// Storage's files belonged to the rows just dropped (decision 0042).
await rm(config.storageDir, { recursive: true, force: true });
console.log(`removed ${config.storageDir}`);
const db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, dataDirLock });
const { applied } = await prepareDatabase(db, { supabaseDir: config.supabaseDir, log: (l) => console.log(l) });
await db.close();
console.log(`database ready: ${applied.length} migrations and the seed applied`);
