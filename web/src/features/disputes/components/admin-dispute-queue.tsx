import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { useFormat } from '@/i18n/format';
import { useT } from '@/i18n/use-t';
import { useNow } from '@/lib/use-now';
import { useDisputeQueue } from '../api/admin-dispute-queue';
import { disputesCatalog } from '../messages/catalog';
import { ageText, type DisputesT, disputeErrorText, disputeRoleText, reasonText } from '../messages/disputes-text';
import type { QueuedDispute } from '../types';
import { DisputeStatusBadge } from './dispute-status-badge';
import { ResolveDisputeDialog } from './resolve-dispute-dialog';

/**
 * The admin dashboard's dispute queue, oldest first: what each dispute is about, the money it holds and
 * how long it has waited, and Review and resolve (the details, the thread and the decision in a dialog).
 * A table on wide screens, a list of cards on phones; fifty disputes at a time with Load more, and a line
 * that says whether more are waiting or all of them are shown.
 */
export function AdminDisputeQueue() {
  const query = useDisputeQueue();
  const [reviewing, setReviewing] = useState<QueuedDispute | null>(null);
  const headingId = useId();
  const now = useNow();
  const { t } = useT(disputesCatalog);
  const rows = query.data?.pages.flatMap((p) => p.rows) ?? [];
  const { hasNextPage, isFetchingNextPage, isFetchNextPageError } = query;
  return (
    <Card className="p-5">
      <section aria-labelledby={headingId} aria-busy={query.isPending || isFetchingNextPage}>
        <h2 id={headingId} className="text-lg font-semibold text-slate-900">
          {t('disputes.admin.title')}
        </h2>
        <p className="mt-1 text-sm text-slate-600">{t('disputes.admin.subtitle')}</p>
        {query.isPending ? (
          <Spinner className="mt-4" label={t('disputes.admin.loading')} />
        ) : query.isError && rows.length === 0 ? (
          <p role="alert" className="mt-3 text-sm text-red-700">{`${t('disputes.admin.loadError')} ${disputeErrorText(t, query.error)}`}</p>
        ) : rows.length === 0 ? (
          <p className="mt-3 text-sm text-slate-600">{t('disputes.admin.empty')}</p>
        ) : (
          <>
            <QueueTable rows={rows} now={now} onReview={setReviewing} />
            <QueueCards rows={rows} now={now} onReview={setReviewing} />
            <div className="mt-4 flex flex-col items-center gap-2 text-center sm:flex-row sm:justify-between sm:text-left">
              <p className="text-sm text-slate-600" aria-live="polite">
                {t(hasNextPage ? 'disputes.admin.showingSoFar' : 'disputes.admin.showingAll', { count: rows.length })}
              </p>
              {(hasNextPage || isFetchNextPageError) && (
                <Button variant="secondary" size="sm" pending={isFetchingNextPage} onClick={() => void query.fetchNextPage()}>
                  {t(isFetchingNextPage ? 'disputes.admin.loadingMore' : 'disputes.admin.loadMore')}
                </Button>
              )}
            </div>
            {isFetchNextPageError && (
              <p role="alert" className="mt-2 text-center text-sm text-red-700 sm:text-right">
                {`${t('disputes.admin.loadMoreError')} ${disputeErrorText(t, query.error)}`}
              </p>
            )}
          </>
        )}
      </section>
      <ResolveDisputeDialog queued={reviewing} onClose={() => setReviewing(null)} />
    </Card>
  );
}

interface QueueProps {
  rows: QueuedDispute[];
  now: number;
  onReview: (row: QueuedDispute) => void;
}

/** What a row says, the same in the table and the cards. */
function rowTexts(t: DisputesT, row: QueuedDispute, now: number) {
  const gone = t('disputes.deletedUser');
  const campaign = row.campaign_title ?? t('disputes.admin.untitled');
  return {
    campaign,
    parties: t('disputes.admin.partiesValue', { brand: row.brand_name ?? gone, creator: row.creator_name ?? gone }),
    reason: reasonText(t, row.reason),
    openedBy: disputeRoleText(t, row.opened_by_role),
    age: ageText(t, row.created_at, new Date(now)),
    reviewLabel: t('disputes.admin.reviewLabel', { campaign }),
  };
}

function QueueTable({ rows, now, onReview }: QueueProps) {
  const f = useFormat();
  const { t } = useT(disputesCatalog);
  const headers = ['campaign', 'parties', 'reason', 'openedBy', 'atStake', 'age', 'status'] as const;
  return (
    <div className="mt-4 hidden overflow-x-auto lg:block">
      <table aria-label={t('disputes.admin.list')} className="w-full text-left text-sm">
        <thead className="border-b border-slate-200 text-xs uppercase text-slate-500">
          <tr>
            {headers.map((h) => (
              <th key={h} scope="col" className={h === 'atStake' ? 'py-2 pr-3 text-right' : 'py-2 pr-3'}>
                {t(`disputes.admin.${h}`)}
              </th>
            ))}
            <th scope="col" className="py-2 text-right">
              <span className="sr-only">{t('disputes.admin.actions')}</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {rows.map((row) => {
            const x = rowTexts(t, row, now);
            return (
              <tr key={row.id}>
                <th scope="row" className="py-3 pr-3 font-medium text-slate-900">
                  {x.campaign}
                </th>
                <td className="py-3 pr-3 text-slate-700">{x.parties}</td>
                <td className="py-3 pr-3 text-slate-700">{x.reason}</td>
                <td className="py-3 pr-3 text-slate-700">{x.openedBy}</td>
                <td className="py-3 pr-3 text-right font-semibold whitespace-nowrap text-slate-900">{f.money(Number(row.held_cents))}</td>
                <td className="py-3 pr-3 whitespace-nowrap text-slate-700">{x.age}</td>
                <td className="py-3 pr-3">
                  <DisputeStatusBadge status={row.status} />
                </td>
                <td className="py-3 text-right">
                  <Button size="sm" className="whitespace-nowrap" aria-label={x.reviewLabel} onClick={() => onReview(row)}>
                    {t('disputes.admin.review')}
                  </Button>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

function QueueCards({ rows, now, onReview }: QueueProps) {
  const f = useFormat();
  const { t } = useT(disputesCatalog);
  return (
    <ul aria-label={t('disputes.admin.list')} className="mt-4 space-y-3 lg:hidden">
      {rows.map((row) => {
        const x = rowTexts(t, row, now);
        return (
          <li key={row.id} className="rounded-md border border-slate-200 p-4">
            <div className="flex flex-wrap items-start justify-between gap-2">
              <p className="font-medium text-slate-900">{x.campaign}</p>
              <DisputeStatusBadge status={row.status} />
            </div>
            <p className="mt-1 text-sm text-slate-700">{x.parties}</p>
            <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-2 text-sm">
              <CardItem label={t('disputes.admin.reason')} value={x.reason} />
              <CardItem label={t('disputes.admin.openedBy')} value={x.openedBy} />
              <CardItem label={t('disputes.admin.atStake')} value={f.money(Number(row.held_cents))} strong />
              <CardItem label={t('disputes.admin.age')} value={x.age} />
            </dl>
            <Button size="sm" className="mt-3 w-full" aria-label={x.reviewLabel} onClick={() => onReview(row)}>
              {t('disputes.admin.review')}
            </Button>
          </li>
        );
      })}
    </ul>
  );
}

function CardItem({ label, value, strong }: { label: string; value: string; strong?: boolean }) {
  return (
    <div>
      <dt className="text-xs text-slate-600">{label}</dt>
      <dd className={strong ? 'font-semibold text-slate-900' : 'text-slate-800'}>{value}</dd>
    </div>
  );
}
