import type Stripe from 'stripe';

/**
 * A creator's Stripe recipient account as we read it: whether Stripe will pay it, the bank summary
 * Stripe shows (bank name and last four digits), and the holder's legal name Stripe collected, which a
 * tax form's payee must match (decision 0051). Nothing else leaves Stripe (decision 0017).
 */
export interface RecipientState {
  ready: boolean;
  bankSummary: string | null;
  holderName: string | null;
}

type V2Account = Stripe.V2.Core.Account;

/** True when Stripe's recipient capability for local bank payouts is active. */
export function recipientReady(account: V2Account): boolean {
  return account.configuration?.recipient?.capabilities?.bank_accounts?.local?.status === 'active';
}

/** The default payout method of the account for USD (or its first), as Stripe lists them. */
export function defaultPayoutMethodId(account: V2Account): string | null {
  const methods = (account as unknown as { defaults?: { payout_methods?: Record<string, string> | null } }).defaults?.payout_methods;
  if (!methods) return null;
  return methods.usd ?? Object.values(methods)[0] ?? null;
}

/** "BBVA •••• 1234" from a payout method, or null when it has no bank account. */
export function bankSummaryOf(method: Pick<Stripe.V2.MoneyManagement.PayoutMethod, 'bank_account'> | null): string | null {
  const bank = method?.bank_account;
  if (!bank) return null;
  return `${bank.bank_name} •••• ${bank.last4}`;
}

/** The legal name on the account's identity: a company's registered name, or a person's given names and surnames. */
export function holderNameOf(account: {
  identity?: { business_details?: { registered_name?: string }; individual?: { given_name?: string; surname?: string } } | null;
}): string | null {
  const identity = account.identity;
  const registered = identity?.business_details?.registered_name?.trim();
  if (registered) return registered;
  const person = [identity?.individual?.given_name, identity?.individual?.surname].map((part) => part?.trim()).filter(Boolean).join(' ');
  return person || null;
}

/** Reads an account's state from Stripe: the account with its recipient configuration, then its payout method. */
export async function readRecipient(stripe: Stripe, accountId: string): Promise<RecipientState> {
  const account = await stripe.v2.core.accounts.retrieve(accountId, { include: ['configuration.recipient', 'defaults', 'identity'] });
  const methodId = defaultPayoutMethodId(account);
  const method = methodId ? await stripe.v2.moneyManagement.payoutMethods.retrieve(methodId, {}, { stripeContext: accountId }) : null;
  return { ready: recipientReady(account), bankSummary: bankSummaryOf(method), holderName: holderNameOf(account) };
}
