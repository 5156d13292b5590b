// `npm run db:restore -- <file> [--force]`: the embedded database from a db:backup file; never while a stack runs.
import { dbRestore, runCli } from '../local/backup/cli.ts';
import { loadConfig } from '../local/config.ts';

const args = process.argv.slice(2);
await runCli(() => dbRestore(loadConfig(), args.find((a) => !a.startsWith('--')), args.includes('--force')));
