import { platformFunctionEnv } from '../platforms/function-env.ts';
import { stripeFunctionEnv } from '../stripe/index.ts';
import { existsSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { StackConfig } from '../config.ts';

/**
 * Prefixes of the stack's own environment that reach functions unchanged, so `STRIPE_SECRET_KEY=... npm
 * start` works without a file. Everything else of the Node process stays out of the functions' env.
 */
export const PASSED_ENV_PREFIXES = ['STRIPE_'];

/** Variables Deno itself needs (cache, proxies, certificates); not secrets of the app. */
const RUNTIME_ENV = [
  'DENO_CERT', 'DENO_TLS_CA_STORE', 'NPM_CONFIG_REGISTRY', 'TZ',
  'HTTP_PROXY', 'HTTPS_PROXY', 'NO_PROXY', 'http_proxy', 'https_proxy', 'no_proxy',
];

/**
 * The environment of a function's Deno process, as Supabase gives it: SUPABASE_URL, the two keys,
 * SUPABASE_DB_URL only when the stack runs on a Postgres server (PGlite has no URL: functions reach
 * the data through supabase-js over HTTP), then `supabase/functions/.env`, then the stack's own
 * STRIPE_* variables, which win over the file as a shell variable wins over a dotenv file.
 */
export function functionEnv(
  config: StackConfig,
  processEnv: NodeJS.ProcessEnv = process.env,
  log: (line: string) => void = () => undefined,
): Record<string, string> {
  const env: Record<string, string> = {};
  for (const name of RUNTIME_ENV) {
    const value = processEnv[name];
    if (value !== undefined) env[name] = value;
  }
  env.DENO_DIR = processEnv.DENO_DIR || defaultDenoDir(processEnv);
  env.DENO_NO_UPDATE_CHECK = '1';
  env.NO_COLOR = '1';

  const envFile = path.join(config.supabaseDir, 'functions', '.env');
  if (existsSync(envFile)) {
    for (const [name, value] of Object.entries(parseDotenv(readFileSync(envFile, 'utf8')))) {
      // The CLI refuses these names in secrets: they belong to the platform.
      if (name.startsWith('SUPABASE_')) log(`functions: ignoring ${name} from ${envFile}: names starting with SUPABASE_ are reserved`);
      else env[name] = value;
    }
  }
  for (const [name, value] of Object.entries(processEnv)) {
    if (value !== undefined && PASSED_ENV_PREFIXES.some((prefix) => name.startsWith(prefix))) env[name] = value;
  }
  // Unless a real Stripe account is configured, the functions' Stripe SDK talks to the local double.
  for (const [k, v] of Object.entries(stripeFunctionEnv(config, env))) if (env[k] === undefined) env[k] = v;
  // Unless a real platform app is configured, social-connect talks to the Instagram/TikTok/YouTube doubles.
  for (const [k, v] of Object.entries(platformFunctionEnv(config, env))) if (env[k] === undefined) env[k] = v;

  // The platform's internal address, as on a self-hosted Supabase (functions reach Kong, not the public URL).
  env.SUPABASE_URL = config.internalUrl ?? config.publicUrl;
  // Origins the /api facade lets write besides the site's own (set it as a secret on a hosted project).
  env.ALLOWED_ORIGINS ??= [new URL(config.publicUrl).origin, ...config.allowedOrigins].join(',');
  // Where the payouts function sends creators back from Stripe's onboarding (a secret on a hosted project).
  env.SITE_URL ??= config.siteUrl;
  // Email goes where the stack's own goes: the mail catcher unless SMTP_HOST names a server (or .env does).
  if (!env.EMAIL_API_KEY && !env.SMTP_HOST) {
    env.SMTP_HOST = config.smtp.host;
    env.SMTP_PORT = String(config.smtp.port);
    if (config.smtp.user) env.SMTP_USER = config.smtp.user;
    if (config.smtp.pass) env.SMTP_PASS = config.smtp.pass;
    env.SMTP_SECURE = String(config.smtp.secure);
  }
  env.EMAIL_FROM ??= config.smtp.from;
  // Links in emails that reach a function (one-click unsubscribe) need the public address, not SUPABASE_URL's internal one.
  env.PUBLIC_SUPABASE_URL ??= config.publicUrl;
  env.SUPABASE_ANON_KEY = config.anonKey;
  env.SUPABASE_SERVICE_ROLE_KEY = config.serviceRoleKey;
  if (config.databaseUrl) env.SUPABASE_DB_URL = config.databaseUrl;
  return env;
}

/** Deno's own default, spelled out because the child gets no HOME. */
function defaultDenoDir(processEnv: NodeJS.ProcessEnv): string {
  if (process.platform === 'linux' && processEnv.XDG_CACHE_HOME) return path.join(processEnv.XDG_CACHE_HOME, 'deno');
  if (process.platform === 'darwin') return path.join(os.homedir(), 'Library', 'Caches', 'deno');
  if (process.platform === 'win32' && processEnv.LOCALAPPDATA) return path.join(processEnv.LOCALAPPDATA, 'deno');
  return path.join(os.homedir(), '.cache', 'deno');
}

/**
 * Parses a dotenv file as the CLI's godotenv does for the cases that matter: `KEY=value`, an optional
 * `export `, `#` comments, single quotes (literal), double quotes (with \n, \r, \t, \\ and \" escapes).
 */
export function parseDotenv(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  const line = /^\s*(?:export\s+)?([A-Za-z_][A-Za-z0-9_.-]*)\s*=\s*('(?:[^'])*'|"(?:\\.|[^"\\])*"|[^\r\n]*)\s*$/;
  for (const raw of text.split(/\r?\n/)) {
    if (/^\s*(#|$)/.test(raw)) continue;
    const m = line.exec(raw);
    if (!m) continue;
    const [, name, rawValue = ''] = m as unknown as [string, string, string];
    let value = rawValue.trim();
    if (value.startsWith("'") && value.endsWith("'") && value.length >= 2) {
      value = value.slice(1, -1);
    } else if (value.startsWith('"') && value.endsWith('"') && value.length >= 2) {
      value = value.slice(1, -1).replace(/\\(.)/g, (_, c: string) => ({ n: '\n', r: '\r', t: '\t' })[c] ?? c);
    } else {
      value = value.replace(/\s+#.*$/, '');
    }
    out[name] = value;
  }
  return out;
}
