import type http from 'node:http';
import path from 'node:path';
import { createStack, type Stack } from './app.ts';
import { loadConfig, type StackConfig } from './config.ts';
import { noSpaceError } from './db/data-dir.ts';
import { isNoSpace } from './db/file-system.ts';
import { redact } from './db/redact.ts';
import { bindPublicServer } from './early-server.ts';
import { checkExposure, isLoopbackHost } from './exposure.ts';
import type { MailCatcher } from './mail/catcher.ts';

/**
 * Exit codes, one per cause, so scripts can tell them apart: 1 anything else, 2 DATABASE_URL unreachable,
 * 3 port taken, 4 DATA_DIR in use by another stack, 5 DATA_DIR cannot be opened (not a database, damaged,
 * not writable, or its disk full: nothing in it was changed), 6 refused to listen beyond this machine with
 * well-known secrets. The README's "When things go wrong" lists them for people.
 */
const EXIT = { other: 1, dbUnreachable: 2, portTaken: 3, dataDirLocked: 4, dataDirUnusable: 5, exposed: 6 } as const;

function fail(code: number, message: string): never {
  console.error(`error: ${message}`);
  process.exit(code);
}

/**
 * `npm start`: the whole stack in one process. Order matters: the configuration is checked and the port
 * bound before the data directory is locked and opened, so a start that cannot serve never touches it.
 */
async function main(): Promise<void> {
  const started = performance.now();
  let stack: Stack | undefined;
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`\n${signal}: shutting down`);
    // A close that hangs (a stuck connection, a worker) must not keep the process, or the lock, alive.
    setTimeout(() => process.exit(1), 10_000).unref();
    // Closing the database releases the data directory's lock; during start-up the exit hook does.
    await stack?.close().catch((e: Error) => console.error(e.message));
    process.exit(stack ? 0 : 130);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));

  let config: StackConfig;
  try {
    config = loadConfig();
  } catch (e) {
    fail(EXIT.other, `invalid configuration: ${(e as Error).message}`);
  }
  const exposure = checkExposure(config);
  if (exposure.refusal) fail(EXIT.exposed, exposure.refusal);

  let server: http.Server;
  try {
    server = await bindPublicServer(config.port, config.host);
  } catch (e) {
    const err = e as NodeJS.ErrnoException;
    if (err.code === 'EADDRINUSE') fail(EXIT.portTaken, `port ${config.port} is already in use. Stop what uses it or set PORT to another port.`);
    fail(EXIT.portTaken, `cannot listen on ${config.host}:${config.port}: ${err.message}`);
  }

  try {
    stack = await createStack(config, { server });
    await stack.listen();
  } catch (e) {
    const err = e as Error & { code?: string };
    if (err.code === 'DB_UNREACHABLE') {
      fail(EXIT.dbUnreachable, `${err.message}\nCheck DATABASE_URL, or unset it to use the embedded database.`);
    }
    if (err.code === 'DATA_DIR_LOCKED') {
      fail(
        EXIT.dataDirLocked,
        `${err.message}.\nOne data directory serves one stack at a time: stop that one first, or give this one its own DATA_DIR.`,
      );
    }
    if (err.code === 'DATA_DIR_UNUSABLE') fail(EXIT.dataDirUnusable, err.message);
    // A full disk met after the files opened (the migrations' first writes): the same, not a crash.
    if (isNoSpace(err)) {
      if (!config.databaseUrl) fail(EXIT.dataDirUnusable, noSpaceError(config.dataDir).message);
      fail(EXIT.other, `the database server at ${redact(config.databaseUrl)} has no space left (${err.message}). Free space on its disk, then start again.`);
    }
    fail(EXIT.other, `the stack could not start: ${err.stack ?? err.message}`);
  }
  if (stopping) return;

  const db = config.databaseUrl ? redact(config.databaseUrl) : `PGlite in ${config.dataDir}`;
  console.log(
    [
      '',
      `Marketplace ready at ${config.publicUrl}  (${Math.round(performance.now() - started)} ms, database: ${db})`,
      '',
      'Demo accounts (password: password123):',
      '  admin    admin@demo.test',
      '  brand    brand@demo.test',
      '  creator  creator@demo.test',
      '',
      `API keys (local only): anon ${config.anonKey}`,
      '',
      mailLine(config, stack.ctx.mail.catcher),
      ...stripeDoubleLines(config),
      requestLogLine(config),
      '',
      ...stopLines(config),
      '',
      ...(exposure.warning ? [exposure.warning, ''] : []),
    ].join('\n'),
  );
}

/** What the terminal will show from here on, so a quiet log is not mistaken for a stack doing nothing. */
function requestLogLine(config: StackConfig): string {
  if (config.logRequests) return 'Log: every request (LOG_REQUESTS=1), with errors and warnings';
  return `Log: errors, warnings, 5xx answers and requests over ${config.slowRequestMs} ms (SLOW_REQUEST_MS); LOG_REQUESTS=1 logs every request`;
}

/** How to stop, and that stopping loses nothing: the next `npm start` finds the same accounts and data. */
function stopLines(config: StackConfig): string[] {
  const where = displayPath(config.dataDir);
  if (config.databaseUrl) {
    return [`Stop with Ctrl+C. The data stays in the database at ${redact(config.databaseUrl)}, the Stripe double's in ${where} (DATA_DIR).`];
  }
  return [`Stop with Ctrl+C. The data stays in ${where} (DATA_DIR) for the next start; npm run db:reset starts over.`];
}

/** `.data/` rather than /home/…/.data when the directory is under the working directory. */
function displayPath(dir: string): string {
  const relative = path.relative(process.cwd(), dir);
  return relative && !relative.startsWith('..') && !path.isAbsolute(relative) ? `${relative}/` : `${dir}/`;
}

/** Where the stack's emails can be read; the viewer answers this machine only (see mail/viewer-access.ts). */
function mailLine(config: StackConfig, catcher: MailCatcher | undefined): string {
  if (!catcher) return `Emails: sent to ${config.smtp.host}:${config.smtp.port} (SMTP_HOST); no mail viewer`;
  const here = isLoopbackHost(config.host) ? '' : ', from this machine only';
  return `Mail viewer: ${config.publicUrl}/_mail  (every email the stack sends${here}; SMTP on ${catcher.host}:${catcher.port})`;
}

/** What the Stripe double answers, said when it matters: beyond loopback, or when switched off or opened. */
function stripeDoubleLines(config: StackConfig): string[] {
  if (config.stripeDouble === 'off') return ['Stripe test double: off (STRIPE_DOUBLE=off); the functions use api.stripe.com'];
  if (config.stripeDouble === 'network') return ['Stripe test double: its API (/v1, /v2) answers any caller with STRIPE_SECRET_KEY (STRIPE_DOUBLE=network)'];
  if (isLoopbackHost(config.host)) return [];
  return ['Stripe test double: its API (/v1, /v2) answers this machine only (STRIPE_DOUBLE=network opens it); checkout pages answer everyone'];
}

/** Settles once the stack serves (a failed start exits the process instead); `npm run dev` waits on it. */
export const stackReady: Promise<void> = main();
