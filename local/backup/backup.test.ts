import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStack, type Stack } from '../app.ts';
import { loadConfig } from '../config.ts';
import type { Database } from '../db/database.ts';
import { openPglite } from '../db/pglite.ts';
import { runScript } from './run-script.ts';

interface Write {
  email: string;
  sentAt: number;
  ackedAt: number;
}

/** A POST with exactly these headers (fetch would replace Host). */
function post(url: string, headers: Record<string, string>): Promise<{ status: number | undefined; type: string | undefined }> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method: 'POST', headers }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode, type: res.headers['content-type'] }));
    });
    req.on('error', reject);
    req.end();
  });
}

/** The embedded database's stack on a free port over dataDir (as `npm start` runs it, minus the launcher). */
async function startOn(dataDir: string): Promise<{ stack: Stack; db: Database; url: string; anonKey: string; close(): Promise<void> }> {
  const db = await openPglite(dataDir);
  const config = loadConfig({
    ...process.env,
    DATABASE_URL: '',
    DATA_DIR: dataDir,
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_REQUESTS: 'false',
    SCHEDULER: 'off',
    AUTH_RATE_LIMIT: '100000',
    AUTH_EMAIL_CONFIRMATIONS: 'false',
    SMTP_HOST: '',
  });
  const stack = await createStack(config, { db, seed: false, log: () => undefined });
  await stack.listen();
  config.port = (stack.server.address() as AddressInfo).port;
  return {
    stack,
    db,
    url: `http://127.0.0.1:${config.port}`,
    anonKey: config.anonKey,
    async close() {
      await stack.close();
      await db.close();
    },
  };
}

// Issue 31, item 8. Backups are of the embedded database; a Postgres server's are pg_dump's (README, Backups).
describe.skipIf(Boolean(process.env.DATABASE_URL))('db:backup and db:restore', () => {
  const root = mkdtempSync(path.join(os.tmpdir(), 'db-backup-'));
  const live = path.join(root, 'live');
  const restored = path.join(root, 'restored');
  const backups = path.join(root, 'backups');
  let stack: Awaited<ReturnType<typeof startOn>> | undefined;
  let restoredStack: Awaited<ReturnType<typeof startOn>> | undefined;

  beforeAll(async () => {
    stack = await startOn(live);
  }, 180_000);
  afterAll(async () => {
    await stack?.close();
    await restoredStack?.close();
    rmSync(root, { recursive: true, force: true });
  });

  it('answers /_db/backup to this machine with the service_role key only', async () => {
    const s = stack!;
    const serviceKey = s.stack.ctx.config.serviceRoleKey;
    const tries: [string, Record<string, string>][] = [
      ['no key', {}],
      ['the anon key', { apikey: s.anonKey }],
      ['a forwarded client', { apikey: serviceKey, 'x-forwarded-for': '203.0.113.7' }],
      ['a rebound name', { apikey: serviceKey, host: 'backups.example.com' }],
    ];
    for (const [who, headers] of tries) {
      const res = await post(`${s.url}/_db/backup`, headers);
      expect({ who, ...res }).toEqual({
        who,
        status: 404,
        type: 'application/json; charset=utf-8',
      });
    }
  });

  it('restores a backup taken under write load with every write acknowledged before it started', async () => {
    const s = stack!;
    const acked: Write[] = [];
    let failures = 0;
    let writing = true;
    let n = 0;
    // Sign-ups through the stack's HTTP API: each acknowledged one is a committed auth.users row.
    const writer = async () => {
      while (writing) {
        const email = `w${n++}@backup.test`;
        const sentAt = performance.now();
        const res = await fetch(`${s.url}/auth/v1/signup`, {
          method: 'POST',
          headers: { apikey: s.anonKey, 'content-type': 'application/json' },
          body: JSON.stringify({ email, password: 'backup-test-password' }),
        });
        await res.arrayBuffer();
        if (res.ok) acked.push({ email, sentAt, ackedAt: performance.now() });
        else failures++;
      }
    };
    const writers = [writer(), writer(), writer()];
    while (acked.length < 10) await new Promise((r) => setTimeout(r, 50));

    // The backup's consistent point comes after this instant: whatever was acknowledged before it must be in it.
    const backupStarted = performance.now();
    const backup = await runScript('db-backup', [], { DATA_DIR: live, PORT: new URL(s.url).port, BACKUP_DIR: backups });
    const backupEnded = performance.now();
    await new Promise((r) => setTimeout(r, 500));
    writing = false;
    await Promise.all(writers);

    expect(backup.output).toMatch(/backup written: .*marketplace-\d{8}T\d{9}Z\.tar\.gz/);
    expect(backup.code).toBe(0);
    const before = acked.filter((w) => w.ackedAt < backupStarted);
    // Writes were in flight while it ran (each writer always has one outstanding).
    expect(acked.filter((w) => w.sentAt < backupEnded && w.ackedAt > backupStarted).length).toBeGreaterThan(0);
    expect(failures).toBe(0);

    // Never while a stack runs on the directory, and never over a database without --force.
    const file = path.join(backups, readdirSync(backups)[0]!);
    const whileRunning = await runScript('db-restore', [file, '--force'], { DATA_DIR: live });
    expect(whileRunning.output).toContain('is in use by another stack');
    expect(whileRunning.code).toBe(4);

    await s.close();
    stack = undefined;
    const restore = await runScript('db-restore', [file], { DATA_DIR: restored });
    expect(restore.output).toContain(`restored ${file} into ${restored}`);
    expect(restore.code).toBe(0);
    const over = await runScript('db-restore', [file], { DATA_DIR: restored });
    expect(over.output).toContain('is not empty');
    expect(over.code).toBe(1);

    restoredStack = await startOn(restored);
    expect(restoredStack.stack.fresh).toBe(false);
    const { rows } = await restoredStack.db.query<{ email: string }>(`select email from auth.users where email like '%@backup.test'`);
    const present = new Set(rows.map((r) => r.email));
    const missing = before.filter((w) => !present.has(w.email)).map((w) => w.email);
    expect({ missing, checked: before.length }).toEqual({ missing: [], checked: before.length });
    expect(before.length).toBeGreaterThanOrEqual(10);
    // The restored stack serves: a user from the backup signs in.
    const signIn = await fetch(`${restoredStack.url}/auth/v1/token?grant_type=password`, {
      method: 'POST',
      headers: { apikey: restoredStack.anonKey, 'content-type': 'application/json' },
      body: JSON.stringify({ email: before[0]!.email, password: 'backup-test-password' }),
    });
    expect(signIn.status).toBe(200);
    expect(existsSync(path.join(restored, 'stack.lock'))).toBe(true); // the restored stack's own lock
  }, 300_000);
});
