// The states of a hire and what they allow, without zod: the UI components of every screen import these
// (components/ui/status-badges.tsx), and the shared chunk must not carry a schema library.

/** The states of a hire (the check constraint of app.escrows.status, supabase/schemas/escrow.sql). */
export const HIRE_STATUSES = ['awaiting_funding', 'funded', 'disputed', 'refund_pending', 'released', 'refunded', 'canceled', 'charged_back'] as const;
export type HireStatus = (typeof HIRE_STATUSES)[number];

/**
 * The states in which a hire blocks work: the creator may not submit content and the brand may not approve
 * it while it awaits funding, nor once it closed without pay. The database's list is
 * app.hire_status_allows_work (supabase/schemas/escrow.sql); supabase/tests/hire-contract.test.ts
 * holds the two to the same answer for every state.
 */
export const HIRE_STATUSES_BLOCKING_WORK = ['awaiting_funding', 'refund_pending', 'refunded', 'canceled', 'charged_back'] as const satisfies readonly HireStatus[];

/** Whether the creator may work on (and the brand approve) content of this hire; no hire: no funding is involved. */
export function hireAllowsWork(hire: { status: HireStatus } | null): boolean {
  return hire === null || !(HIRE_STATUSES_BLOCKING_WORK as readonly HireStatus[]).includes(hire.status);
}

/** The brand can fund a hire only while it awaits funding. */
export function canFund(hire: { status: HireStatus } | null): boolean {
  return hire?.status === 'awaiting_funding';
}

/** The colour of a hire's badge: waiting is amber, money held blue, paid out green, closed grey, disputed or charged back red. */
export const HIRE_STATUS_TONES = {
  awaiting_funding: 'yellow',
  funded: 'blue',
  disputed: 'red',
  refund_pending: 'yellow',
  released: 'green',
  refunded: 'neutral',
  canceled: 'neutral',
  charged_back: 'red',
} as const satisfies Record<HireStatus, 'yellow' | 'blue' | 'red' | 'green' | 'neutral'>;
