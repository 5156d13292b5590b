import { Link } from 'react-router-dom';
import { Card } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useFormat } from '@/i18n/format';
import { useT } from '@/i18n/use-t';
import { usePaymentHistory } from '../api/get-payment-history';
import { paymentsCatalog } from '../messages/catalog';
import type { PaymentHistoryItem } from '../types';
import { PaymentStatusBadge } from './payment-status-badge';

/**
 * /payments/history: the payments a brand made or a creator received. The counterpart column names the
 * creator (for brands) or the brand (for creators); each row links to its deliverable.
 */
export function PaymentHistoryTable({ role }: { role: 'brand' | 'creator' }) {
  const query = usePaymentHistory();
  const { t } = useT(paymentsCatalog);
  return (
    <Card className="overflow-hidden">
      {query.isPending ? (
        <div className="p-6">
          <Spinner label={t('payments.history.loading')} />
        </div>
      ) : query.isError ? (
        <p role="alert" className="p-6 text-sm text-red-800">
          {t('payments.history.error')}
        </p>
      ) : query.data.length === 0 ? (
        <p className="p-6 text-sm text-slate-600">{t(role === 'brand' ? 'payments.history.empty.brand' : 'payments.history.empty.creator')}</p>
      ) : (
        <div className="overflow-x-auto">
          <table className="min-w-full divide-y divide-slate-200 text-sm">
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
              {query.data.map((p) => (
                <PaymentRow key={p.id} payment={p} role={role} />
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Card>
  );
}

function PaymentRow({ payment: p, role }: { payment: PaymentHistoryItem; role: 'brand' | 'creator' }) {
  const f = useFormat();
  const { t } = useT(paymentsCatalog);
  const when = new Date(p.payment_date ?? p.created_at);
  const name = role === 'brand' ? p.creator_name : p.brand_name;
  return (
    <tr>
      <td className="whitespace-nowrap px-4 py-3 text-slate-700">
        <time dateTime={when.toISOString()} title={f.date(when)}>
          {f.relative(when)}
        </time>
      </td>
      <td className="whitespace-nowrap px-4 py-3 font-medium text-slate-900">{f.money(Number(p.amount_cents))}</td>
      <td className="px-4 py-3">
        <PaymentStatusBadge status={p.status} />
      </td>
      <td className="px-4 py-3 text-slate-700">{name ?? t('payments.deletedAccount')}</td>
      <td className="px-4 py-3">
        {p.deliverable_id ? (
          <Link to={paths.deliverable.getHref(p.deliverable_id)} className="text-brand-700 underline-offset-2 hover:underline">
            {p.campaign_title ?? t('payments.history.viewDeliverable')}
          </Link>
        ) : p.campaign_id ? (
          // A hire paid into escrow before any content was submitted: its campaign.
          <Link to={paths.campaign.getHref(p.campaign_id)} className="text-brand-700 underline-offset-2 hover:underline">
            {p.campaign_title ?? t('payments.history.viewDeliverable')}
          </Link>
        ) : (
          <span className="text-slate-500">{t('payments.history.deleted')}</span>
        )}
      </td>
    </tr>
  );
}
