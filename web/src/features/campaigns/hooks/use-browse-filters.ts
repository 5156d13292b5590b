import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { BrowseFilters } from '../types';
import { readBrowseParams, writeBrowseParams } from '../utils/browse-params';

/**
 * The browse filters kept in the URL's search params: each change is a history entry, so Back and Forward
 * step through searches and a link shares them.
 */
export function useBrowseFilters(): [BrowseFilters, (change: Partial<BrowseFilters>) => void] {
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => readBrowseParams(params), [params]);
  const update = useCallback(
    (change: Partial<BrowseFilters>) => setParams((current) => writeBrowseParams({ ...readBrowseParams(current), ...change })),
    [setParams],
  );
  return [filters, update];
}
