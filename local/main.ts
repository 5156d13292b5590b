import { createStack } from './app.ts';
import { loadConfig } from './config.ts';
import { redact } from './db/redact.ts';

/** `npm start`: the whole stack in one process. */
async function main(): Promise<void> {
  const started = performance.now();
  const config = loadConfig();
  let stack;
  try {
    stack = await createStack(config);
  } catch (e) {
    const err = e as Error & { code?: string };
    if (err.code === 'DB_UNREACHABLE') {
      console.error(`error: ${err.message}\nCheck DATABASE_URL, or unset it to use the embedded database.`);
      process.exit(2);
    }
    console.error(`error: the stack could not start: ${err.stack ?? err.message}`);
    process.exit(1);
  }
  try {
    await stack.listen();
  } catch (e) {
    const err = e as NodeJS.ErrnoException;
    if (err.code === 'EADDRINUSE') {
      console.error(`error: port ${config.port} is already in use. Stop what uses it or set PORT to another port.`);
    } else {
      console.error(`error: cannot listen on ${config.host}:${config.port}: ${err.message}`);
    }
    await stack.close().catch(() => undefined);
    process.exit(3);
  }
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
    ].join('\n'),
  );

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`\n${signal}: shutting down`);
    await stack.close().catch((e: Error) => console.error(e.message));
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

void main();
