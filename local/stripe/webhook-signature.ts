import { createHmac } from 'node:crypto';

/**
 * The `Stripe-Signature` header Stripe sends with an event: `t=<unix seconds>,v1=<hex HMAC-SHA256 of
 * "<t>.<raw body>" keyed with the endpoint's whsec_ secret>`, which `stripe.webhooks.constructEvent` checks.
 */
export function signatureHeader(rawBody: string, secret: string, timestamp = Math.floor(Date.now() / 1000)): string {
  const v1 = createHmac('sha256', secret).update(`${timestamp}.${rawBody}`, 'utf8').digest('hex');
  return `t=${timestamp},v1=${v1}`;
}
