import { Trans } from '@lingui/react';
import { useEffect, useRef } from 'react';
import { ButtonLink } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/toast';
import { paths } from '@/config/paths';
import { useFormat } from '@/i18n/format';
import { useT } from '@/i18n/use-t';
import { usePaymentStatus } from '../api/get-payment-status';
import { paymentsCatalog } from '../messages/catalog';
import { intentText } from '../messages/payments-text';

/** Where a brand manages the applications of a campaign: its detail screen, on the Applications tab. */
const applicationsHref = (campaignId: string) => `${paths.campaign.getHref(campaignId)}?tab=applications`;

/**
 * /payments/result, where Stripe (or the local checkout page) sends the brand back with
 * `?payment_intent=…`: loading, then success (amount, campaign, Go to Dashboard, View Deliverable, or
 * for a hire's funding Back to applications) or failure, with the spec's toasts.
 */
export function PaymentResultView({ paymentIntentId, dashboardHref }: { paymentIntentId: string | null; dashboardHref: string }) {
  const { t, locale } = useT(paymentsCatalog);
  const f = useFormat();
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
    if (outcome === 'missing') toast({ title: t('payments.toast.error'), description: t('payments.toast.noPaymentInfo'), variant: 'destructive' });
    else if (outcome === 'check-failed') toast({ title: t('payments.toast.error'), description: t('payments.toast.verifyFailed'), variant: 'destructive' });
    else toast({ title: t('payments.failed'), description: intentText(t, locale, query.data), variant: 'destructive' });
    // Once per visit, in the language of the moment it was shown.
  }, [outcome, query.data]);

  if (outcome === 'loading') {
    return (
      <Card className="mx-auto max-w-lg p-8">
        <Spinner label={t('payments.result.checking')} />
      </Card>
    );
  }
  if (outcome === 'succeeded') {
    const data = query.data!;
    const strong = <strong className="text-slate-900" />;
    const hire = !data.deliverableId && !!data.applicationId;
    return (
      <Card className="mx-auto max-w-lg space-y-4 p-8 text-center">
        <h1 className="text-2xl font-bold text-slate-900">{t('payments.result.success.title')}</h1>
        <p className="text-slate-700">
          {hire && data.campaignTitle ? (
            <Trans
              id="payments.result.success.funded"
              values={{ amount: f.money(data.amount), campaign: data.campaignTitle }}
              components={{ 0: strong, 1: strong }}
            />
          ) : data.campaignTitle ? (
            <Trans
              id="payments.result.success.paidFor"
              values={{ amount: f.money(data.amount), campaign: data.campaignTitle }}
              components={{ 0: strong, 1: strong }}
            />
          ) : (
            <Trans id="payments.result.success.paid" values={{ amount: f.money(data.amount) }} components={{ 0: strong }} />
          )}
        </p>
        <div className="flex flex-wrap justify-center gap-3">
          <ButtonLink to={dashboardHref} variant="secondary">
            {t('payments.result.goToDashboard')}
          </ButtonLink>
          {data.deliverableId && <ButtonLink to={paths.deliverable.getHref(data.deliverableId)}>{t('payments.result.viewDeliverable')}</ButtonLink>}
          {!hire && data.campaignId && (
            <ButtonLink to={paths.campaign.getHref(data.campaignId)} variant="secondary">
              {t('payments.result.backToCampaign')}
            </ButtonLink>
          )}
          {hire && data.campaignId && <ButtonLink to={applicationsHref(data.campaignId)}>{t('payments.result.backToApplications')}</ButtonLink>}
        </div>
      </Card>
    );
  }
  const message =
    outcome === 'missing'
      ? t('payments.result.missing')
      : outcome === 'check-failed'
        ? t('payments.result.checkFailed')
        : intentText(t, locale, query.data);
  return (
    <Card className="mx-auto max-w-lg space-y-4 p-8 text-center">
      <h1 className="text-2xl font-bold text-slate-900">{t('payments.failed')}</h1>
      <p className="text-slate-700">{message}</p>
      <div className="flex flex-wrap justify-center gap-3">
        <ButtonLink to={dashboardHref} variant="secondary">
          {t('payments.result.goToDashboard')}
        </ButtonLink>
        {query.data?.deliverableId && <ButtonLink to={paths.deliverable.getHref(query.data.deliverableId)}>{t('payments.result.backToDeliverable')}</ButtonLink>}
        {query.data?.deliverableId && query.data.campaignId && (
          <ButtonLink to={paths.campaign.getHref(query.data.campaignId)} variant="secondary">
            {t('payments.result.backToCampaign')}
          </ButtonLink>
        )}
        {!query.data?.deliverableId && query.data?.campaignId && (
          <ButtonLink to={applicationsHref(query.data.campaignId)}>{t('payments.result.backToApplications')}</ButtonLink>
        )}
      </div>
    </Card>
  );
}
