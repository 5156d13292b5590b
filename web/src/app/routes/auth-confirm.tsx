import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { dashboardPathForRole, paths } from '@/config/paths';
import { ConfirmEmailScreen } from '@/features/auth/components/confirm-email-screen';
import type { Profile } from '@/types/api';

/**
 * /auth/confirm, the sign-up confirmation link's landing: signed in, on to the role's dashboard as after a
 * sign-in (the shell then asks an admin-created account for its password). Without a profile, the role
 * redirect screen decides (and says what went wrong).
 */
export function Component() {
  const navigate = useNavigate();
  const onConfirmed = useCallback(
    (p: Profile | null) => navigate(p ? dashboardPathForRole(p.role) : paths.dashboard.getHref(), { replace: true }),
    [navigate],
  );
  return <ConfirmEmailScreen onConfirmed={onConfirmed} />;
}
