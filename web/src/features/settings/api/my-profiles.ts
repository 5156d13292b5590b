import { queryOptions, useQuery } from '@tanstack/react-query';
import { settingsKeys } from '@/lib/query-keys';
import { rpc } from '@/lib/supabase';
import type { ApiComposite, ApiRow, Nullable } from '@/types/api-contract';

/** The brand's own company details and logo as api.brand_profile returns them (all but the name optional). */
export type MyBrandProfile = Nullable<
  Pick<ApiRow<'brand_profile'>, 'company_name' | 'website' | 'industry' | 'contact_email' | 'contact_phone' | 'logo_url'>,
  'website' | 'industry' | 'contact_email' | 'contact_phone' | 'logo_url'
>;

type CreatorDetails = 'niche' | 'location' | 'instagram_handle' | 'tiktok_handle' | 'youtube_handle' | 'rate_per_post_cents';

/** The creator's own details as api.creator_profile returns them (all optional). */
export type MyCreatorProfile = Nullable<Pick<ApiComposite<'creator_card'>, CreatorDetails>, CreatorDetails>;

export const myBrandProfileQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: settingsKeys.brandProfile(userId),
    queryFn: async () => (await rpc<MyBrandProfile[]>('brand_profile', { brand_id: userId }))[0] ?? null,
  });

export const myCreatorProfileQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: settingsKeys.creatorProfile(userId),
    queryFn: async () => (await rpc<MyCreatorProfile[]>('creator_profile', { creator_id: userId }))[0] ?? null,
  });

export const useMyBrandProfile = (userId: string) => useQuery(myBrandProfileQueryOptions(userId));
export const useMyCreatorProfile = (userId: string) => useQuery(myCreatorProfileQueryOptions(userId));
