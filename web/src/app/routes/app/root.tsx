import { lazy, Suspense, useEffect } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { DashboardLayout } from '@/components/layouts/dashboard-layout';
import { ScreenSkeleton } from '@/components/ui/skeleton';
import { PageSpinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { mustSetPassword } from '@/features/account-setup/api/must-set-password';
import { useSignOut } from '@/features/auth/api/sign-out';
import { useLiveUnreadCount } from '@/features/messages/hooks/use-live-unread-count';
import { NotificationBell } from '@/features/notifications/components/notification-bell';
import { appCatalog } from '@/app/messages/catalog';
import { languageOf, useLanguage } from '@/i18n/user-language';
import { useT } from '@/i18n/use-t';
import { prefetchCurrentProfile, useUser } from '@/lib/auth';
import { queryClient } from '@/lib/query-client';
import { saveShellHint, shellHintOf } from '@/lib/screen-snapshot';
import { hasStoredSession, storedSessionUser } from '@/lib/supabase-loader';
import { useIdleAfter } from '@/lib/idle';

// Only accounts an admin created ever see it: its form and zod load when needed, not with every screen.
const SetPasswordScreen = lazy(() => import('@/features/account-setup/components/set-password-screen').then((m) => ({ default: m.SetPasswordScreen })));

/**
 * Reads the profile as soon as a signed-in route matches, alongside the screen's loader (issue 19: on
 * /campaigns it was asked for after the list, once the shell had rendered and subscribed). Not awaited.
 */
export function loader() {
  if (hasStoredSession()) void prefetchCurrentProfile(queryClient).catch(() => undefined);
  return null;
}

/**
 * The role and name of the stored session's user as this browser last saw them (the shell hint), else
 * from the account's metadata: the shell is drawn with them while the session and profile are read.
 */
function storedShell(): { role: string; name: string | undefined } | undefined {
  const user = storedSessionUser();
  if (!user) return undefined;
  const hint = shellHintOf(user.id);
  if (hint) return { role: hint.role, name: hint.name || undefined };
  const { role, full_name: name } = user.metadata;
  return typeof role === 'string' ? { role, name: typeof name === 'string' ? name : undefined } : undefined;
}

/**
 * The guard and shell of every signed-in screen (spec "Protected areas"): while the user loads, the shell
 * of the role this browser last saw with a skeleton (a spinner when it knows none), /auth when there is no
 * user, otherwise the role's navigation around the screen.
 */
export function Component() {
  const { session, profile, isLoading, error } = useUser();
  const location = useLocation();
  const signOut = useSignOut();
  // The Realtime channel and the unread count wait until the browser is idle after the shell has rendered:
  // the badge is not what the screen is opened for, and they would compete with its data and render.
  const idle = useIdleAfter(!!profile);
  const unread = useLiveUnreadCount(profile && idle ? session?.user.id : undefined);
  // Signed-in screens render in the user's language from their first frame.
  useLanguage(profile ? languageOf(profile) : undefined);
  // What index.html draws the next first visit's shell from (web/build/prerender-shell.ts, decision 0037).
  const userId = session?.user.id;
  const hintRole = profile?.role;
  const hintLang = profile ? languageOf(profile) : undefined;
  const hintName = profile?.full_name ?? '';
  useEffect(() => {
    if (userId && hintRole && hintLang) saveShellHint({ user: userId, role: hintRole, lang: hintLang, name: hintName });
  }, [userId, hintRole, hintLang, hintName]);
  const { t } = useT(appCatalog);

  if (isLoading) {
    const stored = storedShell();
    if (!stored) return <PageSpinner label={t('app.loadingAccount')} />;
    return (
      <DashboardLayout role={stored.role} userName={stored.name} unreadCount={0} bell={<NotificationBell userId={undefined} />} onSignOut={() => signOut.mutate()} signingOut={signOut.isPending}>
        <ScreenSkeleton />
      </DashboardLayout>
    );
  }
  if (!session) return <Navigate to={paths.auth.getHref()} replace state={{ from: location.pathname }} />;
  if (error || !profile) {
    return (
      <div role="alert" className="mx-auto mt-24 max-w-md p-6 text-center">
        <h1 className="text-xl font-semibold">{t('app.accountError.title')}</h1>
        <p className="mt-2 text-sm text-slate-600">{error ? t('app.accountError.unknown') : t('app.accountError.notFound')}</p>
        <button type="button" onClick={() => signOut.mutate()} className="mt-4 text-sm font-medium text-brand-700 underline">
          {t('app.signOut')}
        </button>
      </div>
    );
  }
  // Accounts created by an admin replace their temporary password before anything else.
  if (mustSetPassword(session.user)) {
    return (
      <Suspense fallback={<PageSpinner />}>
        <SetPasswordScreen name={profile.full_name} onSignOut={() => signOut.mutate()} />
      </Suspense>
    );
  }
  return (
    <DashboardLayout
      role={profile.role}
      userName={profile.full_name}
      userPictureUrl={profile.avatar_url ?? null}
      unreadCount={unread}
      // Rendered in the phone's top bar and above the screen on wider ones; only one is shown (lg).
      bell={<NotificationBell userId={idle ? session.user.id : undefined} />}
      onSignOut={() => signOut.mutate()} signingOut={signOut.isPending}>
      <Suspense fallback={<ScreenSkeleton />}>
        <Outlet />
      </Suspense>
    </DashboardLayout>
  );
}
