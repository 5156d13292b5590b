import { Card } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { usePlatformHealth } from '../api/get-admin-overview';

/** Live figures that need an admin's eye: queues, failures, overdue campaigns. */
export function PlatformHealth() {
  const { data, error, isPending } = usePlatformHealth();
  const rows: Array<[string, number, boolean?]> = data
    ? [
        ['New users (last 7 days)', data.new_users_7d],
        ['Active campaigns', data.campaigns_by_status.active],
        ['Draft / paused / completed campaigns', -1],
        ['Applications awaiting a decision', data.pending_applications],
        ['Content awaiting review', data.deliverables_awaiting_review],
        ['Pending payments', data.pending_payments],
        ['Failed payments (last 30 days)', data.failed_payments_30d, data.failed_payments_30d > 0],
        ['Active campaigns past their deadline', data.overdue_active_campaigns, data.overdue_active_campaigns > 0],
      ]
    : [];
  return (
    <Card className="p-5">
      <h2 className="text-lg font-semibold text-slate-900">Platform Health</h2>
      {isPending ? (
        <Spinner className="mt-4" />
      ) : error ? (
        <p role="alert" className="mt-3 text-sm text-red-700">Could not load platform health.</p>
      ) : (
        <dl className="mt-3 divide-y divide-slate-100 text-sm">
          {rows.map(([label, value, warn]) => (
            <div key={label} className="flex items-center justify-between gap-4 py-2">
              <dt className="text-slate-700">{label}</dt>
              <dd className={warn ? 'font-semibold text-red-700' : 'font-semibold text-slate-900'}>
                {value === -1
                  ? `${data.campaigns_by_status.draft} / ${data.campaigns_by_status.paused} / ${data.campaigns_by_status.completed}`
                  : value.toLocaleString('en-US')}
              </dd>
            </div>
          ))}
        </dl>
      )}
    </Card>
  );
}
