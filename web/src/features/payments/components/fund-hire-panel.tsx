import { bpsToPercent } from '@contract/money';
import { lazy, Suspense, useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/toast';
import { env } from '@/config/env';
import { paths } from '@/config/paths';
import { useFormat } from '@/i18n/format';
import { useT } from '@/i18n/use-t';
import { useFundHire } from '../api/fund-hire';
import { useHireQuote } from '../api/get-hire-quote';
import { paymentsCatalog } from '../messages/catalog';
import { paymentErrorText } from '../messages/payments-text';
import type { CreatedPayment } from '../types';
import { amountParts } from '../utils/amount-parts';
import { checkoutMode, localCheckoutUrl, paymentReturnUrl } from '../utils/checkout';

const StripeElementsCheckout = lazy(() => import('./stripe-elements-checkout'));

/**
 * The brand funds a hire by card: what it pays (with its content and usage-licence parts when the licence
 * has a price), the platform fee and what the creator receives (from api.hire_quote), then the same checkout as any payment (Stripe Elements here, or the local test
 * checkout page), which comes back to /payments/result.
 */
export function FundHirePanel({ applicationId }: { applicationId: string }) {
  const f = useFormat();
  const titleId = useId();
  const quote = useHireQuote(applicationId);
  // The checkout's way back: this campaign's applications, where the brand funds the hire.
  const backPath = quote.data?.campaign_id ? `${paths.campaign.getHref(quote.data.campaign_id)}?tab=applications` : undefined;
  const [elements, setElements] = useState<CreatedPayment | null>(null);
  const mode = checkoutMode(env.stripePublishableKey);
  const fund = useFundHire({
    onSuccess: (payment) => {
      if (mode === 'elements') setElements(payment);
      else window.location.assign(localCheckoutUrl(env.supabaseUrl, payment.clientSecret, paymentReturnUrl(window.location.origin), backPath, locale));
    },
    onError: (error) => toast({ title: t('payments.failed'), description: paymentErrorText(t, f, error), variant: 'destructive' }),
  });
  const { t, locale } = useT(paymentsCatalog);

  let body;
  if (quote.isPending) body = <Spinner label={t('payments.fund.loading')} />;
  else if (quote.isError || !quote.data) {
    body = (
      <p role="alert" className="text-sm text-red-800">
        {paymentErrorText(t, f, quote.error)}
      </p>
    );
  } else {
    const q = quote.data;
    const amount = f.money(Number(q.amount_cents));
    const parts = amountParts(q);
    body = (
      <div className="space-y-3">
        <dl className="divide-y divide-slate-200 rounded-md border border-slate-200 text-sm">
          <Line label={t('payments.fund.amount')} value={amount} />
          {parts && (
            <>
              <Line label={t('payments.fund.content')} value={f.money(parts.contentCents)} indent />
              <Line label={t('payments.fund.licence')} value={f.money(parts.licenceCents)} indent />
            </>
          )}
          <Line label={t('payments.fund.fee', { percent: f.number(bpsToPercent(Number(q.fee_bps))) })} value={f.money(Number(q.fee_cents))} />
          <Line label={t('payments.fund.creatorReceives', { name: q.creator_name })} value={f.money(Number(q.creator_cents))} strong />
        </dl>
        <p className="text-xs text-slate-600">{t('payments.fund.escrowNote')}</p>
        {elements && env.stripePublishableKey ? (
          <Suspense fallback={<Spinner label={t('payments.pay.loadingForm')} />}>
            <StripeElementsCheckout
              publishableKey={env.stripePublishableKey}
              clientSecret={elements.clientSecret}
              amountCents={elements.amountCents}
              returnUrl={paymentReturnUrl(window.location.origin)}
            />
          </Suspense>
        ) : (
          <Button pending={fund.isPending || (fund.isSuccess && mode === 'local')} onClick={() => fund.mutate({ applicationId })}>
            {t('payments.fund.submit', { amount })}
          </Button>
        )}
      </div>
    );
  }
  return (
    <section aria-labelledby={titleId} className="space-y-3">
      <h5 id={titleId} className="text-base font-semibold text-slate-900">
        {t('payments.fund.title')}
      </h5>
      {body}
    </section>
  );
}

/** indent: a part of the line above (the amount's content and licence parts). */
function Line({ label, value, strong, indent }: { label: string; value: string; strong?: boolean; indent?: boolean }) {
  return (
    <div className={indent ? 'flex items-baseline justify-between gap-4 py-2 pl-6 pr-3' : 'flex items-baseline justify-between gap-4 px-3 py-2'}>
      <dt className="text-slate-600">{label}</dt>
      <dd className={strong ? 'font-semibold text-slate-900' : 'text-slate-900'}>{value}</dd>
    </div>
  );
}
