import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'smol-toml';
import type { StackConfig } from '../config.ts';
import { parseGoDuration } from './validation.ts';

/** A `[auth.email.template.<name>]` table: the CLI hands both to GoTrue (GOTRUE_MAILER_SUBJECTS_*, _TEMPLATES_*). */
export interface TemplateSetting {
  subject?: string;
  /** Absolute path of the HTML file; content_path is relative to the project root, as the CLI resolves it. */
  contentPath?: string;
}

/**
 * What Auth's account emails follow, from supabase/config.toml as the Supabase CLI maps it to GoTrue, with
 * the CLI's defaults for keys the file leaves out and StackConfig.authEmail's env overrides on top.
 */
export interface EmailSettings {
  siteUrl: string;
  /** [auth] additional_redirect_urls: GoTrue's URI allow list (globs). */
  redirectAllowList: string[];
  /** [auth.email] enable_confirmations; off is GoTrue's MAILER_AUTOCONFIRM. */
  confirmations: boolean;
  /** [auth.email] double_confirm_changes (GOTRUE_MAILER_SECURE_EMAIL_CHANGE_ENABLED). */
  doubleConfirmChanges: boolean;
  /** [auth.email] otp_expiry: how long a link or code is good for. */
  otpExpirySeconds: number;
  otpLength: number;
  /** [auth.email] max_frequency: the wait between two emails of one kind to one address (GOTRUE_SMTP_MAX_FREQUENCY). */
  maxFrequencyMs: number;
  /** [auth.rate_limit] email_sent, counted per IP here (see mail-rate-limit.ts). */
  emailSentPerHour: number;
  templates: Record<string, TemplateSetting>;
}

type Table = Record<string, unknown>;
const table = (v: unknown): Table => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Table) : {});
const num = (v: unknown, fallback: number) => (typeof v === 'number' && Number.isFinite(v) ? v : fallback);

const cache = new Map<string, { mtimeMs: number; file: Table }>();

/** config.toml parsed, re-read when it changes (a developer edits templates while the stack runs). */
function readConfigToml(supabaseDir: string): Table {
  const file = path.join(supabaseDir, 'config.toml');
  let mtimeMs: number;
  try {
    mtimeMs = statSync(file).mtimeMs;
  } catch {
    return {};
  }
  const hit = cache.get(file);
  if (hit && hit.mtimeMs === mtimeMs) return hit.file;
  const parsed = parse(readFileSync(file, 'utf8')) as Table;
  cache.set(file, { mtimeMs, file: parsed });
  return parsed;
}

export function emailSettings(config: Pick<StackConfig, 'supabaseDir' | 'siteUrl' | 'authEmail'>): EmailSettings {
  const auth = table(readConfigToml(config.supabaseDir).auth);
  const email = table(auth.email);
  const projectRoot = path.dirname(config.supabaseDir);
  const templates: Record<string, TemplateSetting> = {};
  for (const [name, raw] of Object.entries(table(email.template))) {
    const t = table(raw);
    templates[name] = {
      subject: typeof t.subject === 'string' ? t.subject : undefined,
      contentPath: typeof t.content_path === 'string' ? path.resolve(projectRoot, t.content_path) : undefined,
    };
  }
  const frequency = typeof email.max_frequency === 'string' ? parseGoDuration(email.max_frequency) : undefined;
  const overrides = config.authEmail ?? {};
  return {
    siteUrl: config.siteUrl,
    redirectAllowList: Array.isArray(auth.additional_redirect_urls) ? auth.additional_redirect_urls.filter((u): u is string => typeof u === 'string') : [],
    confirmations: overrides.confirmations ?? email.enable_confirmations === true,
    doubleConfirmChanges: overrides.doubleConfirmChanges ?? email.double_confirm_changes !== false,
    otpExpirySeconds: num(email.otp_expiry, 3600),
    otpLength: num(email.otp_length, 6),
    // GoTrue turns an unset (zero) frequency into one minute.
    maxFrequencyMs: frequency || 60_000,
    emailSentPerHour: overrides.emailSentPerHour ?? num(table(auth.rate_limit).email_sent, 2),
    templates,
  };
}
