import { Trans } from '@lingui/react';
import { MIN_PAYMENT_CENTS } from '@contract/money';
import { lazy, Suspense, useId, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/form-field';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/toast';
import { env } from '@/config/env';
import { paths } from '@/config/paths';
import { useFormat } from '@/i18n/format';
import { useT } from '@/i18n/use-t';
import { useCreatePayment } from '../api/create-payment';
import { paymentsCatalog } from '../messages/catalog';
import { paymentErrorText } from '../messages/payments-text';
import type { CreatedPayment, DeliverableDetail } from '../types';
import { checkoutMode, localCheckoutUrl, parseDollarsToCents, paymentReturnUrl } from '../utils/checkout';

const StripeElementsCheckout = lazy(() => import('./stripe-elements-checkout'));

/**
 * The owning brand's "Pay creator" for approved content: a flat fee pays the campaign's compensation;
 * performance-based pay (or a flat fee of $0) asks for the amount; a product exchange pays nothing unless
 * the brand adds a bonus. Money is entered in dollars and sent as integer cents.
 */
export function PayCreatorPanel({ deliverable: d }: { deliverable: DeliverableDetail }) {
  const { t, locale } = useT(paymentsCatalog);
  const f = useFormat();
  const fixed = d.compensation_type === 'flat_fee' && Number(d.compensation_cents) > 0 ? Number(d.compensation_cents) : undefined;
  const isProduct = d.compensation_type === 'product';
  const [amountText, setAmountText] = useState('');
  // Which rule the amount breaks, kept as such so a language switch re-says it.
  const [amountError, setAmountError] = useState<'invalid' | 'minimum' | undefined>();
  const [elements, setElements] = useState<CreatedPayment | null>(null);
  const amountId = useId();
  const mode = checkoutMode(env.stripePublishableKey);

  const create = useCreatePayment({
    onSuccess: (payment) => {
      const returnUrl = paymentReturnUrl(window.location.origin);
      if (mode === 'elements') setElements(payment);
      else window.location.assign(localCheckoutUrl(env.supabaseUrl, payment.clientSecret, returnUrl, paths.campaign.getHref(d.campaign_id), locale));
    },
    onError: (error) => toast({ title: t('payments.failed'), description: paymentErrorText(t, f, error), variant: 'destructive' }),
  });

  function submit(e: FormEvent) {
    e.preventDefault();
    if (fixed !== undefined) return create.mutate({ deliverableId: d.id });
    const cents = parseDollarsToCents(amountText);
    if (cents === undefined) {
      setAmountError('invalid');
      return;
    }
    if (cents < MIN_PAYMENT_CENTS) {
      setAmountError('minimum');
      return;
    }
    setAmountError(undefined);
    create.mutate({ deliverableId: d.id, amountCents: cents });
  }

  const amountErrorText =
    amountError === 'invalid' ? t('payments.pay.invalidAmount') : amountError === 'minimum' ? t('payments.pay.minimumAmount', { amount: f.money(MIN_PAYMENT_CENTS) }) : undefined;

  if (elements && env.stripePublishableKey) {
    return (
      <section aria-labelledby={`${amountId}-pay`} className="space-y-3">
        <h2 id={`${amountId}-pay`} className="text-lg font-semibold text-slate-900">
          {t('payments.pay.title')}
        </h2>
        <Suspense fallback={<Spinner label={t('payments.pay.loadingForm')} />}>
          <StripeElementsCheckout
            publishableKey={env.stripePublishableKey}
            clientSecret={elements.clientSecret}
            amountCents={elements.amountCents}
            returnUrl={paymentReturnUrl(window.location.origin)}
          />
        </Suspense>
      </section>
    );
  }

  return (
    <form onSubmit={submit} noValidate aria-labelledby={`${amountId}-pay`} className="space-y-3">
      <h2 id={`${amountId}-pay`} className="text-lg font-semibold text-slate-900">
        {t('payments.pay.title')}
      </h2>
      {fixed !== undefined ? (
        <p className="text-sm text-slate-700">
          <Trans id="payments.pay.flatFee" values={{ amount: f.money(fixed) }} components={{ 0: <strong className="text-slate-900" /> }} />
        </p>
      ) : (
        <>
          {isProduct && <p className="text-sm text-slate-700">{t('payments.pay.productNote')}</p>}
          <TextField
            id={amountId}
            label={t(isProduct ? 'payments.pay.bonusAmount' : 'payments.pay.amount')}
            inputMode="decimal"
            autoComplete="off"
            placeholder="150.00"
            value={amountText}
            error={amountErrorText}
            hint={isProduct ? undefined : t('payments.pay.performanceHint')}
            onChange={(e) => setAmountText(e.target.value)}
            className="max-w-xs"
          />
        </>
      )}
      <Button type="submit" pending={create.isPending || create.isSuccess}>
        {fixed !== undefined
          ? t('payments.pay.submitFixed', { amount: f.money(fixed) })
          : t(isProduct ? 'payments.pay.submitBonus' : 'payments.pay.submit')}
      </Button>
    </form>
  );
}
