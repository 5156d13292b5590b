import { useEffect, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { PageSpinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import type { Locale } from '@/i18n/locales';
import { useT } from '@/i18n/use-t';
import { currentAuthRedirect, type AuthRedirect } from '../api/auth-redirect';
import { useLinkSession } from '../api/link-session';
import { authCatalog } from '../messages/catalog';
import { AuthFrame } from './auth-frame';

const linkClass = 'text-sm font-medium text-brand-700 underline';

/** Only an email change's own session is the change done; anything else is checked as no session. */
const NO_SESSION: AuthRedirect = { kind: 'error', code: 'not_an_email_change' };

/**
 * /auth/email-change, where both links of an email change land (Auth's double_confirm_changes). The first
 * link comes back with GoTrue's message and no session: the page says this one counted and the link sent
 * to the other address is still needed. The second comes back signed in: the email has changed. An expired
 * or used link says so, with the way to ask again (Settings sends new links to both addresses).
 */
export function EmailChangeScreen({ locale }: { locale?: Locale }) {
  const [redirect] = useState(currentAuthRedirect);
  const [sessionRedirect] = useState(() => (redirect.kind === 'session' && redirect.type === 'email_change' ? redirect : NO_SESSION));
  const link = useLinkSession(sessionRedirect);
  const navigate = useNavigate();
  const { pathname } = useLocation();
  // A refusal stays in the address (supabase-js clears only a session): take it out, keep the page. The
  // first link's message stays, so a reload still says what is left.
  useEffect(() => {
    if (redirect.kind === 'error' && window.location.hash) navigate(pathname, { replace: true });
  }, [redirect.kind, navigate, pathname]);
  const { t } = useT(authCatalog);

  const settingsLink = (
    <Link to={paths.settings.getHref()} className={linkClass}>
      {t('auth.emailChange.toSettings')}
    </Link>
  );
  const page = (heading: string, text: string) => (
    <AuthFrame heading={heading} locale={locale}>
      <div className="space-y-4">
        <p role="status" className="text-sm text-slate-700">
          {text}
        </p>
        {settingsLink}
      </div>
    </AuthFrame>
  );

  if (redirect.kind === 'message') return page(t('auth.emailChange.firstTitle'), t('auth.emailChange.firstText'));
  if (redirect.kind === 'error') return page(t('auth.linkProblem.title'), t('auth.emailChange.problem'));
  if (redirect.kind === 'session') {
    if (link.status === 'checking') return <PageSpinner label={t('auth.emailChange.checking')} />;
    if (link.status === 'signed-in') return page(t('auth.emailChange.doneTitle'), t('auth.emailChange.doneText', { email: link.email }));
    return page(t('auth.linkProblem.title'), t('auth.emailChange.problem'));
  }
  return page(t('auth.emailChange.title'), t('auth.emailChange.none'));
}
