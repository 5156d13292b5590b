import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Badge } from '@/components/ui/badge';
import { ButtonLink } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { PageSpinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { compensationTypeLabel, formatDate, formatMoney } from '@/lib/format';
import { useDeliverable } from '../api/get-deliverable';
import type { DeliverableDetail } from '../types';
import { PayCreatorPanel } from './pay-creator-panel';
import { PaymentStatusBadge } from './payment-status-badge';

/** The deliverable's review status (spec: pending and approved, anything else rejected). */
function DeliverableBadge({ status }: { status: string }) {
  if (status === 'approved') return <Badge tone="green">Approved</Badge>;
  if (status === 'pending' || status === 'submitted') return <Badge tone="yellow">Pending review</Badge>;
  return <Badge tone="red">Rejected</Badge>;
}

/**
 * /deliverables/{id}: the content with its campaign, status, feedback and payment. Only its brand and its
 * creator get a row from the database; the brand can pay approved, unpaid content here.
 */
export function DeliverableDetailView({ deliverableId, userId }: { deliverableId: string; userId: string | undefined }) {
  const query = useDeliverable(deliverableId);
  if (query.isPending) return <PageSpinner label="Loading deliverable..." />;
  if (query.isError || !query.data) {
    return (
      <Card role="alert" className="mx-auto max-w-lg space-y-3 p-6">
        <h1 className="text-xl font-semibold text-slate-900">Deliverable not found</h1>
        <p className="text-sm text-slate-700">The content may have been removed or you don't have permission to view it.</p>
        <ButtonLink to={paths.dashboard.getHref()} variant="secondary">
          Return to Dashboard
        </ButtonLink>
      </Card>
    );
  }
  const d = query.data;
  const isBrand = userId === d.brand_id;
  const paid = d.payment_status === 'completed' || d.payment_status === 'refunded';
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <div>
        <p className="text-sm text-slate-600">
          Deliverable for{' '}
          <Link to={paths.campaign.getHref(d.campaign_id)} className="font-medium text-brand-700 hover:underline">
            {d.campaign_title}
          </Link>
        </p>
        <div className="mt-1 flex flex-wrap items-center gap-3">
          <h1 className="text-2xl font-bold text-slate-900">Deliverable</h1>
          <DeliverableBadge status={d.status} />
        </div>
      </div>

      <Card className="space-y-4 p-6">
        <dl className="grid gap-4 sm:grid-cols-2">
          <Field label="Content">
            <a href={d.content_url} target="_blank" rel="noopener noreferrer" className="break-all text-brand-700 hover:underline">
              {d.content_url}
            </a>
          </Field>
          <Field label="Submitted">{formatDate(d.created_at)}</Field>
          <Field label="Brand">{d.brand_name ?? 'Deleted account'}</Field>
          <Field label="Creator">{d.creator_name ?? 'Deleted account'}</Field>
          <Field label="Compensation">
            {compensationTypeLabel(d.compensation_type)}
            {Number(d.compensation_cents) > 0 && ` · ${formatMoney(Number(d.compensation_cents))}`}
          </Field>
        </dl>
        <div>
          <h2 className="text-sm font-medium text-slate-600">Feedback</h2>
          <p className="mt-1 text-sm text-slate-800">{d.feedback ?? 'No feedback yet.'}</p>
        </div>
      </Card>

      <Card className="space-y-4 p-6">
        <PaymentSummary deliverable={d} />
        {isBrand && d.status === 'approved' && !paid && <PayCreatorPanel deliverable={d} />}
      </Card>
    </div>
  );
}

function PaymentSummary({ deliverable: d }: { deliverable: DeliverableDetail }) {
  if (!d.payment_status) {
    return (
      <div>
        <h2 className="text-lg font-semibold text-slate-900">Payment</h2>
        <p className="mt-1 text-sm text-slate-700">
          {d.status === 'approved' ? 'Not paid yet.' : 'Content is paid once the brand approves it.'}
        </p>
      </div>
    );
  }
  return (
    <div>
      <h2 className="text-lg font-semibold text-slate-900">Payment</h2>
      <dl className="mt-2 grid gap-4 sm:grid-cols-3">
        <Field label="Status">
          <PaymentStatusBadge status={d.payment_status} />
        </Field>
        <Field label="Amount">{formatMoney(Number(d.payment_amount_cents ?? 0))}</Field>
        <Field label="Date">{formatDate(d.payment_date ?? d.payment_created_at!)}</Field>
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
