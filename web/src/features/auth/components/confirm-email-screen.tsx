import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { PageSpinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/toast';
import { followLanguage } from '@/i18n/locale-store';
import { languageOf } from '@/i18n/user-language';
import { useT } from '@/i18n/use-t';
import { currentProfileQueryOptions } from '@/lib/auth';
import type { Profile } from '@/types/api';
import { currentAuthRedirect } from '../api/auth-redirect';
import { useLinkSession } from '../api/link-session';
import { authCatalog } from '../messages/catalog';
import { AuthFrame } from './auth-frame';
import { LinkProblem } from './link-problem';

/**
 * /auth/confirm, where the sign-up confirmation link lands signed in: on to the dashboard as a sign-in
 * goes (the caller's `onConfirmed`). An expired or used link is a page saying so, with the way to sign in.
 */
export function ConfirmEmailScreen({ onConfirmed }: { onConfirmed: (profile: Profile | null) => void }) {
  const { t } = useT(authCatalog);
  const [redirect] = useState(currentAuthRedirect);
  const link = useLinkSession(redirect);
  const profile = useQuery(currentProfileQueryOptions(link.status === 'signed-in' ? link.userId : undefined));
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const done = useRef(false);
  useEffect(() => {
    if (redirect.kind === 'error' && window.location.hash) navigate(pathname, { replace: true });
  }, [redirect.kind, navigate, pathname]);
  useEffect(() => {
    if (done.current || link.status !== 'signed-in' || profile.isPending) return;
    done.current = true;
    const confirmed = profile.data ?? null;
    void (async () => {
      if (confirmed) await followLanguage(languageOf(confirmed));
      toast({
        title: t('auth.toast.emailConfirmed'),
        description: confirmed ? t('auth.toast.welcomeName', { name: confirmed.full_name }) : t('auth.toast.emailConfirmedText'),
      });
      onConfirmed(confirmed);
    })();
  }, [link.status, profile.isPending, profile.data, onConfirmed, t]);

  if (link.status === 'invalid') {
    return (
      <AuthFrame heading={t('auth.linkProblem.title')}>
        <LinkProblem kind="signup" />
      </AuthFrame>
    );
  }
  return <PageSpinner label={t('auth.confirm.checking')} />;
}
