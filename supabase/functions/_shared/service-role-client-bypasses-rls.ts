import { createClient } from '@supabase/supabase-js';
import type { FunctionEnv } from './function-env.ts';
import type { ApiClient } from './user-client.ts';

/**
 * A client with the service-role key: it BYPASSES ROW-LEVEL SECURITY and may use the Auth admin API.
 * Never send it or its key to a browser. Every use is guarded: when there is a caller, their own client
 * (userClient: their JWT, their RLS) decides first, and this client then does only what the caller's role
 * cannot do itself; the one use without a caller (stripe-webhook) is guarded by Stripe's signature.
 *
 * - Auth admin API (admin-users function; the /api facade's PATCH and DELETE /api/admin/users/{id}):
 *   create a brand's account, change a user's login email, delete an auth user. Only Auth can do these,
 *   and only with this key; the caller was proven an admin first (_shared/admin-user-ops.ts).
 * - Payment records (payments function; the /api facade's GET /api/check-payment-status; stripe-webhook):
 *   api.payment_begin and api.payment_record_stripe_state are granted to service_role only, so that no
 *   browser JWT can write a payment's status. payments and the facade call them after the caller's own
 *   api.payment_quote / api.payment_for_intent allowed the action; stripe-webhook has no caller JWT at all
 *   and calls them only for events whose Stripe signature it verified.
 * - Connected social accounts (social-connect, decision 0053): the consent states, the accounts and their
 *   encrypted tokens are written and read by service-role-only api functions; /start and /disconnect act for
 *   the caller proven by their JWT (auth.getUser), /callback for the creator its single-use state was bound to.
 */
export function serviceRoleClientBypassingRls(env: FunctionEnv): ApiClient {
  return createClient(env.supabaseUrl, env.serviceRoleKey, {
    db: { schema: 'api' },
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
  });
}
