import { formatDistanceToNow } from 'date-fns';
import { Card } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { formatMoney } from '@/lib/format';
import type { ActivityEvent } from '../api/admin-types';
import { useRecentActivity } from '../api/get-admin-overview';

function describe(e: ActivityEvent): string {
  switch (e.kind) {
    case 'signup':
      return `${e.actor_name} joined as a ${e.subject}`;
    case 'campaign':
      return `${e.actor_name} published "${e.subject}"`;
    case 'application':
      return `${e.actor_name} applied to "${e.subject}"`;
    case 'payment':
      return `${e.actor_name} paid ${formatMoney(e.amount_cents ?? 0)} to ${e.subject}${e.status && e.status !== 'completed' ? ` (${e.status})` : ''}`;
  }
}

/** The latest sign-ups, campaigns, applications and payments, from the database. */
export function RecentActivity() {
  const { data, error, isPending } = useRecentActivity();
  return (
    <Card className="p-5">
      <h2 className="text-lg font-semibold text-slate-900">Recent Activity</h2>
      {isPending ? (
        <Spinner className="mt-4" />
      ) : error ? (
        <p role="alert" className="mt-3 text-sm text-red-700">Could not load recent activity.</p>
      ) : data.length === 0 ? (
        <p className="mt-3 text-sm text-slate-600">No activity yet.</p>
      ) : (
        <ul className="mt-3 divide-y divide-slate-100" aria-label="Recent activity">
          {data.map((e, i) => (
            <li key={`${e.kind}-${e.occurred_at}-${i}`} className="py-2 text-sm">
              <p className="text-slate-800">{describe(e)}</p>
              <p className="text-xs text-slate-500">{formatDistanceToNow(new Date(e.occurred_at), { addSuffix: true })}</p>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
