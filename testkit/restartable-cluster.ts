import { execFile } from 'node:child_process';
import { chmodSync, chownSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { postgresBinDir } from '../scripts/hosted-cluster.ts';

const run = promisify(execFile);

/**
 * A private, throwaway Postgres cluster a test may restart (issue 31: restarting the machine's shared server
 * would break every other suite). Its superuser is `postgres`, as on the server CI gives the suites.
 * Postgres refuses to run as root, so as root the cluster runs as the `postgres` system user.
 */
export interface RestartableCluster {
  /** The cluster's `postgres` database as its superuser: a base URL for scratch databases. */
  url: string;
  /** `pg_ctl restart -m fast`: every connection is cut, the server is back when this resolves. */
  restart(): Promise<void>;
  stop(): Promise<void>;
}

/** Why no private cluster can be started here (no server binaries), or undefined. */
export function restartableClusterUnavailable(): string | undefined {
  return postgresBinDir() ? undefined : 'no Postgres server binaries (initdb, pg_ctl) on this machine';
}

export async function startRestartableCluster(): Promise<RestartableCluster> {
  const binDir = postgresBinDir();
  if (!binDir) throw new Error(restartableClusterUnavailable());
  const dir = mkdtempSync(path.join(tmpdir(), 'restartable-pg-'));
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    const id = async (flag: string) => Number((await run('id', [flag, 'postgres'])).stdout.trim());
    chownSync(dir, await id('-u'), await id('-g'));
    chmodSync(dir, 0o700);
  }
  const pg = (tool: string, args: string[]) =>
    asRoot ? run('runuser', ['-u', 'postgres', '--', path.join(binDir, tool), ...args]) : run(path.join(binDir, tool), args);
  const data = path.join(dir, 'data');
  await pg('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '--no-sync', '-E', 'UTF8', '--locale=C.UTF-8']);
  const port = await freePort();
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off`;
  const log = path.join(dir, 'server.log');
  await pg('pg_ctl', ['-D', data, '-o', options, '-l', log, '-w', 'start']);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    async restart() {
      await pg('pg_ctl', ['-D', data, '-o', options, '-l', log, '-m', 'fast', '-w', 'restart']);
    },
    async stop() {
      await pg('pg_ctl', ['-D', data, '-m', 'immediate', 'stop']).catch(() => undefined);
      rmSync(dir, { recursive: true, force: true });
    },
  };
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
