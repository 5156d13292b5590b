import { lazy, Suspense, useId, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/form-field';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/toast';
import { env } from '@/config/env';
import { formatMoney } from '@/lib/format';
import { useCreatePayment } from '../api/create-payment';
import type { CreatedPayment, DeliverableDetail } from '../types';
import { checkoutMode, localCheckoutUrl, parseDollarsToCents, paymentReturnUrl } from '../utils/checkout';

const StripeElementsCheckout = lazy(() => import('./stripe-elements-checkout'));

/**
 * The owning brand's "Pay creator" for approved content: a flat fee pays the campaign's compensation;
 * performance-based pay (or a flat fee of $0) asks for the amount; a product exchange pays nothing unless
 * the brand adds a bonus. Money is entered in dollars and sent as integer cents.
 */
export function PayCreatorPanel({ deliverable: d }: { deliverable: DeliverableDetail }) {
  const fixed = d.compensation_type === 'flat_fee' && Number(d.compensation_cents) > 0 ? Number(d.compensation_cents) : undefined;
  const isProduct = d.compensation_type === 'product';
  const [amountText, setAmountText] = useState('');
  const [amountError, setAmountError] = useState<string | undefined>();
  const [elements, setElements] = useState<CreatedPayment | null>(null);
  const amountId = useId();
  const mode = checkoutMode(env.stripePublishableKey);

  const create = useCreatePayment({
    onSuccess: (payment) => {
      const returnUrl = paymentReturnUrl(window.location.origin);
      if (mode === 'elements') setElements(payment);
      else window.location.assign(localCheckoutUrl(env.supabaseUrl, payment.clientSecret, returnUrl));
    },
    onError: (error) => toast({ title: 'Payment Failed', description: error.message || 'There was an issue with your payment', variant: 'destructive' }),
  });

  function submit(e: FormEvent) {
    e.preventDefault();
    if (fixed !== undefined) return create.mutate({ deliverableId: d.id });
    const cents = parseDollarsToCents(amountText);
    if (cents === undefined) {
      setAmountError('Enter an amount in dollars, for example 150 or 150.50');
      return;
    }
    if (cents < 50) {
      setAmountError('The minimum payment is $0.50');
      return;
    }
    setAmountError(undefined);
    create.mutate({ deliverableId: d.id, amountCents: cents });
  }

  if (elements && env.stripePublishableKey) {
    return (
      <section aria-labelledby={`${amountId}-pay`} className="space-y-3">
        <h2 id={`${amountId}-pay`} className="text-lg font-semibold text-slate-900">
          Pay creator
        </h2>
        <Suspense fallback={<Spinner label="Loading the payment form..." />}>
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
        Pay creator
      </h2>
      {fixed !== undefined ? (
        <p className="text-sm text-slate-700">
          Flat fee for this campaign: <strong className="text-slate-900">{formatMoney(fixed)}</strong>
        </p>
      ) : (
        <>
          {isProduct && <p className="text-sm text-slate-700">This campaign pays in products, so no payment is due. You can add a bonus for the creator.</p>}
          <TextField
            id={amountId}
            label={isProduct ? 'Bonus amount (USD)' : 'Amount (USD)'}
            inputMode="decimal"
            autoComplete="off"
            placeholder="150.00"
            value={amountText}
            error={amountError}
            hint={isProduct ? undefined : 'Performance-based pay: enter the amount you owe for this content.'}
            onChange={(e) => setAmountText(e.target.value)}
            className="max-w-xs"
          />
        </>
      )}
      <Button type="submit" pending={create.isPending || create.isSuccess}>
        {fixed !== undefined ? `Pay creator ${formatMoney(fixed)}` : isProduct ? 'Pay bonus' : 'Pay creator'}
      </Button>
    </form>
  );
}
