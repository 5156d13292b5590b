import { useNavigate } from 'react-router-dom';
import { dashboardPathForRole } from '@/config/paths';
import { ResetPasswordScreen } from '@/features/auth/components/reset-password-screen';
import { guestLanguage, languageOf } from '@/i18n/user-language';
import { useUser } from '@/lib/auth';

/**
 * /auth/reset-password, the recovery email's landing. Public and without the /auth redirect: the link
 * signs the user in, and they must stay here until the new password is saved; then on to their dashboard
 * as after a sign-in. In the user's language once the profile is known, the visitor's until then.
 */
export function Component() {
  const { session, profile } = useUser();
  const navigate = useNavigate();
  return (
    <ResetPasswordScreen
      email={session?.user.email}
      locale={profile ? languageOf(profile) : guestLanguage()}
      onSaved={(p) => navigate(dashboardPathForRole(p?.role), { replace: true })}
    />
  );
}
