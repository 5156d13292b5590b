import { formatDistanceToNow } from 'date-fns';
import { Link } from 'react-router-dom';
import { Card } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { formatDate, formatMoney } from '@/lib/format';
import { usePaymentHistory } from '../api/get-payment-history';
import type { PaymentHistoryItem } from '../types';
import { PaymentStatusBadge } from './payment-status-badge';

const EMPTY = {
  brand: 'No payments yet. Payments you make to creators will appear here.',
  creator: 'No payments yet. Payments from brands will appear here.',
};

/**
 * /payments/history: the payments a brand made or a creator received. The counterpart column names the
 * creator (for brands) or the brand (for creators); each row links to its deliverable.
 */
export function PaymentHistoryTable({ role }: { role: 'brand' | 'creator' }) {
  const query = usePaymentHistory();
  const counterpart = role === 'brand' ? 'Creator' : 'Brand';
  return (
    <Card className="overflow-hidden">
      {query.isPending ? (
        <div className="p-6">
          <Spinner label="Loading payments..." />
        </div>
      ) : query.isError ? (
        <p role="alert" className="p-6 text-sm text-red-800">
          Error loading payment history. Please try again later.
        </p>
      ) : query.data.length === 0 ? (
        <p className="p-6 text-sm text-slate-600">{EMPTY[role]}</p>
      ) : (
        <div className="overflow-x-auto">
          <table className="min-w-full divide-y divide-slate-200 text-sm">
            <caption className="sr-only">Payment history</caption>
            <thead className="bg-slate-50 text-left text-xs font-semibold uppercase tracking-wide text-slate-600">
              <tr>
                <th scope="col" className="px-4 py-3">Date</th>
                <th scope="col" className="px-4 py-3">Amount</th>
                <th scope="col" className="px-4 py-3">Status</th>
                <th scope="col" className="px-4 py-3">{counterpart}</th>
                <th scope="col" className="px-4 py-3">Deliverable</th>
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
  const when = new Date(p.payment_date ?? p.created_at);
  const name = role === 'brand' ? p.creator_name : p.brand_name;
  return (
    <tr>
      <td className="whitespace-nowrap px-4 py-3 text-slate-700">
        <time dateTime={when.toISOString()} title={formatDate(when)}>
          {formatDistanceToNow(when, { addSuffix: true })}
        </time>
      </td>
      <td className="whitespace-nowrap px-4 py-3 font-medium text-slate-900">{formatMoney(Number(p.amount_cents))}</td>
      <td className="px-4 py-3">
        <PaymentStatusBadge status={p.status} />
      </td>
      <td className="px-4 py-3 text-slate-700">{name ?? 'Deleted account'}</td>
      <td className="px-4 py-3">
        {p.deliverable_id ? (
          <Link to={paths.deliverable.getHref(p.deliverable_id)} className="text-brand-700 underline-offset-2 hover:underline">
            {p.campaign_title ?? 'View deliverable'}
          </Link>
        ) : (
          <span className="text-slate-500">Deleted</span>
        )}
      </td>
    </tr>
  );
}
