import { queryOptions, useQuery } from '@tanstack/react-query';
import { rpc } from '@/lib/supabase';

/** The brand's own company details as api.brand_profile returns them. */
export interface MyBrandProfile {
  company_name: string;
  website: string | null;
  industry: string | null;
  contact_email: string | null;
  contact_phone: string | null;
}

/** The creator's own details as api.creator_profile returns them. */
export interface MyCreatorProfile {
  niche: string | null;
  location: string | null;
  instagram_handle: string | null;
  tiktok_handle: string | null;
  youtube_handle: string | null;
  rate_per_post_cents: number | null;
}

export const myBrandProfileQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: ['settings', 'brand-profile', userId],
    queryFn: async () => (await rpc<MyBrandProfile[]>('brand_profile', { brand_id: userId }))[0] ?? null,
  });

export const myCreatorProfileQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: ['settings', 'creator-profile', userId],
    queryFn: async () => (await rpc<MyCreatorProfile[]>('creator_profile', { creator_id: userId }))[0] ?? null,
  });

export const useMyBrandProfile = (userId: string) => useQuery(myBrandProfileQueryOptions(userId));
export const useMyCreatorProfile = (userId: string) => useQuery(myCreatorProfileQueryOptions(userId));
