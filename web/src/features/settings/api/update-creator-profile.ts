import { useMutation, useQueryClient } from '@tanstack/react-query';
import { creatorKeys, settingsKeys } from '@/lib/query-keys';
import { rpc } from '@/lib/supabase';
import { rateToCents, type CreatorProfileValues } from './settings-schemas';

/** The arguments of api.update_creator_profile: the rate in cents as a number, left out when blank. */
export function creatorProfileArgs(v: CreatorProfileValues): Record<string, unknown> {
  const cents = rateToCents(v.ratePerPost);
  return {
    niche: v.niche || null,
    location: v.location || null,
    instagram_handle: v.instagramHandle || null,
    tiktok_handle: v.tiktokHandle || null,
    youtube_handle: v.youtubeHandle || null,
    ...(cents === undefined ? {} : { rate_per_post_cents: cents }),
  };
}

/** api.update_creator_profile for the calling creator. */
export function updateCreatorProfile(v: CreatorProfileValues): Promise<void> {
  return rpc<void>('update_creator_profile', creatorProfileArgs(v));
}

export function useUpdateCreatorProfile(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCreatorProfile,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: settingsKeys.creatorProfile(userId) });
      // The public profile and discovery cards show these fields too.
      await queryClient.invalidateQueries({ queryKey: creatorKeys.all });
    },
  });
}
