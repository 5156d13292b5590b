import { useId } from 'react';
import { Badge } from '@/components/ui/badge';
import { Card } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { useFormat } from '@/i18n/format';
import { useT } from '@/i18n/use-t';
import { platformLabel } from '@/lib/format';
import { type RemovedPost, useRemovedPosts } from '../api/removed-posts';
import { adminErrorText } from '../messages/admin-text';
import { adminCatalog } from '../messages/catalog';

const COLUMNS = ['campaign', 'creator', 'brand', 'post', 'found', 'live'] as const;

/**
 * Removed posts (issue 35, decision 0055): delivered posts the delivery-verify function found deleted or
 * made private within their agreed live period, newest first. A table from 640 px, cards below it.
 */
export function RemovedPosts() {
  const f = useFormat();
  const { data, error, isPending } = useRemovedPosts();
  const headingId = useId();
  const { t } = useT(adminCatalog);
  const live = (p: RemovedPost) =>
    p.published_at && p.live_until ? t('admin.removed.live', { from: f.date(p.published_at), until: f.date(p.live_until) }) : t('admin.removed.liveUnknown');
  const removedAs = (p: RemovedPost) => p.removed_as && <Badge tone="red">{t(`admin.removed.as.${p.removed_as}`)}</Badge>;
  const link = (p: RemovedPost) => (
    <a href={p.content_url} target="_blank" rel="noopener noreferrer" className="break-all text-blue-700 underline hover:text-blue-900">
      {p.content_url}
      <span className="sr-only"> ({t('admin.removed.open')})</span>
    </a>
  );
  return (
    <Card className="p-5" id="removed-posts">
      <section aria-labelledby={headingId}>
        <h2 id={headingId} className="text-lg font-semibold text-slate-900">
          {t('admin.removed.title')}
          {data && data.length > 0 && <span className="ml-2 rounded-full bg-red-100 px-2 py-0.5 text-sm font-medium text-red-800">{f.number(data.length)}</span>}
        </h2>
        <p className="mt-1 text-sm text-slate-600">{t('admin.removed.lead')}</p>
        {isPending ? (
          <Spinner className="mt-4" />
        ) : error ? (
          <p role="alert" className="mt-3 text-sm text-red-700">
            {t('admin.removed.loadError', { reason: adminErrorText(t, error) })}
          </p>
        ) : data.length === 0 ? (
          <p className="mt-3 text-sm text-slate-600">{t('admin.removed.empty')}</p>
        ) : (
          <div className="mt-4">
            <table aria-label={t('admin.removed.table')} className="hidden w-full table-fixed text-left text-sm sm:table">
              <thead className="border-b border-slate-200 text-xs uppercase text-slate-500">
                <tr>
                  {COLUMNS.map((c) => (
                    <th key={c} scope="col" className="py-2 pr-3">
                      {t(`admin.removed.column.${c}`)}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {data.map((p) => (
                  <tr key={p.deliverable_id} className="align-top">
                    <td className="break-words py-2 pr-3 font-medium text-slate-900">{p.campaign_title}</td>
                    <td className="break-words py-2 pr-3 text-slate-700">{p.creator_name ?? t('admin.removed.unnamed')}</td>
                    <td className="break-words py-2 pr-3 text-slate-700">{p.brand_name ?? t('admin.removed.unnamed')}</td>
                    <td className="py-2 pr-3">
                      <p className="flex flex-wrap items-center gap-2 text-slate-700">
                        <span>{platformLabel(p.platform)}</span>
                        {removedAs(p)}
                      </p>
                      <p className="mt-1">{link(p)}</p>
                    </td>
                    <td className="py-2 pr-3 text-slate-600">{f.dateTime(p.removed_at)}</td>
                    <td className="py-2 text-slate-600">{live(p)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
            <ul aria-label={t('admin.removed.table')} className="space-y-3 sm:hidden">
              {data.map((p) => (
                <li key={p.deliverable_id} className="rounded-md border border-slate-200 p-3 text-sm">
                  <p className="break-words font-semibold text-slate-900">{p.campaign_title}</p>
                  <p className="mt-1 text-slate-700">
                    {t('admin.removed.column.creator')}: {p.creator_name ?? t('admin.removed.unnamed')}
                  </p>
                  <p className="text-slate-700">
                    {t('admin.removed.column.brand')}: {p.brand_name ?? t('admin.removed.unnamed')}
                  </p>
                  <p className="mt-2 flex flex-wrap items-center gap-2 text-slate-700">
                    <span>{platformLabel(p.platform)}</span>
                    {removedAs(p)}
                  </p>
                  <p className="mt-1">{link(p)}</p>
                  <p className="mt-2 text-xs text-slate-600">
                    {t('admin.removed.column.found')}: {f.dateTime(p.removed_at)}
                  </p>
                  <p className="text-xs text-slate-600">
                    {t('admin.removed.column.live')}: {live(p)}
                  </p>
                </li>
              ))}
            </ul>
          </div>
        )}
      </section>
    </Card>
  );
}
