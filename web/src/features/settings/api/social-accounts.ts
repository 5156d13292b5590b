import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SocialPlatform } from '@/components/ui/reach/reach';
import { invokeFunction } from '@/lib/invoke-function';
import { settingsKeys } from '@/lib/query-keys';
import { rpc } from '@/lib/supabase';
import type { ApiRow, Nullable } from '@/types/api-contract';

/** The platforms a creator can connect, in the order the settings list them. */
export const SOCIAL_PLATFORMS: readonly SocialPlatform[] = ['instagram', 'tiktok', 'youtube'];

/** One of the creator's connected accounts as api.my_social_accounts() gives it (decision 0053). */
export type MySocialAccount = Omit<
  Nullable<
    Pick<ApiRow<'my_social_accounts'>, 'platform' | 'handle' | 'profile_url' | 'followers' | 'followers_as_of' | 'status' | 'connected_at' | 'last_refresh_at'>,
    'profile_url' | 'followers' | 'followers_as_of' | 'last_refresh_at'
  >,
  'platform' | 'status'
> & { platform: SocialPlatform; status: 'connected' | 'reconnect_needed' };

export const mySocialAccountsQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: settingsKeys.socialAccounts(userId),
    queryFn: () => rpc<MySocialAccount[]>('my_social_accounts'),
    // The daily refresh may mark an account "reconnect needed" at any time: read it fresh on every visit.
    staleTime: 0,
  });

export const useMySocialAccounts = (userId: string) => useQuery(mySocialAccountsQueryOptions(userId));

/** POST social-connect/start: the platform's consent page, in the reader's language (an Intl tag: es-419, en-US, pt-BR). */
export function useStartSocialConnect() {
  return useMutation({
    mutationFn: ({ platform, locale }: { platform: SocialPlatform; locale: string }) =>
      invokeFunction<{ url: string }>('social-connect/start', { method: 'POST', body: { platform, locale } }),
  });
}

/** POST social-connect/disconnect: the grant is revoked where the platform allows it, then the account and its tokens go. */
export function useDisconnectSocialAccount(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (platform: SocialPlatform) => invokeFunction<{ disconnected: boolean; revoked: boolean }>('social-connect/disconnect', { method: 'POST', body: { platform } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: settingsKeys.socialAccounts(userId) }),
  });
}
