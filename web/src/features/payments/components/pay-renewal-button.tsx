import { lazy, Suspense, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/toast';
import { env } from '@/config/env';
import { paths } from '@/config/paths';
import { useFormat } from '@/i18n/format';
import { useT } from '@/i18n/use-t';
import { useFundRenewal } from '../api/fund-renewal';
import { paymentsCatalog } from '../messages/catalog';
import { paymentErrorText } from '../messages/payments-text';
import type { CreatedPayment } from '../types';
import { checkoutMode, localCheckoutUrl, paymentReturnUrl } from '../utils/checkout';

const StripeElementsCheckout = lazy(() => import('./stripe-elements-checkout'));

/**
 * The brand pays an accepted licence renewal by card (decision 0060): the same checkout as a hire's funding
 * (Stripe Elements here, or the local test checkout page), which comes back to /payments/result.
 */
export function PayRenewalButton({ renewalId, priceCents }: { renewalId: string; priceCents: number }) {
  const f = useFormat();
  const [elements, setElements] = useState<CreatedPayment | null>(null);
  const mode = checkoutMode(env.stripePublishableKey);
  const fund = useFundRenewal({
    onSuccess: (payment) => {
      if (mode === 'elements') setElements(payment);
      else window.location.assign(localCheckoutUrl(env.supabaseUrl, payment.clientSecret, paymentReturnUrl(window.location.origin), paths.paymentHistory.getHref(), locale));
    },
    onError: (error) => toast({ title: t('payments.failed'), description: paymentErrorText(t, f, error), variant: 'destructive' }),
  });
  const { t, locale } = useT(paymentsCatalog);
  if (elements && env.stripePublishableKey) {
    return (
      <Suspense fallback={<Spinner label={t('payments.pay.loadingForm')} />}>
        <StripeElementsCheckout publishableKey={env.stripePublishableKey} clientSecret={elements.clientSecret} amountCents={elements.amountCents} returnUrl={paymentReturnUrl(window.location.origin)} />
      </Suspense>
    );
  }
  return (
    <Button size="sm" pending={fund.isPending || (fund.isSuccess && mode === 'local')} onClick={() => fund.mutate({ renewalId })}>
      {t('payments.renewal.pay', { amount: f.money(priceCents) })}
    </Button>
  );
}
