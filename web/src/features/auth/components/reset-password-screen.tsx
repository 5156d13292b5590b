import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { PageSpinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/toast';
import { followLanguage } from '@/i18n/locale-store';
import { languageOf } from '@/i18n/user-language';
import { useT } from '@/i18n/use-t';
import type { Locale } from '@/i18n/locales';
import type { Profile } from '@/types/api';
import { currentAuthRedirect } from '../api/auth-redirect';
import { useRecoverySession } from '../api/recovery-session';
import { authCatalog } from '../messages/catalog';
import { AuthFrame } from './auth-frame';
import { LinkProblem } from './link-problem';
import { ResetPasswordForm } from './reset-password-form';

/**
 * /auth/reset-password, where the recovery email's link lands. supabase-js takes the session from the
 * fragment (PASSWORD_RECOVERY); until the new password is saved this screen stays, signed in or not, and
 * nothing redirects away from it. An expired or used link, or none, is the "link has expired" page with
 * the form to ask for another.
 */
export function ResetPasswordScreen({ email, locale, onSaved }: { email: string | undefined; locale?: Locale; onSaved: (profile: Profile | null) => void }) {
  const [redirect] = useState(currentAuthRedirect);
  const state = useRecoverySession(redirect);
  const navigate = useNavigate();
  const { pathname } = useLocation();
  // A refusal stays in the address (supabase-js clears only a session): take it out, keep the page.
  useEffect(() => {
    if (redirect.kind === 'error' && window.location.hash) navigate(pathname, { replace: true });
  }, [redirect.kind, navigate, pathname]);
  const { t } = useT(authCatalog);

  if (state === 'checking') return <PageSpinner label={t('auth.reset.checking')} />;
  if (state === 'invalid') {
    return (
      <AuthFrame heading={t('auth.linkProblem.title')} locale={locale}>
        <LinkProblem kind="recovery" />
      </AuthFrame>
    );
  }
  const saved = async (profile: Profile | null) => {
    // The toast in the language the user's screens will be in, as after a sign-in.
    if (profile) await followLanguage(languageOf(profile));
    toast({ title: t('auth.toast.passwordUpdated'), description: t('auth.toast.passwordUpdatedText') });
    onSaved(profile);
  };
  return (
    <AuthFrame heading={t('auth.reset.heading')} locale={locale}>
      <ResetPasswordForm email={email} onSaved={(p) => void saved(p)} />
    </AuthFrame>
  );
}
