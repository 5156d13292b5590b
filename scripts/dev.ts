// `npm run dev`: the local stack on PORT (54321) plus Vite with hot reload on 5173, talking to that stack.
import { loadConfig } from '../local/config.ts';
import { spawnVite } from './build-web.ts';

const config = loadConfig();
const { stackReady } = await import('../local/main.ts');
// Vite only once the stack serves: a start that fails (port taken, DATA_DIR in use) exits before it.
await stackReady;

const vite = spawnVite(['--port', process.env.VITE_PORT ?? '5173'], {
  env: { ...process.env, VITE_SUPABASE_URL: process.env.VITE_SUPABASE_URL ?? config.publicUrl },
});
vite.on('exit', (code) => process.exit(code ?? 0));
process.on('exit', () => vite.kill());
