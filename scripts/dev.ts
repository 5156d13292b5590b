// `npm run dev`: the local stack on PORT (54321) plus Vite with hot reload on 5173, talking to that stack.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { loadConfig, repoRoot } from '../local/config.ts';

const config = loadConfig();
const { stackReady } = await import('../local/main.ts');
// Vite only once the stack serves: a start that fails (port taken, DATA_DIR in use) exits before it.
await stackReady;

const vite = spawn(
  process.execPath,
  [path.join(repoRoot, 'node_modules/vite/bin/vite.js'), '--config', 'web/vite.config.ts', '--port', process.env.VITE_PORT ?? '5173'],
  {
    cwd: repoRoot,
    stdio: 'inherit',
    env: { ...process.env, VITE_SUPABASE_URL: process.env.VITE_SUPABASE_URL ?? config.publicUrl },
  },
);
vite.on('exit', (code) => process.exit(code ?? 0));
process.on('exit', () => vite.kill());
