import { useEffect, useRef } from 'react';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useBrowseCampaignPages, useBrowseCampaignsCount } from '../api/browse-campaigns';
import { useBrowseFilters } from '../hooks/use-browse-filters';
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
  const campaigns = pages.data?.pages.flat() ?? [];
  // A failed next page keeps the rows already shown (with its own Retry below them).
  const failed = (pages.isError && !pages.isFetchNextPageError) || count.isError;

  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-bold text-slate-900">Browse Campaigns</h1>
        <p className="mt-1 text-sm text-slate-600">Find campaigns that match your content and apply with a short pitch.</p>
      </div>
      <CampaignFilters filters={filters} onChange={setFilters} />
      {failed ? (
        <div role="alert" className="rounded-lg border border-red-200 bg-red-50 p-6 text-center">
          <p className="font-medium text-red-900">Failed to load campaigns</p>
          <Button variant="secondary" className="mt-3" onClick={() => window.location.reload()}>
            Retry
          </Button>
        </div>
      ) : pages.isPending ? (
        <div className="flex justify-center py-12 text-brand-600">
          <Spinner label="Loading campaigns..." />
        </div>
      ) : (
        <>
          <p role="status" className="text-sm text-slate-700">
            {count.data === undefined ? 'Counting campaigns...' : `Showing ${count.data} ${count.data === 1 ? 'campaign' : 'campaigns'}`}
          </p>
          {campaigns.length === 0 ? (
            <p className="rounded-lg border border-dashed border-slate-300 bg-white p-10 text-center text-slate-600">No campaigns found matching your filters</p>
          ) : (
            <ul aria-label="Campaigns" className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
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
              <Spinner label="Loading more campaigns..." />
            </div>
          )}
          {pages.isFetchNextPageError && (
            <div role="alert" className="text-center text-sm text-red-800">
              Failed to load campaigns{' '}
              <Button variant="secondary" size="sm" onClick={() => void pages.fetchNextPage()}>
                Retry
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
