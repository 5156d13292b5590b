import type Stripe from 'stripe';
import { HttpError } from '../_shared/http-error.ts';
import { callRpc } from '../_shared/rpc.ts';
import type { ApiClient } from '../_shared/user-client.ts';
import { readRecipient } from '../_shared/recipient-account.ts';

export interface PayoutsContext {
  /** Acts as the caller: their JWT, their row-level security. */
  caller: ApiClient;
  /** Service role: BYPASSES RLS. Used only after the caller was checked, or by the scheduler. */
  service: ApiClient;
  stripe: Stripe;
  /** Where Stripe's hosted onboarding sends the creator back (the app's Settings > Payouts). */
  appUrl: string;
}

interface Me {
  id: string;
  email: string;
  full_name: string;
  role: string;
  /** The language the creator chose in the app (null: not chosen; Spanish, the app's default). */
  language?: string | null;
}

/** The locale of Stripe's hosted pages for the creator: their app language (issue 32, item 9; pt, issue 37). */
export const hostedLocale = (me: Pick<Me, 'language'>): 'en-US' | 'es-419' | 'pt-BR' =>
  me.language === 'en' ? 'en-US' : me.language === 'pt' ? 'pt-BR' : 'es-419';

interface Overview {
  account_country: string | null;
  account_status: string | null;
}

/** The signed-in creator (403 for anyone else) and their payout account row, read with their own rights. */
export async function signedInCreator(ctx: PayoutsContext): Promise<{ me: Me; overview: Overview; stripeAccountId: string | null }> {
  const me = (await callRpc<Me[]>(ctx.caller, 'current_profile'))[0];
  if (!me || me.role !== 'creator') throw new HttpError(403, 'Only creators have payout accounts', 'not_creator');
  const overview = (await callRpc<Overview[]>(ctx.caller, 'my_payouts_overview'))[0] ?? { account_country: null, account_status: null };
  const account = (await callRpc<Array<{ stripe_account_id: string | null }>>(ctx.service, 'payout_account_of', { creator_id: me.id }))[0];
  return { me, overview, stripeAccountId: account?.stripe_account_id ?? null };
}

/** How long a request waits for a concurrent one creating the same recipient account, and how often it looks. */
const CLAIM_WAIT_MS = 15_000;
const CLAIM_POLL_MS = 150;

/**
 * The creator's recipient account for a country: the one made before (any earlier choice of this country),
 * else made now by exactly one request. The database hands the right to create it to one request
 * (api.recipient_account_claim); concurrent ones wait for its account instead of making another. The
 * idempotency key derived from creator and country makes a retry after a failed claim the same account too.
 */
async function recipientAccountFor(ctx: PayoutsContext, me: Me, country: string): Promise<string> {
  const until = Date.now() + CLAIM_WAIT_MS;
  for (;;) {
    const claim = (await callRpc<Array<{ stripe_account_id: string | null; claimed: boolean }>>(ctx.service, 'recipient_account_claim', { creator_id: me.id, country }))[0]!;
    if (claim.stripe_account_id) return claim.stripe_account_id;
    if (claim.claimed) {
      const account = await ctx.stripe.v2.core.accounts.create(
        {
          contact_email: me.email,
          display_name: me.full_name,
          identity: { country: country.toLowerCase() as Stripe.V2.Core.AccountCreateParams.Identity['country'], entity_type: 'individual' },
          configuration: { recipient: { capabilities: { bank_accounts: { local: { requested: true } } } } },
          include: ['configuration.recipient'],
          defaults: { locales: [hostedLocale(me)] },
          metadata: { creator_id: me.id },
        },
        { idempotencyKey: `recipient:${me.id}:${country}` },
      ).catch(async (e: unknown) => {
        // Stripe refused or was unreachable: the next click may try at once rather than wait out the claim.
        await callRpc(ctx.service, 'recipient_account_release', { creator_id: me.id, country });
        throw e;
      });
      await callRpc(ctx.service, 'recipient_account_record', { creator_id: me.id, country, stripe_account_id: account.id });
      return account.id;
    }
    if (Date.now() > until) throw new HttpError(409, 'Your payout account is being set up. Try again in a moment.', 'payout_account_busy');
    await new Promise((resolve) => setTimeout(resolve, CLAIM_POLL_MS));
  }
}

/**
 * POST /payouts/onboarding {country}: the link to Stripe's hosted form where the creator enters the bank
 * details of that country. The recipient account is made once per creator and country and reused, also
 * when concurrent first clicks arrive together (recipientAccountFor); choosing another country makes the
 * payout account that country's, as Stripe accounts keep their country.
 */
export async function startOnboarding(ctx: PayoutsContext, country: string): Promise<{ url: string }> {
  const { me, overview, stripeAccountId } = await signedInCreator(ctx);
  const countries = await callRpc<Array<{ country: string }>>(ctx.caller, 'payout_countries');
  if (!countries.some((c) => c.country === country)) {
    throw new HttpError(400, 'Payouts are not available in this country yet', 'country_not_supported', 'country');
  }
  let accountId = overview.account_country === country ? stripeAccountId : null;
  if (!accountId) {
    accountId = await recipientAccountFor(ctx, me, country);
    // Saving the account the creator already has changes nothing (a concurrent click saved it first).
    await callRpc(ctx.service, 'payout_account_save', { creator_id: me.id, country, stripe_account_id: accountId });
  }
  // The hosted form speaks the creator's language as it is now (it may have changed since the account was made).
  await ctx.stripe.v2.core.accounts.update(accountId, { defaults: { locales: [hostedLocale(me)] } });
  const back = `${ctx.appUrl}/settings?tab=payouts`;
  const link = await ctx.stripe.v2.core.accountLinks.create({
    account: accountId,
    use_case: overview.account_status === 'active' || overview.account_status === 'needs_attention'
      ? { type: 'account_update', account_update: { return_url: `${back}&onboarding=return`, refresh_url: `${back}&onboarding=refresh` } }
      : { type: 'account_onboarding', account_onboarding: { return_url: `${back}&onboarding=return`, refresh_url: `${back}&onboarding=refresh` } },
  });
  return { url: link.url };
}

/** POST /payouts/sync: asks Stripe about the creator's account now (back from onboarding before the webhook). */
export async function syncAccount(ctx: PayoutsContext): Promise<{ accountStatus: string | null; bankSummary: string | null }> {
  const { stripeAccountId } = await signedInCreator(ctx);
  if (!stripeAccountId) return { accountStatus: null, bankSummary: null };
  const state = await readRecipient(ctx.stripe, stripeAccountId);
  await callRpc(ctx.service, 'payout_account_record', { stripe_account_id: stripeAccountId, ready: state.ready, bank_summary: state.bankSummary, holder_name: state.holderName });
  const overview = (await callRpc<Array<{ account_status: string | null; bank_summary: string | null }>>(ctx.caller, 'my_payouts_overview'))[0];
  return { accountStatus: overview?.account_status ?? null, bankSummary: overview?.bank_summary ?? null };
}
