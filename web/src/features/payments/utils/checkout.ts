import { dollarsToCents } from '@contract/money';
import { isPositiveCents } from '@contract/payment-rules';
import type { Locale } from '@/i18n/locales';

/**
 * How the brand pays. With a real publishable key (pk_live_… or pk_test_… but not the local double's
 * pk_test_local_…) Stripe Elements runs in the page; without one, against the local stack, the browser
 * goes to the Stripe test double's checkout page. Both come back to /payments/result?payment_intent=….
 */
export type CheckoutMode = 'elements' | 'local';

export function checkoutMode(publishableKey: string | undefined): CheckoutMode {
  if (!publishableKey || publishableKey.startsWith('pk_test_local_')) return 'local';
  return /^pk_(live|test)_/.test(publishableKey) ? 'elements' : 'local';
}

/** Where Stripe sends the browser back after a payment attempt. */
export function paymentReturnUrl(origin: string): string {
  return `${origin}/payments/result`;
}

/**
 * The local double's test checkout page for a PaymentIntent, served by the stack at /stripe/checkout;
 * `backPath` (a path on this site, the campaign) is its "Back to the campaign" link on every step. The page
 * takes the Payment Element's `locale`: the double writes English and Brazilian Portuguese.
 */
export function localCheckoutUrl(stackUrl: string, clientSecret: string, returnUrl: string, backPath?: string, locale?: Locale): string {
  const search = new URLSearchParams({
    client_secret: clientSecret,
    return_url: returnUrl,
    ...(backPath ? { back_url: backPath } : {}),
    ...(locale === 'pt' ? { locale: 'pt-BR' } : {}),
  });
  return `${stackUrl.replace(/\/+$/, '')}/stripe/checkout?${search}`;
}

/**
 * A dollar amount typed by the brand as integer cents ("12.5" -> 1250), or undefined when it is not an
 * amount POST payments/create takes (the contract's amountCents rule: positive whole cents).
 */
export function parseDollarsToCents(text: string): number | undefined {
  const cents = dollarsToCents(text);
  return isPositiveCents(cents) ? cents : undefined;
}
