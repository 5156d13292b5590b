import { useDeferredValue, useEffect, useMemo, useRef } from 'react';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useFormat } from '@/i18n/format';
import { useT } from '@/i18n/use-t';
import { isCountCapped, SEARCH_COUNT_CAP } from '@/lib/search-count';
import { useBrowseCampaignPages, useBrowseCampaignsCount } from '../api/browse-campaigns';
import { useBrowseFilters } from '../hooks/use-browse-filters';
import { campaignsCatalog } from '../messages/catalog';
import { CampaignCard } from './campaign-card';
import { CampaignFilters } from './campaign-filters';

/** Placeholder cards that reserve the next rows: 6 fill whole rows at 1, 2 and 3 columns (2 shown on phones). */
const PLACEHOLDERS = 6;
/** Cards rendered with the page's first render: two rows at three columns, more than a screen at every width. */
const FIRST_CARDS = 6;
const NONE: never[] = [];

/**
 * Browse Campaigns: filters in the URL, the real number of matches, and the list loading page after page
 * (keyset pages) as its end comes near: no pagination is shown (spec).
 *
 * No layout shift while it grows: nothing that stays on the page sits below the list's end. While more
 * pages exist the list ends in placeholder cards (with "Loading more campaigns..."), keyed by the page
 * count, so when a page arrives its cards and the next placeholders are new elements and the old
 * placeholders go; the end-of-list text and a failed page's Retry are new elements too. Elements that
 * appear or disappear are not shifts; only elements that move are, and none above the end moves.
 */
export function CampaignsBrowser({ isCreator }: { isCreator: boolean }) {
  const [filters, setFilters] = useBrowseFilters();
  const pages = useBrowseCampaignPages(filters);
  const count = useBrowseCampaignsCount(filters);
  const f = useFormat();
  const campaigns = useMemo(() => pages.data?.pages.flat() ?? NONE, [pages.data]);
  // The cards past the first screen render in a background render of their own (decision 0037): the
  // render that puts the list on screen (the takeover of the snapshot or shell, or a page arriving) is then
  // a third of the work, and input is handled between the two instead of after one long task.
  const deferred = useDeferredValue(campaigns, NONE);
  const { t } = useT(campaignsCatalog);
  const shown = deferred === campaigns || deferred.length >= FIRST_CARDS ? deferred : campaigns.slice(0, FIRST_CARDS);
  const allShown = shown.length === campaigns.length;
  // A failed next page keeps the rows already shown (with its own Retry below them).
  const failed = (pages.isError && !pages.isFetchNextPageError) || count.isError;
  const pageCount = pages.data?.pages.length ?? 0;
  // While a retry runs the query is still in error: the placeholders show, not the error.
  const nextPageFailed = pages.isFetchNextPageError && !pages.isFetchingNextPage;

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
        // The first page: the count's line and a grid of placeholder cards hold the places of what comes.
        <div aria-busy="true" className="space-y-6">
          <p className="text-sm text-slate-700">
            <Spinner size="sm" label={t('campaigns.loading')} className="align-middle text-brand-600" />
          </p>
          <ul aria-hidden="true" className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
            <CardPlaceholders />
          </ul>
        </div>
      ) : (
        <>
          <p role="status" className="text-sm text-slate-700">
            {count.data === undefined
              ? t('campaigns.browse.counting')
              : isCountCapped(count.data)
                ? t('campaigns.browse.showingMore', { cap: f.number(SEARCH_COUNT_CAP) })
                : t('campaigns.browse.showing', { count: count.data })}
          </p>
          {campaigns.length === 0 ? (
            <p className="rounded-lg border border-dashed border-slate-300 bg-white p-10 text-center text-slate-600">{t('campaigns.browse.empty')}</p>
          ) : (
            <ul aria-label={t('campaigns.browse.list')} aria-busy={pages.isFetchingNextPage} className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
              {shown.map((c) => (
                <li key={c.id}>
                  <CampaignCard campaign={c} isCreator={isCreator} />
                </li>
              ))}
              {/* The next page is asked for once every card is on the page, not while the rest renders. */}
              {!allShown && <CardPlaceholders />}
              {pages.hasNextPage && !nextPageFailed && allShown && (
                <NextPagePlaceholders
                  key={pageCount}
                  label={t('campaigns.browse.loadingMore')}
                  // Never asks again by itself while a page is on its way or after one failed (Retry does).
                  onNear={() => {
                    if (!pages.isFetchingNextPage && !pages.isFetchNextPageError) void pages.fetchNextPage();
                  }}
                />
              )}
            </ul>
          )}
          {/* For screen readers; clipped to nothing, so it never shifts anything as the list grows. */}
          <p role="status" className="sr-only">
            {pages.isFetchingNextPage ? t('campaigns.browse.loadingMore') : ''}
          </p>
          {nextPageFailed && (
            <div role="alert" className="flex flex-wrap items-center justify-center gap-3 rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-900">
              {t('campaigns.browse.moreFailed')}
              <Button variant="secondary" size="sm" onClick={() => void pages.fetchNextPage()}>
                {t('campaigns.retry')}
              </Button>
            </div>
          )}
          {!pages.hasNextPage && allShown && campaigns.length > 0 && <p className="py-4 text-center text-sm text-slate-500">{t('campaigns.browse.end')}</p>}
        </>
      )}
    </div>
  );
}

/** Grey cards the size of a campaign card, for places a page will fill. */
function CardPlaceholders() {
  return Array.from({ length: PLACEHOLDERS }, (_, i) => (
    <li key={i} aria-hidden="true" className={i < 2 ? undefined : 'hidden sm:block'}>
      <div className="h-full min-h-80 animate-pulse rounded-lg border border-slate-200 bg-white p-5">
        <div className="h-5 w-20 rounded-full bg-slate-200" />
        <div className="mt-3 h-6 w-3/4 rounded bg-slate-200" />
        <div className="mt-2 h-4 w-1/3 rounded bg-slate-100" />
        <div className="mt-4 h-4 rounded bg-slate-100" />
        <div className="mt-2 h-4 w-5/6 rounded bg-slate-100" />
        <div className="mt-8 h-10 rounded-md bg-slate-200" />
      </div>
    </li>
  ));
}

/**
 * The list's end while more pages exist: "Loading more campaigns..." and a row of placeholder cards. When
 * it comes within 600 px of the viewport it asks for the next page; keyed by the page count by its
 * parent, so each page gets a fresh one (and a fresh observer: a page too short to fill the screen still
 * leads to the next).
 */
function NextPagePlaceholders({ label, onNear }: { label: string; onNear: () => void }) {
  const ref = useRef<HTMLLIElement>(null);
  const callback = useRef(onNear);
  useEffect(() => {
    callback.current = onNear;
  });
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) callback.current();
      },
      { rootMargin: '600px 0px' },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  return (
    <>
      {/* Seen, not read out: the list's live region (sr-only, below) says it while a page is on its way. */}
      <li ref={ref} aria-hidden="true" className="col-span-full flex items-center justify-center gap-2 py-2 text-sm text-slate-600">
        <Spinner size="sm" label={null} className="text-brand-600" />
        {label}
      </li>
      <CardPlaceholders />
    </>
  );
}
