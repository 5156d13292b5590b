import { Navigate, useNavigate, useSearchParams } from 'react-router-dom';
import { PageSpinner } from '@/components/ui/spinner';
import { dashboardPathForRole } from '@/config/paths';
import { safeReturnPath } from '@/config/return-path';
import { AuthScreen } from '@/features/auth/components/auth-screen';
import { useUser } from '@/lib/auth';

/**
 * /auth. A signed-in visitor goes straight to their dashboard. After login or registration the app
 * navigates in place rather than reloading the page (the spec's "full-page redirect"), so the success
 * toast stays visible; the destination is the same role mapping, or `?next=` when it is a path of this site
 * (a public campaign's Apply sends its visitor here and expects them back; src/config/return-path.ts).
 * `?tab=register` opens on sign-up, `&role=brand` on the brand's form.
 */
export function Component() {
  const { session, profile, isLoading } = useUser();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const next = safeReturnPath(params.get('next'));
  if (isLoading) return <PageSpinner />;
  if (session && profile) return <Navigate to={next ?? dashboardPathForRole(profile.role)} replace />;
  return (
    <AuthScreen
      initialTab={params.get('tab') === 'register' ? 'register' : 'login'}
      initialRole={params.get('role') === 'brand' ? 'brand' : 'creator'}
      returnPath={next}
      onSignedIn={(p) => navigate(next ?? dashboardPathForRole(p?.role), { replace: true })}
      // Registration makes creators and brands: no admin branch, anything unexpected falls to the landing page.
      onRegistered={(r) =>
        r.signedIn && navigate(next ?? (r.profile?.role === 'admin' ? '/' : dashboardPathForRole(r.profile?.role)), { replace: true })
      }
    />
  );
}
