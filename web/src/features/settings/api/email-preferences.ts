import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { settingsKeys } from '@/lib/query-keys';
import { rpc } from '@/lib/supabase';
import type { ApiRow, Nullable } from '@/types/api-contract';
import { type EmailPreferencesValues, toSaveArgs } from './email-preferences-schema';

/** api.my_email_preferences: the choices, the address emails go to and, if its mail server refused it, when and why. */
export type MyEmailPreferences = Nullable<ApiRow<'my_email_preferences'>, 'email_failed_at' | 'email_failure'>;

export const emailPreferencesQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: settingsKeys.emailPreferences(userId),
    queryFn: async () => {
      const row = (await rpc<MyEmailPreferences[]>('my_email_preferences'))[0];
      if (!row) throw new Error('No email preferences for this account');
      return row;
    },
  });

export const useEmailPreferences = (userId: string) => useQuery(emailPreferencesQueryOptions(userId));

/** Saves all five choices at once, as api.set_email_preferences takes them. */
export function useSaveEmailPreferences(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (values: EmailPreferencesValues) => rpc<void>('set_email_preferences', toSaveArgs(values)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: settingsKeys.emailPreferences(userId) }),
  });
}

/** Clears the "this address failed" mark, after the user fixed their mailbox or address. */
export function useRetryEmailAddress(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => rpc<void>('retry_my_email_address'),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: settingsKeys.emailPreferences(userId) }),
  });
}
