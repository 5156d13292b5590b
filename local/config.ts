import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { backupSettings, type BackupSettings } from './backup/settings.ts';
import { signJwt } from './jwt.ts';
import type { SmtpSettings } from './mail/send.ts';

/**
 * Repository root, so the stack finds supabase/ and web/ whatever the working directory. Found by walking
 * up to supabase/config.toml rather than by a fixed depth: `npm start` runs a bundle of local/ kept under
 * node_modules/.cache (decision 0008).
 */
export const repoRoot = findRepoRoot(path.dirname(fileURLToPath(import.meta.url)));

function findRepoRoot(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, 'supabase', 'config.toml'))) return dir;
    if (path.dirname(dir) === dir) throw new Error(`no supabase/config.toml above ${from}`);
  }
}

/**
 * The local stack's settings. Every value comes from an environment variable with a default that
 * matches the Supabase CLI's local defaults, so the well-known local keys work unchanged.
 * These defaults are public knowledge and must never be used in production.
 */
export interface StackConfig {
  port: number;
  /**
   * Interface to listen on (HOST). Default 127.0.0.1: the defaults below are public, so only this machine
   * may connect unless they are replaced (see exposure.ts).
   */
  host: string;
  /** Where PGlite keeps its files; ignored when databaseUrl is set. */
  dataDir: string;
  /**
   * Storage's object bytes (STORAGE_DIR): by default beside the data directory (`.data-storage`), not in it,
   * since a PGlite backup reads its whole directory into memory; under vitest a temporary directory of each
   * stack's own (decision 0042).
   */
  storageDir: string;
  /** STORAGE_FILE_SIZE_LIMIT ("1GiB", "50MB" or bytes); unset reads supabase/config.toml `[storage] file_size_limit`. */
  storageFileSizeLimit: string | undefined;
  /** A Postgres >= 15 server; unset means embedded PGlite. */
  databaseUrl: string | undefined;
  jwtSecret: string;
  jwtExpirySeconds: number;
  anonKey: string;
  serviceRoleKey: string;
  /** Public URL of the stack (issuer of tokens, SUPABASE_URL for functions). */
  publicUrl: string;
  siteUrl: string;
  supabaseDir: string;
  webDist: string;
  /** Requests per 5 minutes per IP on sign-in and sign-up (hosted Supabase: 30). */
  authRateLimit: number;
  /** Failed sign-ins per account per 5 minutes, from any address (AUTH_ACCOUNT_RATE_LIMIT; 0 turns it off). */
  authAccountRateLimit: number;
  /**
   * Overrides of supabase/config.toml's account-email settings (local/auth/email-settings.ts), so a test or a
   * one-off run can turn confirmations on without editing the file: AUTH_EMAIL_CONFIRMATIONS,
   * AUTH_EMAIL_DOUBLE_CONFIRM_CHANGES (true/false), AUTH_EMAIL_RATE_LIMIT (emails per IP per hour). Unset keeps
   * config.toml's value.
   */
  authEmail: { confirmations?: boolean; doubleConfirmChanges?: boolean; emailSentPerHour?: number };
  /** Every request in the log (LOG_REQUESTS=1); by default only 5xx answers and slow requests (local/http/request-log.ts). */
  logRequests: boolean;
  /** A request taking this long or longer is logged even without LOG_REQUESTS (SLOW_REQUEST_MS, default 1000). */
  slowRequestMs: number;
  /** Largest request body accepted, in bytes. */
  maxBodyBytes: number;
  /**
   * How long an edge function may take to start its response (FUNCTIONS_REQUEST_TIMEOUT_MS, default 150 s,
   * hosted Supabase's request idle timeout); past it the request is answered 504 (decision 0033).
   */
  functionsRequestTimeoutMs: number;
  /**
   * Proxies whose X-Forwarded-For is believed (IPs or CIDRs, TRUSTED_PROXIES). Default none: the client is
   * the socket's peer, so a forged header cannot pick the address rate limits count against.
   */
  trustedProxies: string[];
  /**
   * Origins besides PUBLIC_URL's allowed to make credentialed cross-origin calls and cookie-authenticated
   * writes (ALLOWED_ORIGINS); see isAllowedOrigin. No other origin is ever granted credentials.
   */
  allowedOrigins: string[];
  /** Runs app.scheduled_jobs each minute (SCHEDULER=off turns it off: tests run jobs themselves). */
  scheduler: boolean;
  /** Serves POST /_test/scheduler/run (LOCAL_TEST_HOOKS=1): e2e tests run the schedule with their own clock. */
  testHooks: boolean;
  /**
   * Where every email of the stack goes (Auth's and the emails function's). With SMTP_HOST unset, the
   * built-in mail catcher on mailCatcherPort (its port is filled in once it listens).
   */
  smtp: SmtpSettings;
  /** Runs the mail catcher and its viewer at /_mail (whenever SMTP_HOST is unset). */
  mailCatcher: boolean;
  /** MAIL_CATCHER_PORT; default PORT + 4 (54325, the CLI's Inbucket SMTP port), or any free port when PORT is 0. */
  mailCatcherPort: number;
  /**
   * The gate in front of the database for browsers' /rest/v1 and /auth/v1 requests (decision 0024):
   * ADMISSION_CONCURRENCY requests at once (default 8 on PGlite, which runs one query at a time; 64 on a
   * Postgres server; 0 turns the gate off), and a request whose turn is expected to come later than
   * ADMISSION_MAX_WAIT_MS (default 5000) is answered 503 with Retry-After instead of piling up, and so is
   * every new one while the stack's thread runs more than ADMISSION_MAX_LAG_MS behind (default 0 = never;
   * bench:load drives PGlite past its capacity with 100, since PGlite's queries run on that thread).
   */
  admission: { concurrency: number | undefined; maxWaitMs: number; maxLagMs: number | undefined };
  /**
   * The Stripe test double (STRIPE_DOUBLE): `loopback` (default) serves it, its keyed routes (/v1, /v2,
   * the /stripe control endpoints) to callers on this machine only, since its local key is public;
   * `network` answers any caller with the key; `off` serves none of it (real Stripe keys instead).
   */
  stripeDouble: StripeDoubleMode;
  /** db:backup's directory and the optional scheduled backups (BACKUP_INTERVAL, BACKUP_KEEP, BACKUP_DIR). */
  backup: BackupSettings;
  /** Set once the stack listens: where its own edge functions reach it (see Stack.internalServer). */
  internalUrl?: string;
}

export const STRIPE_DOUBLE_MODES = ['loopback', 'network', 'off'] as const;
export type StripeDoubleMode = (typeof STRIPE_DOUBLE_MODES)[number];

function stripeDoubleMode(value: string | undefined): StripeDoubleMode {
  if (value === undefined || value === '') return 'loopback';
  const mode = STRIPE_DOUBLE_MODES.find((m) => m === value);
  if (!mode) throw new Error(`STRIPE_DOUBLE: expected one of ${STRIPE_DOUBLE_MODES.join(', ')}, got "${value}"`);
  return mode;
}

export const LOCAL_JWT_SECRET = 'super-secret-jwt-token-with-at-least-32-characters-long';
/** Claims of the Supabase CLI's well-known local keys. */
const LOCAL_KEY_EXP = 1983812996;

export function localKey(role: 'anon' | 'service_role', secret: string): string {
  return signJwt({ iss: 'supabase-demo', role, exp: LOCAL_KEY_EXP }, secret);
}

function int(value: string | undefined, fallback: number): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) throw new Error(`expected a non-negative integer, got "${value}"`);
  return n;
}

/** "true"/"false", or undefined when unset (the caller keeps its own default). */
function bool(value: string | undefined): boolean | undefined {
  if (value === undefined || value === '') return undefined;
  if (value !== 'true' && value !== 'false') throw new Error(`expected true or false, got "${value}"`);
  return value === 'true';
}

/** An on/off switch written any usual way: 1, true, yes, on (anything else, or unset, is off). */
function flag(value: string | undefined): boolean {
  return ['1', 'true', 'yes', 'on'].includes((value ?? '').trim().toLowerCase());
}

function list(value: string | undefined): string[] {
  return (value ?? '').split(',').map((v) => v.trim()).filter(Boolean);
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): StackConfig {
  const port = int(env.PORT, 54321);
  const host = env.HOST || '127.0.0.1';
  const jwtSecret = env.JWT_SECRET || LOCAL_JWT_SECRET;
  const publicUrl = (env.PUBLIC_URL || `http://localhost:${port}`).replace(/\/$/, '');
  return {
    port,
    host,
    dataDir: path.resolve(repoRoot, env.DATA_DIR || '.data'),
    storageDir: env.STORAGE_DIR
      ? path.resolve(repoRoot, env.STORAGE_DIR)
      : env.VITEST
        ? path.join(tmpdir(), `local-storage-${randomUUID()}`)
        : `${path.resolve(repoRoot, env.DATA_DIR || '.data')}-storage`,
    storageFileSizeLimit: env.STORAGE_FILE_SIZE_LIMIT || undefined,
    databaseUrl: env.DATABASE_URL || undefined,
    jwtSecret,
    jwtExpirySeconds: int(env.JWT_EXPIRY, 3600),
    anonKey: env.ANON_KEY || localKey('anon', jwtSecret),
    serviceRoleKey: env.SERVICE_ROLE_KEY || localKey('service_role', jwtSecret),
    publicUrl,
    siteUrl: env.SITE_URL || publicUrl,
    supabaseDir: path.resolve(repoRoot, env.SUPABASE_DIR || 'supabase'),
    webDist: path.resolve(repoRoot, env.WEB_DIST || 'web/dist'),
    authRateLimit: int(env.AUTH_RATE_LIMIT, 30),
    authAccountRateLimit: int(env.AUTH_ACCOUNT_RATE_LIMIT, 10),
    authEmail: {
      confirmations: bool(env.AUTH_EMAIL_CONFIRMATIONS),
      doubleConfirmChanges: bool(env.AUTH_EMAIL_DOUBLE_CONFIRM_CHANGES),
      emailSentPerHour: env.AUTH_EMAIL_RATE_LIMIT ? int(env.AUTH_EMAIL_RATE_LIMIT, 0) : undefined,
    },
    logRequests: flag(env.LOG_REQUESTS),
    slowRequestMs: int(env.SLOW_REQUEST_MS, 1000),
    maxBodyBytes: int(env.MAX_BODY_BYTES, 1024 * 1024),
    functionsRequestTimeoutMs: Math.max(1, int(env.FUNCTIONS_REQUEST_TIMEOUT_MS, 150_000)),
    trustedProxies: list(env.TRUSTED_PROXIES),
    allowedOrigins: list(env.ALLOWED_ORIGINS).map((o) => new URL(o).origin),
    scheduler: env.SCHEDULER !== 'off',
    testHooks: env.LOCAL_TEST_HOOKS === '1',
    smtp: {
      host: env.SMTP_HOST || '127.0.0.1',
      port: int(env.SMTP_PORT, env.SMTP_HOST ? 587 : 0),
      user: env.SMTP_USER || undefined,
      pass: env.SMTP_PASS || undefined,
      secure: env.SMTP_SECURE === 'true',
      from: env.EMAIL_FROM || 'Marketplace <no-reply@marketplace.test>',
    },
    mailCatcher: !env.SMTP_HOST,
    mailCatcherPort: int(env.MAIL_CATCHER_PORT, port === 0 ? 0 : port + 4),
    admission: {
      concurrency: env.ADMISSION_CONCURRENCY ? int(env.ADMISSION_CONCURRENCY, 0) : undefined,
      maxWaitMs: int(env.ADMISSION_MAX_WAIT_MS, 5000),
      maxLagMs: env.ADMISSION_MAX_LAG_MS ? int(env.ADMISSION_MAX_LAG_MS, 0) : undefined,
    },
    stripeDouble: stripeDoubleMode(env.STRIPE_DOUBLE),
    backup: backupSettings(env, repoRoot),
  };
}

/** True for the stack's own origin (PUBLIC_URL) and the configured ALLOWED_ORIGINS. */
export function isAllowedOrigin(config: Pick<StackConfig, 'publicUrl' | 'allowedOrigins'>, origin: string): boolean {
  return origin === new URL(config.publicUrl).origin || config.allowedOrigins.includes(origin);
}
