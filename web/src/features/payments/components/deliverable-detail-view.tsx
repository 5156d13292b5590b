import { Trans } from '@lingui/react';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { DeliverableStatusBadge } from '@/components/ui/status-badges';
import { ButtonLink } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { PageSpinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useFormat } from '@/i18n/format';
import { useT } from '@/i18n/use-t';
import { contentReviewState, holdsContent } from '@contract/hire';
import { useDeliverable } from '../api/get-deliverable';
import { paymentsCatalog } from '../messages/catalog';
import { compensationKey } from '../messages/payments-text';
import type { DeliverableDetail } from '../types';
import { HireSummary } from './hire-summary';
import { PayCreatorPanel } from './pay-creator-panel';
import { PaymentStatusBadge } from './payment-status-badge';

/**
 * /deliverables/{id}: the content with its campaign, status, feedback and payment. Only its brand and its
 * creator get a row from the database; the brand can pay approved, unpaid content here. Content of a hire
 * paid through escrow shows the hire instead: its review countdown, then what was released.
 */
export function DeliverableDetailView({ deliverableId, userId }: { deliverableId: string; userId: string | undefined }) {
  const f = useFormat();
  const query = useDeliverable(deliverableId);
  const { t } = useT(paymentsCatalog);
  if (query.isPending) return <PageSpinner label={t('payments.detail.loading')} />;
  if (query.isError || !query.data) {
    return (
      <Card role="alert" className="mx-auto max-w-lg space-y-3 p-6">
        <h1 className="text-xl font-semibold text-slate-900">{t('payments.detail.notFound.title')}</h1>
        <p className="text-sm text-slate-700">{t('payments.detail.notFound.text')}</p>
        <ButtonLink to={paths.dashboard.getHref()} variant="secondary">
          {t('payments.detail.returnToDashboard')}
        </ButtonLink>
      </Card>
    );
  }
  const d = query.data;
  const isBrand = userId === d.brand_id;
  const paid = d.payment_status === 'completed' || d.payment_status === 'refunded';
  const compensation = t(compensationKey(d.compensation_type));
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <div>
        <p className="text-sm text-slate-600">
          <Trans
            id="payments.detail.for"
            values={{ campaign: d.campaign_title }}
            components={{ 0: <Link to={paths.campaign.getHref(d.campaign_id)} className="font-medium text-brand-700 hover:underline" /> }}
          />
        </p>
        <div className="mt-1 flex flex-wrap items-center gap-3">
          <h1 className="text-2xl font-bold text-slate-900">{t('payments.detail.title')}</h1>
          <DeliverableStatusBadge status={contentReviewState(d.status, d.hire)} />
        </div>
      </div>

      <Card className="space-y-4 p-6">
        <dl className="grid gap-4 sm:grid-cols-2">
          <Field label={t('payments.detail.content')}>
            <a href={d.content_url} target="_blank" rel="noopener noreferrer" className="break-all text-brand-700 hover:underline">
              {d.content_url}
            </a>
          </Field>
          <Field label={t('payments.detail.submitted')}>{f.date(d.created_at)}</Field>
          <Field label={t('payments.detail.brand')}>{d.brand_name ?? t('payments.deletedAccount')}</Field>
          <Field label={t('payments.detail.creator')}>{d.creator_name ?? t('payments.deletedAccount')}</Field>
          <Field label={t('payments.detail.compensation')}>
            {Number(d.compensation_cents) > 0
              ? t('payments.compensation.withAmount', { type: compensation, amount: f.money(Number(d.compensation_cents)) })
              : compensation}
          </Field>
        </dl>
        <div>
          <h2 className="text-sm font-medium text-slate-600">{t('payments.detail.feedback')}</h2>
          <p className="mt-1 text-sm text-slate-800">{d.feedback ?? t('payments.detail.noFeedback')}</p>
        </div>
      </Card>

      <Card className="space-y-4 p-6">
        {d.hire && <HireSummary deliverable={d} hire={d.hire} isBrand={isBrand} />}
        {/* A hire funding only a licence (decision 0056) leaves the content's money to "Pay creator". */}
        {!holdsContent(d.hire) && (
          <>
            <PaymentSummary deliverable={d} />
            {isBrand && d.status === 'approved' && !paid && <PayCreatorPanel deliverable={d} />}
          </>
        )}
      </Card>
    </div>
  );
}

function PaymentSummary({ deliverable: d }: { deliverable: DeliverableDetail }) {
  const f = useFormat();
  const { t } = useT(paymentsCatalog);
  if (!d.payment_status) {
    return (
      <div>
        <h2 className="text-lg font-semibold text-slate-900">{t('payments.summary.title')}</h2>
        <p className="mt-1 text-sm text-slate-700">{t(d.status === 'approved' ? 'payments.summary.notPaid' : 'payments.summary.paidOnApproval')}</p>
      </div>
    );
  }
  return (
    <div>
      <h2 className="text-lg font-semibold text-slate-900">{t('payments.summary.title')}</h2>
      <dl className="mt-2 grid gap-4 sm:grid-cols-3">
        <Field label={t('payments.summary.status')}>
          <PaymentStatusBadge status={d.payment_status} />
        </Field>
        <Field label={t('payments.summary.amount')}>{f.money(Number(d.payment_amount_cents ?? 0))}</Field>
        <Field label={t('payments.summary.date')}>{f.date(d.payment_date ?? d.payment_created_at!)}</Field>
      </dl>
    </div>
  );
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-sm font-medium text-slate-600">{label}</dt>
      <dd className="mt-1 text-sm text-slate-900">{children}</dd>
    </div>
  );
}
