import { currentProfileKeys } from '@/lib/query-keys';
import { queryClient } from '@/lib/query-client';
import { clearScreenSnapshot } from '@/lib/screen-snapshot';
import { loadSupabase } from '@/lib/supabase-loader';
import type { Profile } from '@/types/api';
import type { Locale } from './locales';

/**
 * Keeps a signed-in user's choice on their profile, so it follows them to other browsers and to the
 * emails we send, and in their Auth user_metadata, which Auth's account emails are written in. The cached profile changes first: the shell follows the profile's language, and must
 * not switch back while the save is on its way. A failed save re-reads the profile (and its language).
 * supabase-js is loaded here only when a signed-in user switches: guests switch without it.
 */
export async function saveLanguage(locale: Locale): Promise<void> {
  // The screen kept for a fast next visit (decision 0027) is in the old language.
  clearScreenSnapshot();
  queryClient.setQueriesData<Profile | null>({ queryKey: currentProfileKeys.all }, (p) => (p ? { ...p, language: locale } : p));
  try {
    const { rpc, supabase } = await loadSupabase();
    await rpc('set_my_language', { language: locale });
    // Auth's own emails (password reset, email change) read user_metadata.language: best effort, not awaited.
    supabase.auth.updateUser({ data: { language: locale } }).catch(() => undefined);
  } finally {
    await queryClient.invalidateQueries({ queryKey: currentProfileKeys.all });
  }
}
