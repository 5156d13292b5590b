import { Card } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { useFormat } from '@/i18n/format';
import { useT } from '@/i18n/use-t';
import type { PlatformHealth as Health } from '../api/admin-types';
import { usePlatformHealth } from '../api/get-admin-overview';
import { adminCatalog } from '../messages/catalog';
import type en from '../messages/en.json';

/** A figure's label, its value written with the reader's number format, and when it needs attention. */
type Row = [label: keyof typeof en, value: (h: Health, n: (x: number) => string) => string, warn?: (h: Health) => boolean];

const ROWS: Row[] = [
  ['admin.health.newUsers', (h, n) => n(h.new_users_7d)],
  ['admin.health.activeCampaigns', (h, n) => n(h.campaigns_by_status.active)],
  ['admin.health.otherCampaigns', ({ campaigns_by_status: c }, n) => `${n(c.draft)} / ${n(c.paused)} / ${n(c.completed)}`],
  ['admin.health.pendingApplications', (h, n) => n(h.pending_applications)],
  ['admin.health.contentAwaitingReview', (h, n) => n(h.deliverables_awaiting_review)],
  ['admin.health.pendingPayments', (h, n) => n(h.pending_payments)],
  ['admin.health.failedPayments', (h, n) => n(h.failed_payments_30d), (h) => h.failed_payments_30d > 0],
  ['admin.health.overdueCampaigns', (h, n) => n(h.overdue_active_campaigns), (h) => h.overdue_active_campaigns > 0],
];

/** Live figures that need an admin's eye: queues, failures, overdue campaigns. */
export function PlatformHealth() {
  const f = useFormat();
  const { data, error, isPending } = usePlatformHealth();
  const { t } = useT(adminCatalog);
  return (
    <Card className="p-5">
      <h2 className="text-lg font-semibold text-slate-900">{t('admin.health.title')}</h2>
      {isPending ? (
        <Spinner className="mt-4" />
      ) : error ? (
        <p role="alert" className="mt-3 text-sm text-red-700">
          {t('admin.health.loadError')}
        </p>
      ) : (
        <dl className="mt-3 divide-y divide-slate-100 text-sm">
          {ROWS.map(([label, value, warn]) => (
            <div key={label} className="flex items-center justify-between gap-4 py-2">
              <dt className="text-slate-700">{t(label)}</dt>
              <dd className={warn?.(data) ? 'font-semibold text-red-700' : 'font-semibold text-slate-900'}>{value(data, f.number)}</dd>
            </div>
          ))}
        </dl>
      )}
    </Card>
  );
}
