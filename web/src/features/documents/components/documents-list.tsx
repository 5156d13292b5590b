import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { useFormat } from '@/i18n/format';
import { useT } from '@/i18n/use-t';
import { type MyDocument, useDownloadDocument, useMyDocuments } from '../api/my-documents';
import { documentsCatalog } from '../messages/catalog';

/** The language tags the app formats dates in (i18n/format.ts uses the same). */
const LOCALE_TAGS: Record<string, string> = { es: 'es-419', en: 'en-US', pt: 'pt-BR' };

/**
 * A brand's receipts or a creator's monthly statements (decision 0057), each with its number and a
 * download of the private PDF. A document whose PDF is still being drawn shows "Preparing...".
 */
export function DocumentsList({ role }: { role: 'brand' | 'creator' }) {
  const query = useMyDocuments();
  const documents = query.data?.pages.flatMap((p) => p.rows) ?? [];
  const download = useDownloadDocument();
  const f = useFormat();
  const { t, locale } = useT(documentsCatalog);
  const title = t(role === 'brand' ? 'documents.receipts.title' : 'documents.statements.title');
  const kindLabel = (d: MyDocument) =>
    t(d.kind === 'refund_receipt' ? 'documents.kind.refund_receipt' : d.kind === 'statement' ? 'documents.kind.statement' : 'documents.kind.receipt');
  const detail = (d: MyDocument) =>
    d.kind === 'statement' && d.period_start
      ? t('documents.statement.period', {
          month: new Intl.DateTimeFormat(LOCALE_TAGS[locale] ?? 'es-419', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${d.period_start}T00:00:00Z`)),
        })
      : [d.campaign_title, d.amount_cents === null ? null : f.money(d.amount_cents)].filter(Boolean).join(' · ');
  return (
    <section aria-labelledby="documents-title" className="space-y-3">
      <h2 id="documents-title" className="text-lg font-semibold text-slate-900">{title}</h2>
      <Card className="overflow-hidden">
        {query.isPending ? (
          <div className="p-6">
            <Spinner label={t('documents.loading')} />
          </div>
        ) : query.isError ? (
          <p role="alert" className="p-6 text-sm text-red-800">{t('documents.loadError')}</p>
        ) : documents.length === 0 ? (
          <p className="p-6 text-sm text-slate-600">{t(role === 'brand' ? 'documents.receipts.empty' : 'documents.statements.empty')}</p>
        ) : (
          <>
          <ul className="divide-y divide-slate-200">
            {documents.map((d) => (
              <li key={d.id} className="flex flex-col gap-2 p-4 sm:flex-row sm:items-center sm:justify-between">
                <div className="min-w-0">
                  <p className="font-medium text-slate-900">
                    {kindLabel(d)} <span className="font-mono">{d.document_number}</span>
                  </p>
                  <p className="break-words text-sm text-slate-600">
                    {f.date(d.created_at)}
                    {detail(d) ? ` · ${detail(d)}` : ''}
                  </p>
                </div>
                {d.storage_path ? (
                  <Button
                    variant="secondary"
                    size="sm"
                    aria-label={`${t('documents.download')} ${d.document_number}`}
                    disabled={download.isPending}
                    onClick={() => download.mutate(d)}
                  >
                    {t('documents.download')}
                  </Button>
                ) : (
                  <span className="text-sm text-slate-500">{t('documents.preparing')}</span>
                )}
              </li>
            ))}
          </ul>
          {query.hasNextPage && (
            <div className="border-t border-slate-200 p-4">
              <Button variant="secondary" pending={query.isFetchingNextPage} onClick={() => void query.fetchNextPage()}>
                {t(query.isFetchingNextPage ? 'documents.loadingMore' : 'documents.more')}
              </Button>
            </div>
          )}
          </>
        )}
        {download.isError ? <p role="alert" className="px-4 pb-4 text-sm text-red-800">{t('documents.downloadError')}</p> : null}
      </Card>
    </section>
  );
}
