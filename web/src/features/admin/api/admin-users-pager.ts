import { isCountCapped } from '@/lib/search-count';

export const ADMIN_PAGE_SIZE = 10;

/**
 * The pager of one page: pages in all and whether another follows. A search total past the cap is not
 * exact, so then only a full page says that more may follow.
 */
export function adminUsersPager(total: number, rowsOnPage: number, page: number): { pageCount: number | null; hasNext: boolean } {
  if (isCountCapped(total)) return { pageCount: null, hasNext: rowsOnPage === ADMIN_PAGE_SIZE };
  const pageCount = Math.max(1, Math.ceil(total / ADMIN_PAGE_SIZE));
  return { pageCount, hasNext: page < pageCount };
}
