import { useEffect, useId, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useT } from '@/i18n/use-t';
import { useDiscoverCreators } from '../api/discover-creators';
import {
  DISCOVER_SORTS,
  emptyFilters,
  filtersFromSearchParams,
  filtersToSearchParams,
  hasPanelFilters,
  type DiscoverFilters,
  type DiscoverSort,
} from '../utils/discover-filters';
import { creatorsCatalog } from '../messages/catalog';
import { creatorsErrorText } from '../messages/creators-text';
import { CreatorCard } from './creator-card';
import { CreatorFiltersPanel } from './creator-filters-panel';

/** Typing and sliding settle for this long before the URL (and so the query) changes. */
const SETTLE_MS = 300;

/**
 * Discover Creators: search by name or username, a sort (most followers, or verified reach: decision
 * 0054), a filters panel behind a toggle, and the grid of creators. The filters live in the URL; more cards load as the end of the grid
 * comes into view (keyset pages from the api), with a Load more button for keyboards and old browsers.
 */
export function DiscoverCreators() {
  const [params, setParams] = useSearchParams();
  const applied = filtersFromSearchParams(params);
  // What the controls show right now; the URL follows once typing or sliding has settled.
  const [draft, setDraft] = useState<DiscoverFilters>(applied);
  const [panelOpen, setPanelOpen] = useState(hasPanelFilters(applied));
  const panelId = useId();
  const searchId = useId();
  const sortId = useId();

  const appliedKey = filtersToSearchParams(applied).toString();
  const draftKey = filtersToSearchParams(draft).toString();
  useEffect(() => {
    if (draftKey === appliedKey) return;
    const t = setTimeout(() => setParams(filtersToSearchParams(draft), { replace: true }), SETTLE_MS);
    return () => clearTimeout(t);
    // draftKey stands for draft (same content); appliedKey changes when the URL does.
  }, [draftKey, appliedKey]);

  // Back/forward navigation changes the URL under us: show what it says.
  const lastApplied = useRef(appliedKey);
  useEffect(() => {
    if (lastApplied.current !== appliedKey) {
      lastApplied.current = appliedKey;
      setDraft(filtersFromSearchParams(new URLSearchParams(appliedKey)));
    }
  }, [appliedKey]);

  const query = useDiscoverCreators(applied);
  const creators = query.data?.pages.flat() ?? [];

  const sentinel = useRef<HTMLDivElement>(null);
  const { hasNextPage, isFetchingNextPage, fetchNextPage, isFetchNextPageError } = query;
  useEffect(() => {
    const el = sentinel.current;
    // After a failed page, wait for the user's Load more instead of retrying in a loop.
    if (!el || !hasNextPage || isFetchNextPageError || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting) && !isFetchingNextPage) void fetchNextPage();
    }, { rootMargin: '400px' });
    observer.observe(el);
    return () => observer.disconnect();
  }, [hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage]);
  // Last hook (i18n/use-t.ts explains why).
  const { t } = useT(creatorsCatalog);

  const clear = () => {
    setDraft(emptyFilters);
    setParams(new URLSearchParams(), { replace: true });
  };

  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-bold text-slate-900">{t('creators.discover.title')}</h1>
        <p className="mt-1 text-slate-600">{t('creators.discover.subtitle')}</p>
      </div>

      <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <div className="flex-1">
          <label htmlFor={searchId} className="block text-sm font-medium text-slate-800">
            {t('creators.discover.search')}
          </label>
          <input
            id={searchId}
            type="search"
            value={draft.search}
            onChange={(e) => setDraft((d) => ({ ...d, search: e.target.value }))}
            placeholder={t('creators.discover.searchPlaceholder')}
            className="mt-1 block h-10 w-full rounded-md border border-slate-300 bg-white px-3 text-sm text-slate-900 placeholder:text-slate-500"
          />
        </div>
        <div className="sm:w-48">
          <label htmlFor={sortId} className="block text-sm font-medium text-slate-800">
            {t('creators.discover.sort')}
          </label>
          <select
            id={sortId}
            value={draft.sort}
            onChange={(e) => setDraft((d) => ({ ...d, sort: e.target.value as DiscoverSort }))}
            className="mt-1 block h-10 w-full rounded-md border border-slate-300 bg-white px-3 text-sm text-slate-900"
          >
            {DISCOVER_SORTS.map((s) => (
              <option key={s} value={s}>
                {t(`creators.discover.sort.${s}`)}
              </option>
            ))}
          </select>
        </div>
        <Button variant="secondary" aria-expanded={panelOpen} aria-controls={panelId} onClick={() => setPanelOpen((o) => !o)}>
          {t(panelOpen ? 'creators.discover.hideFilters' : 'creators.discover.showFilters')}
        </Button>
      </div>

      {panelOpen && (
        <CreatorFiltersPanel id={panelId} value={draft} onChange={(patch) => setDraft((d) => ({ ...d, ...patch }))} onClear={clear} />
      )}

      <section aria-label={t('creators.discover.results')} aria-busy={query.isPending}>
        {query.isPending ? (
          <Spinner label={t('creators.discover.loading')} />
        ) : query.isError && !query.data ? (
          <div role="alert" className="rounded-md bg-red-50 p-4 text-sm text-red-800">
            <p>{t('creators.discover.error', { reason: creatorsErrorText(t, query.error) })}</p>
            <Button variant="secondary" size="sm" className="mt-3" onClick={() => void query.refetch()}>
              {t('creators.discover.retry')}
            </Button>
          </div>
        ) : creators.length === 0 ? (
          <div className="rounded-lg border border-dashed border-slate-300 bg-white p-10 text-center">
            <p className="font-medium text-slate-900">{t('creators.discover.empty.title')}</p>
            <p className="mt-1 text-sm text-slate-600">{t('creators.discover.empty.text')}</p>
          </div>
        ) : (
          <>
            <p className="mb-3 text-sm text-slate-600" aria-live="polite">
              {t(hasNextPage ? 'creators.discover.showingSoFar' : 'creators.discover.showing', { count: creators.length })}
            </p>
            <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
              {creators.map((c) => (
                <li key={c.id}>
                  <CreatorCard creator={c} />
                </li>
              ))}
            </ul>
            <div ref={sentinel} className="mt-6 flex justify-center">
              {isFetchingNextPage ? (
                <Spinner label={t('creators.discover.loadingMore')} />
              ) : hasNextPage || query.isFetchNextPageError ? (
                <Button variant="secondary" onClick={() => void fetchNextPage()}>
                  {t('creators.discover.loadMore')}
                </Button>
              ) : null}
            </div>
            {query.isFetchNextPageError && (
              <p role="alert" className="mt-2 text-center text-sm text-red-700">
                {t('creators.discover.loadMoreError')}
              </p>
            )}
          </>
        )}
      </section>
    </div>
  );
}
