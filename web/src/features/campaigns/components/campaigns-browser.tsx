import { useEffect, useRef } from 'react';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useT } from '@/i18n/use-t';
import { useBrowseCampaignPages, useBrowseCampaignsCount } from '../api/browse-campaigns';
import { useBrowseFilters } from '../hooks/use-browse-filters';
import { campaignsCatalog } from '../messages/catalog';
import { CampaignCard } from './campaign-card';
import { CampaignFilters } from './campaign-filters';

/**
 * Browse Campaigns: filters in the URL, the real number of matches, and the list loading page after page
 * as its end scrolls into view (keyset pages, so a large list never shows a blank page).
 */
export function CampaignsBrowser({ isCreator }: { isCreator: boolean }) {
  const [filters, setFilters] = useBrowseFilters();
  const pages = useBrowseCampaignPages(filters);
  const count = useBrowseCampaignsCount(filters);
  // The last hook: see useT's note in messages/catalog.ts.
  const { t } = useT(campaignsCatalog);
  const campaigns = pages.data?.pages.flat() ?? [];
  // A failed next page keeps the rows already shown (with its own Retry below them).
  const failed = (pages.isError && !pages.isFetchNextPageError) || count.isError;

  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-bold text-slate-900">{t('campaigns.browse.title')}</h1>
        <p className="mt-1 text-sm text-slate-600">{t('campaigns.browse.lead')}</p>
      </div>
      <CampaignFilters filters={filters} onChange={setFilters} />
      {failed ? (
        <div role="alert" className="rounded-lg border border-red-200 bg-red-50 p-6 text-center">
          <p className="font-medium text-red-900">{t('campaigns.loadFailed')}</p>
          <Button variant="secondary" className="mt-3" onClick={() => window.location.reload()}>
            {t('campaigns.retry')}
          </Button>
        </div>
      ) : pages.isPending ? (
        <div className="flex justify-center py-12 text-brand-600">
          <Spinner label={t('campaigns.loading')} />
        </div>
      ) : (
        <>
          <p role="status" className="text-sm text-slate-700">
            {count.data === undefined ? t('campaigns.browse.counting') : t('campaigns.browse.showing', { count: count.data })}
          </p>
          {campaigns.length === 0 ? (
            <p className="rounded-lg border border-dashed border-slate-300 bg-white p-10 text-center text-slate-600">{t('campaigns.browse.empty')}</p>
          ) : (
            <ul aria-label={t('campaigns.browse.list')} className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
              {campaigns.map((c) => (
                <li key={c.id}>
                  <CampaignCard campaign={c} isCreator={isCreator} />
                </li>
              ))}
            </ul>
          )}
          <LoadMoreSentinel
            enabled={pages.hasNextPage && !pages.isFetchingNextPage}
            onVisible={() => void pages.fetchNextPage()}
            pageCount={pages.data.pages.length}
          />
          {pages.isFetchingNextPage && (
            <div className="flex justify-center py-4 text-brand-600">
              <Spinner label={t('campaigns.browse.loadingMore')} />
            </div>
          )}
          {pages.isFetchNextPageError && (
            <div role="alert" className="text-center text-sm text-red-800">
              {t('campaigns.loadFailed')}{' '}
              <Button variant="secondary" size="sm" onClick={() => void pages.fetchNextPage()}>
                {t('campaigns.retry')}
              </Button>
            </div>
          )}
        </>
      )}
    </div>
  );
}

/**
 * An empty element after the list that asks for the next page when it comes near the viewport. The
 * observer is rebuilt after each page, so a page too short to fill the screen still leads to the next.
 */
function LoadMoreSentinel({ enabled, onVisible, pageCount }: { enabled: boolean; onVisible: () => void; pageCount: number }) {
  const ref = useRef<HTMLDivElement>(null);
  const callback = useRef(onVisible);
  useEffect(() => {
    callback.current = onVisible;
  });
  useEffect(() => {
    const el = ref.current;
    if (!el || !enabled) return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) callback.current();
    }, { rootMargin: '400px 0px' });
    observer.observe(el);
    return () => observer.disconnect();
  }, [enabled, pageCount]);
  return <div ref={ref} aria-hidden="true" className="h-px" />;
}
