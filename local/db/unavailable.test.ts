import { readFile } from 'node:fs/promises';
import net, { type AddressInfo } from 'node:net';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { fromPgError } from '../rest/postgrest-error.ts';
import { databaseUnavailability, outageLogger } from './unavailable.ts';

/**
 * The classifier on the errors node-postgres really produces: from its own parser reading a server's
 * ErrorResponse (a scripted server speaks the few protocol messages involved), from real sockets, and
 * PGlite's. What is not an outage (a constraint, a wrong password, a missing file) must stay one.
 */

const servers: net.Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => new Promise((r) => s.close(r))));
});

function message(type: string, body: Buffer): Buffer {
  const head = Buffer.alloc(5);
  head.write(type, 0, 'latin1');
  head.writeInt32BE(body.length + 4, 1);
  return Buffer.concat([head, body]);
}

function errorResponse(severity: 'ERROR' | 'FATAL', code: string, text: string): Buffer {
  const fields = [['S', severity], ['V', severity], ['C', code], ['M', text]].map(([t, v]) => Buffer.from(`${t}${v}\0`, 'utf8'));
  return message('E', Buffer.concat([...fields, Buffer.from([0])]));
}

const authenticationOk = message('R', Buffer.from([0, 0, 0, 0]));
const readyForQuery = message('Z', Buffer.from('I'));

/**
 * A server that answers the startup with `atStartup` (an ErrorResponse, then it hangs up), or accepts the
 * session and answers the first query with `atQuery` (nothing: it just hangs up).
 */
async function scriptedServer(script: { atStartup?: Buffer; atQuery?: Buffer }): Promise<string> {
  const server = net.createServer((socket) => {
    socket.on('error', () => undefined);
    let started = false;
    socket.on('data', () => {
      if (!started) {
        started = true;
        if (script.atStartup) socket.end(script.atStartup);
        else socket.write(Buffer.concat([authenticationOk, readyForQuery]));
        return;
      }
      if (script.atQuery) socket.end(script.atQuery);
      else socket.destroy();
    });
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `postgres://postgres@127.0.0.1:${(server.address() as AddressInfo).port}/postgres`;
}

/** The error of connecting and running one query, as the stack's pool would meet it. */
async function errorOf(server: string | pg.ClientConfig): Promise<Error> {
  const client = new pg.Client(typeof server === 'string' ? { connectionString: server } : server);
  client.on('error', () => undefined);
  try {
    await client.connect();
    await client.query('select 1');
  } catch (e) {
    return e as Error;
  } finally {
    await client.end().catch(() => undefined);
  }
  throw new Error('no error');
}

async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((r) => server.close(r));
  return port;
}

describe('databaseUnavailability', () => {
  it('calls a server that is stopped, absent or refusing sessions unreachable', async () => {
    const refused = await errorOf(`postgres://postgres@127.0.0.1:${await closedPort()}/postgres`);
    expect((refused as Error & { code?: string }).code).toBe('ECONNREFUSED');
    expect(databaseUnavailability(refused)).toBe('unreachable');

    // A Unix socket that is not there: the server is stopped (the error names the socket's path).
    const noSocket = await errorOf({ host: '/nonexistent-dir-of-a-stopped-server', user: 'postgres', database: 'postgres' });
    expect((noSocket as Error & { code?: string }).code).toBe('ENOENT');
    expect(databaseUnavailability(noSocket)).toBe('unreachable');

    for (const [code, text] of [
      ['57P03', 'the database system is starting up'],
      ['57P03', 'the database system is shutting down'],
      ['53300', 'sorry, too many clients already'],
      ['08004', 'server rejected the connection'],
    ]) {
      const e = await errorOf(await scriptedServer({ atStartup: errorResponse('FATAL', code!, text!) }));
      expect(e).toBeInstanceOf(pg.DatabaseError);
      expect((e as pg.DatabaseError).code).toBe(code);
      expect(databaseUnavailability(e), code).toBe('unreachable');
    }
  });

  it('calls a session the server ends, or a connection that drops, lost', async () => {
    for (const [code, text] of [
      ['57P01', 'terminating connection due to administrator command'],
      ['57P02', 'terminating connection due to crash of another server process'],
      ['08P01', 'invalid frontend message type 0'],
    ]) {
      const e = await errorOf(await scriptedServer({ atQuery: errorResponse('FATAL', code!, text!) }));
      expect((e as pg.DatabaseError).code).toBe(code);
      expect(databaseUnavailability(e), code).toBe('lost');
    }
    const dropped = await errorOf(await scriptedServer({}));
    expect(dropped.message).toBe('Connection terminated unexpectedly');
    expect(databaseUnavailability(dropped)).toBe('lost');
  });

  it('calls PGlite closed under a request unreachable', async () => {
    const db = await PGlite.create();
    await db.close();
    const e = await db.query('select 1').then(
      () => undefined,
      (err: Error) => err,
    );
    expect(databaseUnavailability(e)).toBe('unreachable');
  });

  it('leaves errors that are not an outage alone', async () => {
    for (const [code, text] of [
      ['23505', 'duplicate key value violates unique constraint "users_pkey"'],
      ['P0001', 'Campaign not found'],
      ['42501', 'permission denied for table users'],
      ['57014', 'canceling statement due to statement timeout'],
      ['53100', 'could not extend file: No space left on device'],
    ]) {
      const e = await errorOf(await scriptedServer({ atQuery: errorResponse('ERROR', code!, text!) }));
      expect(databaseUnavailability(e), code).toBeUndefined();
    }
    // A wrong password is a configuration error, not something a retry mends.
    const auth = await errorOf(await scriptedServer({ atStartup: errorResponse('FATAL', '28P01', 'password authentication failed for user "postgres"') }));
    expect(databaseUnavailability(auth)).toBeUndefined();
    const missingFile = await readFile('/nonexistent/file').catch((e: Error) => e);
    expect(databaseUnavailability(missingFile)).toBeUndefined();
    expect(databaseUnavailability(new Error('boom'))).toBeUndefined();
    expect(databaseUnavailability('ECONNREFUSED')).toBeUndefined();
  });

  it('follows causes', async () => {
    const refused = await errorOf(`postgres://postgres@127.0.0.1:${await closedPort()}/postgres`);
    expect(databaseUnavailability(new Error('the schema cache could not be loaded', { cause: refused }))).toBe('unreachable');
  });
});

describe('what clients and the log get', () => {
  it("answers an rpc's refused connection as PostgREST's PGRST000, 503 with Retry-After, the address left out", async () => {
    const port = await closedPort();
    const refused = await errorOf(`postgres://postgres@127.0.0.1:${port}/postgres`);
    const answer = fromPgError(refused, 'authenticated');
    expect(answer.status).toBe(503);
    expect(answer.headers['Retry-After']).toBe('5');
    expect(answer.body).toEqual({ code: 'PGRST000', message: 'Database connection error.', details: null, hint: null });
    expect(JSON.stringify(answer.body)).not.toContain(String(port));
  });

  it('logs the cause, once per interval with a count of the rest', async () => {
    const lines: string[] = [];
    const log = outageLogger((l) => lines.push(l), 'rest', 60_000);
    const refused = await errorOf(`postgres://postgres@127.0.0.1:${await closedPort()}/postgres`);
    log(refused, 'POST /rest/v1/rpc/a');
    log(refused, 'POST /rest/v1/rpc/b');
    expect(lines).toEqual([expect.stringMatching(/^rest: database unavailable on POST \/rest\/v1\/rpc\/a: ECONNREFUSED: connect ECONNREFUSED 127\.0\.0\.1:\d+$/)]);
  });
});
