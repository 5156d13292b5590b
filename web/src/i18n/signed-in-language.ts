import { shellHintOf } from '@/lib/screen-snapshot';
import { storedSessionUser } from '@/lib/supabase-loader';
import { startIn } from './locale-store';
import { isLocale, type Locale } from './locales';

/**
 * With a stored session, the language its user read in last: the shell hint kept from their profile, else
 * the language of their account's metadata (decision 0037).
 */
export function signedInLanguage(): Locale | undefined {
  const user = storedSessionUser();
  if (!user) return undefined;
  const hinted = shellHintOf(user.id)?.lang;
  if (isLocale(hinted)) return hinted;
  return isLocale(user.metadata.language) ? user.metadata.language : undefined;
}

/**
 * Starts the app in that language, so everything drawn before the profile is read (the shell, the skeleton,
 * the spinner's hidden text) is in the user's language, not the browser's. Imported by the app's provider,
 * before anything renders.
 */
export function startInSignedInLanguage(): void {
  const locale = signedInLanguage();
  if (locale) startIn(locale);
}
