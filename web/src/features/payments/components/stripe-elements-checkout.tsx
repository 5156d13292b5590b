import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import { loadStripe, type Stripe } from '@stripe/stripe-js';
import { useMemo, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { useFormat } from '@/i18n/format';
import type { Locale } from '@/i18n/locales';
import { useT } from '@/i18n/use-t';
import { paymentsCatalog } from '../messages/catalog';

// Loaded lazily (React.lazy) from the pay panel only, so Stripe.js and Elements never weigh on other screens.

const stripes = new Map<string, Promise<Stripe | null>>();
/** One Stripe.js instance per key for the page's lifetime, as Stripe recommends. */
function stripeFor(publishableKey: string): Promise<Stripe | null> {
  let s = stripes.get(publishableKey);
  if (!s) {
    s = loadStripe(publishableKey);
    stripes.set(publishableKey, s);
  }
  return s;
}

export interface StripeElementsCheckoutProps {
  publishableKey: string;
  clientSecret: string;
  amountCents: number;
  returnUrl: string;
}

/** The Payment Element's language for ours (Stripe's own locale codes). */
const STRIPE_LOCALE = { es: 'es-419', en: 'en', pt: 'pt-BR' } as const satisfies Record<Locale, string>;

/**
 * Stripe Elements' Payment Element for a PaymentIntent. confirmPayment sends the browser to 3-D Secure
 * when needed and then to `returnUrl` (/payments/result?payment_intent=…); a declined card stays here
 * with Stripe's message so the brand can try another card. Elements gets the page's language, so its
 * fields and Stripe's messages read like the rest of the screen.
 */
export default function StripeElementsCheckout({ publishableKey, clientSecret, amountCents, returnUrl }: StripeElementsCheckoutProps) {
  const stripe = useMemo(() => stripeFor(publishableKey), [publishableKey]);
  const { locale } = useT(paymentsCatalog);
  return (
    <Elements stripe={stripe} options={{ clientSecret, locale: STRIPE_LOCALE[locale] }}>
      <CheckoutForm amountCents={amountCents} returnUrl={returnUrl} />
    </Elements>
  );
}

function CheckoutForm({ amountCents, returnUrl }: { amountCents: number; returnUrl: string }) {
  const f = useFormat();
  const stripe = useStripe();
  const elements = useElements();
  const [message, setMessage] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const { t } = useT(paymentsCatalog);

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!stripe || !elements) return;
    setPending(true);
    setMessage(null);
    const { error } = await stripe.confirmPayment({ elements, confirmParams: { return_url: returnUrl } });
    // Only reached when the payment did not redirect: a card error or a validation message, in Elements' language.
    setMessage(error.message ?? t('payments.error.issue'));
    setPending(false);
  }

  return (
    <form onSubmit={submit} className="space-y-4">
      <PaymentElement />
      {message && (
        <p role="alert" className="text-sm text-red-800">
          {message}
        </p>
      )}
      <Button type="submit" pending={pending} disabled={!stripe || !elements}>
        {t('payments.checkout.pay', { amount: f.money(amountCents) })}
      </Button>
    </form>
  );
}
