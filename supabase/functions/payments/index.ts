import { readFunctionEnv } from '../_shared/function-env.ts';
import { readStripeEnv, stripeClient } from '../_shared/stripe-client.ts';
import { createPaymentsHandler } from './handler.ts';

const stripeEnv = readStripeEnv();
Deno.serve(createPaymentsHandler(readFunctionEnv(), stripeClient(stripeEnv), stripeEnv.publishableKey));
