import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { PUBLIC_CAMPAIGN_DATA_ID } from '@/config/public-campaign-page';
import { campaignKeys } from '@/lib/query-keys';
import { rpc } from '@/lib/supabase';
import type { PublicCampaign, PublicCampaignDetail } from '@/types/api';

/** Rows per page of the public list. */
export const PUBLIC_PAGE_SIZE = 20;

type Cursor = { after_created_at: string; after_id: string } | null;

/** api.public_campaigns: active campaigns for anyone, newest first; the next page starts after the last row. */
export function publicCampaigns(cursor: Cursor): Promise<PublicCampaign[]> {
  return rpc<PublicCampaign[]>('public_campaigns', { ...cursor, page_size: PUBLIC_PAGE_SIZE });
}

export const publicCampaignPagesQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: campaignKeys.publicPages(),
    queryFn: ({ pageParam }: { pageParam: Cursor }) => publicCampaigns(pageParam),
    initialPageParam: null as Cursor,
    // A short page is the last one; otherwise continue after its last row.
    getNextPageParam: (last) => {
      const tail = last[last.length - 1];
      return last.length < PUBLIC_PAGE_SIZE || !tail ? undefined : { after_created_at: tail.created_at, after_id: tail.id };
    },
  });

export function usePublicCampaignPages() {
  return useInfiniteQuery(publicCampaignPagesQueryOptions());
}

/** api.public_campaign: one active campaign, or null when there is none by that id (or it is no longer active). */
export async function publicCampaign(id: string): Promise<PublicCampaignDetail | null> {
  // A mistyped address is "not found", not a failed read (the database would refuse a non-uuid).
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id)) return null;
  const rows = await rpc<PublicCampaignDetail[]>('public_campaign', { campaign_id: id });
  return rows[0] ?? null;
}

export const publicCampaignQueryOptions = (id: string) => queryOptions({ queryKey: campaignKeys.publicDetail(id), queryFn: () => publicCampaign(id) });

/**
 * The campaign the page arrived with (decision 0040: the stack's server writes it into the HTML with its
 * first screen), when it is this one: the first render is that screen, not a spinner; the query still reads
 * it afresh.
 */
export function campaignInPage(id: string): PublicCampaignDetail | undefined {
  if (typeof document === 'undefined') return undefined;
  try {
    const campaign = JSON.parse(document.getElementById(PUBLIC_CAMPAIGN_DATA_ID)?.textContent ?? 'null') as PublicCampaignDetail | null;
    return campaign?.id === id ? campaign : undefined;
  } catch {
    return undefined;
  }
}

export function usePublicCampaign(id: string) {
  return useQuery({ ...publicCampaignQueryOptions(id), initialData: () => campaignInPage(id) });
}
