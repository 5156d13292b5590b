// `npm run db:check`: reads every relation of the database whole (amcheck where available) and says what is damaged.
import { dbCheck, runCli } from '../local/backup/cli.ts';
import { loadConfig } from '../local/config.ts';

await runCli(() => dbCheck(loadConfig()));
