import { useEffect, useRef } from 'react';
import { ButtonLink } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/toast';
import { paths } from '@/config/paths';
import { formatMoney } from '@/lib/format';
import { usePaymentStatus } from '../api/get-payment-status';

/**
 * /payments/result, where Stripe (or the local checkout page) sends the brand back with
 * `?payment_intent=…`: loading, then success (amount, campaign, Go to Dashboard, View Deliverable) or
 * failure, with the spec's toasts.
 */
export function PaymentResultView({ paymentIntentId, dashboardHref }: { paymentIntentId: string | null; dashboardHref: string }) {
  const query = usePaymentStatus(paymentIntentId);
  const toasted = useRef(false);
  const outcome = !paymentIntentId
    ? 'missing'
    : query.isPending
      ? 'loading'
      : query.isError
        ? 'check-failed'
        : query.data.status === 'succeeded'
          ? 'succeeded'
          : 'failed';

  useEffect(() => {
    if (toasted.current || outcome === 'loading' || outcome === 'succeeded') return;
    toasted.current = true;
    if (outcome === 'missing') toast({ title: 'Error', description: 'No payment information found', variant: 'destructive' });
    else if (outcome === 'check-failed') toast({ title: 'Error', description: 'Failed to verify payment status', variant: 'destructive' });
    else toast({ title: 'Payment Failed', description: query.data?.message || 'There was an issue with your payment', variant: 'destructive' });
  }, [outcome, query.data]);

  if (outcome === 'loading') {
    return (
      <Card className="mx-auto max-w-lg p-8">
        <Spinner label="Checking your payment..." />
      </Card>
    );
  }
  if (outcome === 'succeeded') {
    const data = query.data!;
    return (
      <Card className="mx-auto max-w-lg space-y-4 p-8 text-center">
        <h1 className="text-2xl font-bold text-slate-900">Payment Successful</h1>
        <p className="text-slate-700">
          You paid <strong className="text-slate-900">{formatMoney(data.amount)}</strong>
          {data.campaignTitle && (
            <>
              {' '}for <strong className="text-slate-900">{data.campaignTitle}</strong>
            </>
          )}
          .
        </p>
        <div className="flex flex-wrap justify-center gap-3">
          <ButtonLink to={dashboardHref} variant="secondary">
            Go to Dashboard
          </ButtonLink>
          {data.deliverableId && <ButtonLink to={paths.deliverable.getHref(data.deliverableId)}>View Deliverable</ButtonLink>}
        </div>
      </Card>
    );
  }
  const message =
    outcome === 'missing'
      ? 'No payment information found.'
      : outcome === 'check-failed'
        ? 'We could not verify the payment status. Check your payment history before trying again.'
        : query.data?.message || 'There was an issue with your payment';
  return (
    <Card className="mx-auto max-w-lg space-y-4 p-8 text-center">
      <h1 className="text-2xl font-bold text-slate-900">Payment Failed</h1>
      <p className="text-slate-700">{message}</p>
      <div className="flex flex-wrap justify-center gap-3">
        <ButtonLink to={dashboardHref} variant="secondary">
          Go to Dashboard
        </ButtonLink>
        {query.data?.deliverableId && <ButtonLink to={paths.deliverable.getHref(query.data.deliverableId)}>Back to the deliverable</ButtonLink>}
      </div>
    </Card>
  );
}
