import { execFile, execFileSync } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { bootstrapAs } from '../local/bootstrap/migrate.ts';
import { openPostgres } from '../local/db/postgres.ts';

const run = promisify(execFile);

export interface HostedLikeCluster {
  /** Connection string as `postgres`, the non-superuser role a hosted project hands out. */
  postgresUrl: string;
  /** Connection string as the cluster's bootstrap superuser, supabase_admin. */
  adminUrl: string;
  /** Stops the server and keeps its files (pg_ctl stop -m fast): clients meet a refused connection until resume(). */
  pause(): Promise<void>;
  /**
   * Starts the paused server again on the same port. `refusingConnections` starts it as a standby with hot
   * standby off, which answers every connection with SQLSTATE 57P03 as a server does while it starts up or
   * recovers; pause() and resume() again make it an ordinary server.
   */
  resume(opts?: { refusingConnections?: boolean }): Promise<void>;
  /** Stops the server and deletes its files. */
  stop(): Promise<void>;
}

/** The directory of initdb/pg_ctl: pg_config's, else the newest under /usr/lib/postgresql; undefined when none. */
export function postgresBinDir(): string | undefined {
  try {
    const dir = execFileSync('pg_config', ['--bindir'], { encoding: 'utf8' }).trim();
    if (existsSync(path.join(dir, 'initdb'))) return dir;
  } catch {
    // no pg_config on PATH: look where Debian puts the server
  }
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root) ? readdirSync(root).filter((v) => existsSync(path.join(root, v, 'bin', 'initdb'))) : [];
  const newest = versions.sort((a, b) => Number(b) - Number(a))[0];
  return newest ? path.join(root, newest, 'bin') : undefined;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/**
 * A throwaway Postgres cluster built the way Supabase's image builds a project's database: initialised
 * with supabase_admin as its bootstrap superuser, then the baseline (roles, auth schema, realtime), so
 * `postgres` is an ordinary role and a deploy meets hosted's privileges. Postgres refuses to run as
 * root, so as root the cluster runs as the `postgres` system user.
 */
export async function startHostedLikeCluster(binDir: string): Promise<HostedLikeCluster> {
  const dir = mkdtempSync(path.join(tmpdir(), 'hosted-like-'));
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    chownSync(dir, uidOf('postgres'), gidOf('postgres'));
    chmodSync(dir, 0o700);
  }
  const pg = (tool: string, args: string[]) =>
    asRoot ? run('runuser', ['-u', 'postgres', '--', path.join(binDir, tool), ...args]) : run(path.join(binDir, tool), args);
  const data = path.join(dir, 'data');
  await pg('initdb', ['-D', data, '-U', 'supabase_admin', '--auth=trust', '--no-sync', '-E', 'UTF8', '--locale=C.UTF-8']);
  const port = await freePort();
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off`;
  const standbySignal = path.join(data, 'standby.signal');
  const start = async (extra = '') => {
    await pg('pg_ctl', ['-D', data, '-o', `${options}${extra}`, '-l', path.join(dir, 'server.log'), '-w', 'start']);
  };
  await start();
  const pause = async () => {
    await pg('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']);
    rmSync(standbySignal, { force: true });
  };
  const resume = async (opts: { refusingConnections?: boolean } = {}) => {
    if (!opts.refusingConnections) return start();
    writeFileSync(standbySignal, '');
    if (asRoot) chownSync(standbySignal, uidOf('postgres'), gidOf('postgres'));
    // pg_ctl -w returns once the postmaster reports "standby": up, but refusing every connection.
    await start(' -c hot_standby=off');
  };
  const stop = async () => {
    await pg('pg_ctl', ['-D', data, '-m', 'immediate', 'stop']).catch(() => undefined);
    rmSync(dir, { recursive: true, force: true });
  };
  const adminUrl = `postgres://supabase_admin@127.0.0.1:${port}/postgres`;
  try {
    const db = await openPostgres(adminUrl, { max: 1 });
    try {
      await db.withConnection((conn) => bootstrapAs(conn, 'supabase_admin'));
    } finally {
      await db.close();
    }
  } catch (e) {
    await stop();
    throw e;
  }
  return { postgresUrl: `postgres://postgres@127.0.0.1:${port}/postgres`, adminUrl, pause, resume, stop };
}

function uidOf(user: string): number {
  return Number(execFileSync('id', ['-u', user], { encoding: 'utf8' }).trim());
}

function gidOf(user: string): number {
  return Number(execFileSync('id', ['-g', user], { encoding: 'utf8' }).trim());
}
