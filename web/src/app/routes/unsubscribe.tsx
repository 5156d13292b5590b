import { useSearchParams } from 'react-router-dom';
import { PageSpinner } from '@/components/ui/spinner';
import { UnsubscribeScreen } from '@/features/settings/components/unsubscribe-screen';
import { guestLanguage, languageOf } from '@/i18n/user-language';
import { useUser } from '@/lib/auth';

/**
 * /unsubscribe?token=...: public, as email links are followed signed out as often as in. It reads in the
 * signed-in user's language, else the visitor's (as /auth).
 */
export function Component() {
  const [params] = useSearchParams();
  const { session, profile, isLoading } = useUser();
  if (isLoading) return <PageSpinner />;
  return <UnsubscribeScreen token={params.get('token')} locale={profile ? languageOf(profile) : guestLanguage()} signedIn={!!session} />;
}
