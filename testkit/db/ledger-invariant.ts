import type { Database } from '../../local/db/database.ts';

/** Databases the running test file has open, so the ledger can be checked after each test. */
const open = new Set<Database>();

export function trackLedger(db: Database): void {
  open.add(db);
}

export function untrackLedger(db: Database): void {
  open.delete(db);
}

/**
 * The ledger's invariant (issue 16): every transaction has at least two entries summing to zero, so the
 * whole ledger sums to zero. Checked after every database test; a database without the ledger (a test
 * that migrates nothing) is skipped.
 */
export async function assertLedgersBalance(): Promise<void> {
  for (const db of open) {
    const exists = await db.query<{ ok: boolean }>(`select to_regclass('app.ledger_entries') is not null as ok`);
    if (!exists.rows[0]?.ok) continue;
    const bad = await db.query<{ transaction_id: string; total_cents: string; entries: string }>(
      `select transaction_id, total_cents::text, entries::text from app.ledger_imbalances()`,
    );
    const total = await db.query<{ total: string }>(`select coalesce(sum(amount_cents), 0)::text as total from app.ledger_entries`);
    if (bad.rows.length > 0 || total.rows[0]?.total !== '0') {
      throw new Error(`the ledger does not balance: total ${total.rows[0]?.total}, unbalanced ${JSON.stringify(bad.rows)}`);
    }
  }
}
