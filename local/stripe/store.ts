import { mkdir, readdir, readFile, rename, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Charge, Dispute, PaymentIntent, PaymentMethod, Refund, StripeEvent } from './objects.ts';
import type { CardOutcome } from './test-cards.ts';
import type {
  FinancialAccountRecord, OutboundPayment, ScheduledTransition, StoredAccountLink, StoredPayoutMethod, StoredV2Event, V2Account,
} from './v2-objects.ts';

/** A saved API response, replayed for the same Idempotency-Key for 24 hours. */
export interface IdempotencyEntry {
  method: string;
  path: string;
  /** Canonical JSON of the request's parameters, compared on reuse. */
  params: string;
  status: number;
  body: string;
  requestId: string;
  createdAtMs: number;
}

/** Everything the double knows; objects keep insertion order, which is creation order for lists. */
export interface StripeState {
  version: 1;
  paymentIntents: Record<string, PaymentIntent>;
  paymentMethods: Record<string, PaymentMethod>;
  /** What confirming with each PaymentMethod does (from its test card). */
  cardOutcomes: Record<string, CardOutcome>;
  charges: Record<string, Charge>;
  refunds: Record<string, Refund>;
  events: Record<string, StripeEvent>;
  idempotency: Record<string, IdempotencyEntry>;
  disputes: Record<string, Dispute>;
  /** API v2 (Global Payouts); older state files lack these and start them empty. */
  accounts: Record<string, V2Account>;
  /** Keyed by the secret token of the link's URL. */
  accountLinks: Record<string, StoredAccountLink>;
  payoutMethods: Record<string, StoredPayoutMethod>;
  financialAccounts: Record<string, FinancialAccountRecord>;
  outboundPayments: Record<string, OutboundPayment>;
  outboundSchedule: Record<string, ScheduledTransition>;
  v2Events: Record<string, StoredV2Event>;
}

const IDEMPOTENCY_TTL_MS = 24 * 3600_000;
/** Stripe keeps events for 30 days. */
const EVENT_TTL_S = 30 * 24 * 3600;

function emptyState(): StripeState {
  return {
    version: 1, paymentIntents: {}, paymentMethods: {}, cardOutcomes: {}, charges: {}, refunds: {}, events: {}, idempotency: {},
    disputes: {}, accounts: {}, accountLinks: {}, payoutMethods: {}, financialAccounts: {}, outboundPayments: {}, outboundSchedule: {}, v2Events: {},
  };
}

/**
 * The state in memory, written through to a small JSON file when one is configured. Writes replace the
 * file atomically (temp file + rename) and are serialized: a save requested while one is running is
 * folded into the next write, which snapshots the state when it starts.
 */
export class StripeStore {
  private running: Promise<void> = Promise.resolve();
  private queued: Promise<void> | null = null;

  private constructor(
    readonly state: StripeState,
    private readonly file: string | undefined,
  ) {}

  static async open(file: string | undefined, log: (line: string) => void): Promise<StripeStore> {
    if (!file) return new StripeStore(emptyState(), undefined);
    await removeLeftoverTemporaries(file);
    let text: string | undefined;
    try {
      text = await readFile(file, 'utf8');
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
    }
    if (text === undefined) return new StripeStore(emptyState(), file);
    try {
      const parsed = JSON.parse(text) as StripeState;
      if (parsed.version !== 1) throw new Error(`unknown version ${String(parsed.version)}`);
      return new StripeStore({ ...emptyState(), ...parsed }, file);
    } catch (e) {
      // Keep the unreadable file for inspection instead of silently overwriting it.
      const aside = `${file}.unreadable-${Date.now()}`;
      await rename(file, aside);
      log(`stripe: ${file} is unreadable (${(e as Error).message}); moved it to ${aside} and started empty`);
      return new StripeStore(emptyState(), file);
    }
  }

  /** Resolves once the current state is on disk (at once when kept in memory). */
  save(): Promise<void> {
    if (!this.file) return Promise.resolve();
    if (this.queued) return this.queued;
    const next = this.running.catch(() => undefined).then(() => {
      this.queued = null;
      return this.write();
    });
    this.queued = next;
    this.running = next;
    return next;
  }

  private async write(): Promise<void> {
    this.prune();
    const file = this.file!;
    const text = JSON.stringify(this.state);
    await mkdir(path.dirname(file), { recursive: true });
    const tmp = temporaryFile(file, process.pid);
    try {
      await writeFile(tmp, text, { mode: 0o600 });
      await rename(tmp, file);
    } catch (e) {
      // A full disk creates the file and fails the write: leave no empty temporary behind (issue 31).
      await unlink(tmp).catch(() => undefined);
      throw e;
    }
  }

  /** Drops expired idempotency keys and events, so the file stays small. */
  prune(nowMs = Date.now()): void {
    for (const [key, entry] of Object.entries(this.state.idempotency)) {
      if (nowMs - entry.createdAtMs > IDEMPOTENCY_TTL_MS) delete this.state.idempotency[key];
    }
    const oldest = nowMs / 1000 - EVENT_TTL_S;
    for (const [id, event] of Object.entries(this.state.events)) {
      if (event.created < oldest) delete this.state.events[id];
    }
    for (const [id, stored] of Object.entries(this.state.v2Events)) {
      if (Date.parse(stored.event.created) / 1000 < oldest) delete this.state.v2Events[id];
    }
    // A used or expired link can only send its visitor to refresh_url; a day later nobody follows it any more.
    for (const [token, stored] of Object.entries(this.state.accountLinks)) {
      if (Date.parse(stored.link.expires_at) < nowMs - 24 * 3600_000) delete this.state.accountLinks[token];
    }
  }
}

function temporaryFile(file: string, pid: number): string {
  return `${file}.${pid}.tmp`;
}

/** Temporary files of saves cut short in runs that are gone (killed, or on a full disk before the fix above). */
async function removeLeftoverTemporaries(file: string): Promise<void> {
  const prefix = `${path.basename(file)}.`;
  let names: string[];
  try {
    names = await readdir(path.dirname(file));
  } catch {
    return;
  }
  for (const name of names) {
    const pid = Number(name.slice(prefix.length, -'.tmp'.length));
    if (!name.startsWith(prefix) || !name.endsWith('.tmp') || !Number.isInteger(pid) || pid <= 0) continue;
    if (pid !== process.pid && isRunning(pid)) continue;
    await unlink(path.join(path.dirname(file), name)).catch(() => undefined);
  }
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}
