import { Navigate, useNavigate } from 'react-router-dom';
import { PageSpinner } from '@/components/ui/spinner';
import { dashboardPathForRole } from '@/config/paths';
import { AuthScreen } from '@/features/auth/components/auth-screen';
import { useUser } from '@/lib/auth';

/**
 * /auth. A signed-in visitor goes straight to their dashboard. After login or registration the app
 * navigates in place rather than reloading the page (the spec's "full-page redirect"), so the success
 * toast stays visible; the destination is the same role mapping.
 */
export function Component() {
  const { session, profile, isLoading } = useUser();
  const navigate = useNavigate();
  if (isLoading) return <PageSpinner />;
  if (session && profile) return <Navigate to={dashboardPathForRole(profile.role)} replace />;
  return (
    <AuthScreen
      onSignedIn={(p) => navigate(dashboardPathForRole(p?.role), { replace: true })}
      // Registration only makes creators: no admin branch, anything unexpected falls to the landing page.
      onRegistered={(r) => r.signedIn && navigate(r.profile?.role === 'admin' ? '/' : dashboardPathForRole(r.profile?.role), { replace: true })}
    />
  );
}
