import { useCallback } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { dashboardPathForRole, paths } from '@/config/paths';
import { safeReturnPath } from '@/config/return-path';
import { ConfirmEmailScreen } from '@/features/auth/components/confirm-email-screen';
import type { Profile } from '@/types/api';

/**
 * /auth/confirm, the sign-up confirmation link's landing: signed in, on to the role's dashboard as after a
 * sign-in (the shell then asks an admin-created account for its password). Without a profile, the role
 * redirect screen decides (and says what went wrong). A sign-up started from a public campaign's Apply
 * carries `?next=` (checked again here: the address is anyone's to write) and goes back there.
 */
export function Component() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const next = safeReturnPath(params.get('next'));
  const onConfirmed = useCallback(
    (p: Profile | null) => navigate(p ? (next ?? dashboardPathForRole(p.role)) : paths.dashboard.getHref(), { replace: true }),
    [navigate, next],
  );
  return <ConfirmEmailScreen onConfirmed={onConfirmed} />;
}
