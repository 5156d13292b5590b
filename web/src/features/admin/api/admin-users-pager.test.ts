import { describe, expect, test } from 'vitest';
import { SEARCH_COUNT_CAP } from '@/lib/search-count';
import { ADMIN_PAGE_SIZE, adminUsersPager } from './admin-users-pager';

describe('adminUsersPager', () => {
  test('an exact total gives the page count, and a next page until the last', () => {
    expect(adminUsersPager(0, 0, 1)).toEqual({ pageCount: 1, hasNext: false });
    expect(adminUsersPager(ADMIN_PAGE_SIZE + 1, ADMIN_PAGE_SIZE, 1)).toEqual({ pageCount: 2, hasNext: true });
    expect(adminUsersPager(ADMIN_PAGE_SIZE + 1, 1, 2)).toEqual({ pageCount: 2, hasNext: false });
    expect(adminUsersPager(SEARCH_COUNT_CAP, ADMIN_PAGE_SIZE, 1)).toEqual({ pageCount: SEARCH_COUNT_CAP / ADMIN_PAGE_SIZE, hasNext: true });
  });

  test('a search total past the cap has no page count; a full page says more may follow', () => {
    expect(adminUsersPager(SEARCH_COUNT_CAP + 1, ADMIN_PAGE_SIZE, 150)).toEqual({ pageCount: null, hasNext: true });
    expect(adminUsersPager(SEARCH_COUNT_CAP + 1, 3, 151)).toEqual({ pageCount: null, hasNext: false });
  });
});
