// `npm run db:backup [-- <file>]`: db:check, then a consistent copy of the database (through the running stack if one holds it).
import { dbBackup, runCli } from '../local/backup/cli.ts';
import { loadConfig } from '../local/config.ts';

await runCli(() => dbBackup(loadConfig(), process.argv.slice(2).find((a) => !a.startsWith('--'))));
