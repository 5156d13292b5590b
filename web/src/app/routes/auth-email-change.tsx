import { EmailChangeScreen } from '@/features/auth/components/email-change-screen';
import { guestLanguage, languageOf } from '@/i18n/user-language';
import { useUser } from '@/lib/auth';

/**
 * /auth/email-change, where both links of an email change land (Settings asks Auth to send them here).
 * Public: the link to the new address is often opened in another browser, signed out. In the user's
 * language once the profile is known, the visitor's until then.
 */
export function Component() {
  const { profile } = useUser();
  return <EmailChangeScreen locale={profile ? languageOf(profile) : guestLanguage()} />;
}
