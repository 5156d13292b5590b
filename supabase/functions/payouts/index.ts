import { readFunctionEnv } from '../_shared/function-env.ts';
import { readStripeEnv, stripeClient } from '../_shared/stripe-client.ts';
import { createPayoutsHandler } from './handler.ts';

const stripeEnv = readStripeEnv();
const appUrl = (Deno.env.get('SITE_URL') || Deno.env.get('PUBLIC_APP_URL') || '').replace(/\/$/, '');
if (!appUrl) throw new Error('SITE_URL is not set (where Stripe sends creators back after onboarding)');
Deno.serve(
  createPayoutsHandler(
    { ...readFunctionEnv(), appUrl, financialAccount: Deno.env.get('STRIPE_FINANCIAL_ACCOUNT') || undefined },
    stripeClient(stripeEnv),
  ),
);
