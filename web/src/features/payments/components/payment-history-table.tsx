import { Link } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useFormat } from '@/i18n/format';
import { useT } from '@/i18n/use-t';
import { usePaymentHistory } from '../api/get-payment-history';
import { paymentsCatalog } from '../messages/catalog';
import type { PaymentHistoryItem } from '../types';
import { PaymentStatusBadge } from './payment-status-badge';

type Role = 'brand' | 'creator';

/**
 * /payments/history: the payments a brand made or a creator received, newest first, older pages on
 * demand. The counterpart names the creator (for brands) or the brand (for creators); each payment links
 * to what it paid for. A table from 640 px; below, one card per payment, so a phone never scrolls sideways.
 */
export function PaymentHistoryTable({ role }: { role: Role }) {
  const { data, isPending, isError, hasNextPage, fetchNextPage, isFetchingNextPage } = usePaymentHistory();
  const { t } = useT(paymentsCatalog);
  const payments = data?.pages.flatMap((p) => p.rows) ?? [];
  return (
    <Card className="overflow-hidden">
      {isPending ? (
        <div className="p-6">
          <Spinner label={t('payments.history.loading')} />
        </div>
      ) : isError ? (
        <p role="alert" className="p-6 text-sm text-red-800">
          {t('payments.history.error')}
        </p>
      ) : payments.length === 0 ? (
        <p className="p-6 text-sm text-slate-600">{t(role === 'brand' ? 'payments.history.empty.brand' : 'payments.history.empty.creator')}</p>
      ) : (
        <>
          <ul aria-label={t('payments.history.list')} className="divide-y divide-slate-100 sm:hidden">
            {payments.map((p) => (
              <PaymentCard key={p.id} payment={p} role={role} />
            ))}
          </ul>
          <table className="hidden min-w-full divide-y divide-slate-200 text-sm sm:table">
            <caption className="sr-only">{t('payments.history.caption')}</caption>
            <thead className="bg-slate-50 text-left text-xs font-semibold uppercase tracking-wide text-slate-600">
              <tr>
                <th scope="col" className="px-4 py-3">{t('payments.history.date')}</th>
                <th scope="col" className="px-4 py-3">{t('payments.history.amount')}</th>
                <th scope="col" className="px-4 py-3">{t('payments.history.status')}</th>
                <th scope="col" className="px-4 py-3">{t(role === 'brand' ? 'payments.history.creator' : 'payments.history.brand')}</th>
                <th scope="col" className="px-4 py-3">{t('payments.history.deliverable')}</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100 bg-white">
              {payments.map((p) => (
                <PaymentRow key={p.id} payment={p} role={role} />
              ))}
            </tbody>
          </table>
          {hasNextPage && (
            <div className="border-t border-slate-100 p-4">
              <Button variant="secondary" pending={isFetchingNextPage} onClick={() => void fetchNextPage()}>
                {isFetchingNextPage ? t('payments.history.loadingMore') : t('payments.history.more')}
              </Button>
            </div>
          )}
        </>
      )}
    </Card>
  );
}

function PaymentRow({ payment: p, role }: { payment: PaymentHistoryItem; role: Role }) {
  const f = useFormat();
  const { t } = useT(paymentsCatalog);
  return (
    <tr>
      <td className="whitespace-nowrap px-4 py-3 text-slate-700">
        <PaymentTime payment={p} />
      </td>
      <td className="whitespace-nowrap px-4 py-3 font-medium text-slate-900">{f.money(Number(p.amount_cents))}</td>
      <td className="px-4 py-3">
        <PaymentStatusBadge status={p.status} />
      </td>
      <td className="px-4 py-3 text-slate-700">{counterpart(p, role) ?? t('payments.deletedAccount')}</td>
      <td className="px-4 py-3">
        <PaidFor payment={p} />
      </td>
    </tr>
  );
}

/** A payment on a phone: what it paid for, the amount and status, then who and when. */
function PaymentCard({ payment: p, role }: { payment: PaymentHistoryItem; role: Role }) {
  const f = useFormat();
  const { t } = useT(paymentsCatalog);
  return (
    <li className="space-y-1 p-4 text-sm">
      <div className="flex items-start justify-between gap-3">
        <span className="min-w-0 break-words">
          <PaidFor payment={p} />
        </span>
        <span className="whitespace-nowrap font-medium text-slate-900">{f.money(Number(p.amount_cents))}</span>
      </div>
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-slate-600">
        <PaymentStatusBadge status={p.status} />
        <span>{counterpart(p, role) ?? t('payments.deletedAccount')}</span>
        <PaymentTime payment={p} />
      </div>
    </li>
  );
}

const counterpart = (p: PaymentHistoryItem, role: Role) => (role === 'brand' ? p.creator_name : p.brand_name);

function PaymentTime({ payment: p }: { payment: PaymentHistoryItem }) {
  const f = useFormat();
  const when = new Date(p.payment_date ?? p.created_at);
  return (
    <time dateTime={when.toISOString()} title={f.date(when)}>
      {f.relative(when)}
    </time>
  );
}

/** The deliverable the payment paid for, or its campaign when it funded a hire before any content. */
function PaidFor({ payment: p }: { payment: PaymentHistoryItem }) {
  const { t } = useT(paymentsCatalog);
  const to = p.deliverable_id ? paths.deliverable.getHref(p.deliverable_id) : p.campaign_id ? paths.campaign.getHref(p.campaign_id) : null;
  if (!to) return <span className="text-slate-500">{t('payments.history.deleted')}</span>;
  return (
    <Link to={to} className="text-brand-700 underline-offset-2 hover:underline">
      {p.campaign_title ?? t('payments.history.viewDeliverable')}
    </Link>
  );
}
