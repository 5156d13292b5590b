import { Card } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { type Formatters, useFormat } from '@/i18n/format';
import { useT } from '@/i18n/use-t';
import type { ActivityEvent } from '../api/admin-types';
import { useRecentActivity } from '../api/get-admin-overview';
import type { AdminT } from '../messages/admin-text';
import { adminCatalog } from '../messages/catalog';

/** One event as a sentence; names, titles and the role or status come from the database as arguments. */
function describe(e: ActivityEvent, t: AdminT, f: Formatters): string {
  switch (e.kind) {
    case 'signup':
      return t('admin.activity.signup', { actor: e.actor_name, role: e.subject });
    case 'campaign':
      return t('admin.activity.campaign', { actor: e.actor_name, campaign: e.subject });
    case 'application':
      return t('admin.activity.application', { actor: e.actor_name, campaign: e.subject });
    case 'payment': {
      // A payment outlives a deleted brand or creator: the database then gives no name for them.
      const gone = t('admin.activity.deletedUser');
      const values = { actor: e.actor_name ?? gone, amount: f.money(e.amount_cents ?? 0), creator: e.subject ?? gone };
      return e.status && e.status !== 'completed' ? t('admin.activity.paymentStatus', { ...values, status: e.status }) : t('admin.activity.payment', values);
    }
  }
}

/** The latest sign-ups, campaigns, applications and payments, from the database. */
export function RecentActivity() {
  const f = useFormat();
  const { data, error, isPending } = useRecentActivity();
  const { t } = useT(adminCatalog);
  return (
    <Card className="p-5">
      <h2 className="text-lg font-semibold text-slate-900">{t('admin.activity.title')}</h2>
      {isPending ? (
        <Spinner className="mt-4" />
      ) : error ? (
        <p role="alert" className="mt-3 text-sm text-red-700">
          {t('admin.activity.loadError')}
        </p>
      ) : data.length === 0 ? (
        <p className="mt-3 text-sm text-slate-600">{t('admin.activity.empty')}</p>
      ) : (
        <ul className="mt-3 divide-y divide-slate-100" aria-label={t('admin.activity.list')}>
          {data.map((e, i) => (
            <li key={`${e.kind}-${e.occurred_at}-${i}`} className="py-2 text-sm">
              <p className="text-slate-800">{describe(e, t, f)}</p>
              <p className="text-xs text-slate-500">{f.relative(e.occurred_at)}</p>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
