import { InfiniteQueryObserver, QueryClient } from '@tanstack/react-query';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { CampaignListItem } from '@/types/api';

const rpc = vi.fn();
vi.mock('@/lib/supabase', () => ({ rpc: (...args: unknown[]) => rpc(...args) }));

const { BROWSE_PAGE_SIZE, browseCampaignPagesQueryOptions } = await import('./browse-campaigns');

const row = (n: number) => ({ id: `id-${n}`, created_at: `2026-11-${String(30 - (n % 30)).padStart(2, '0')}T00:00:00Z` }) as CampaignListItem;
const page = (from: number, size: number) => Array.from({ length: size }, (_, i) => row(from + i));
const filters = { keyword: ' serum ', contentType: 'video', platform: '' };

describe('the browse grid pages (keyset)', () => {
  beforeEach(() => rpc.mockReset());

  it('continues after the last row of a full page and stops after a short or empty one', () => {
    const next = browseCampaignPagesQueryOptions(filters).getNextPageParam!;
    const full = page(0, BROWSE_PAGE_SIZE);
    const last = full[full.length - 1]!;
    expect(next(full, [full], null, [null])).toEqual({ after_created_at: last.created_at, after_id: last.id });
    expect(next(page(0, BROWSE_PAGE_SIZE - 1), [], null, [])).toBeUndefined();
    expect(next([], [], null, [])).toBeUndefined();
  });

  it('asks api.browse_campaigns for each page with the filters and the cursor, and keeps pages in order', async () => {
    rpc.mockResolvedValueOnce(page(0, BROWSE_PAGE_SIZE)).mockResolvedValueOnce(page(BROWSE_PAGE_SIZE, 5));
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const options = browseCampaignPagesQueryOptions(filters);
    const observer = new InfiniteQueryObserver(client, options);
    const unsubscribe = observer.subscribe(() => undefined);
    await vi.waitFor(() => expect(observer.getCurrentResult().isSuccess).toBe(true));
    const result = await observer.fetchNextPage();
    unsubscribe();
    expect(result.hasNextPage).toBe(false);
    const data = result.data!;
    expect(data.pages.map((p) => p.length)).toEqual([BROWSE_PAGE_SIZE, 5]);
    const cursor = row(BROWSE_PAGE_SIZE - 1);
    expect(rpc.mock.calls).toEqual([
      ['browse_campaigns', { keyword: 'serum', content_type: 'video', platform: null, after_created_at: null, after_id: null, page_size: BROWSE_PAGE_SIZE }],
      ['browse_campaigns', { keyword: 'serum', content_type: 'video', platform: null, after_created_at: cursor.created_at, after_id: cursor.id, page_size: BROWSE_PAGE_SIZE }],
    ]);
  });
});
