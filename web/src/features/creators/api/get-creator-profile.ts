import { queryOptions, useQuery } from '@tanstack/react-query';
import { rpc } from '@/lib/supabase';
import type { CreatorCard } from '../types';

/** An id that is not a uuid is a missing creator, not a server failure (Postgres answers 22P02). */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** api.creator_profile(id): the creator's public profile, or null when there is no such creator. */
export async function getCreatorProfile(id: string): Promise<CreatorCard | null> {
  if (!UUID.test(id)) return null;
  const rows = await rpc<CreatorCard[]>('creator_profile', { creator_id: id });
  return rows[0] ?? null;
}

export const getCreatorProfileQueryOptions = (id: string) =>
  queryOptions({ queryKey: ['creators', 'profile', id], queryFn: () => getCreatorProfile(id) });

export function useCreatorProfile(id: string) {
  return useQuery(getCreatorProfileQueryOptions(id));
}

