import { queryOptions, useQuery } from '@tanstack/react-query';
import { creatorKeys } from '@/lib/query-keys';
import { rpc } from '@/lib/supabase';
import { isUuid } from '@contract/ids';
import type { CreatorCard } from '../types';

/** api.creator_profile(id): the creator's public profile, or null when there is no such creator. */
export async function getCreatorProfile(id: string): Promise<CreatorCard | null> {
  if (!isUuid(id)) return null;
  const rows = await rpc<CreatorCard[]>('creator_profile', { creator_id: id });
  return rows[0] ?? null;
}

export const getCreatorProfileQueryOptions = (id: string) =>
  queryOptions({ queryKey: creatorKeys.profile(id), queryFn: () => getCreatorProfile(id) });

export function useCreatorProfile(id: string) {
  return useQuery(getCreatorProfileQueryOptions(id));
}

