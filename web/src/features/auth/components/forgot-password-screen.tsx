import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';
import { useT } from '@/i18n/use-t';
import { authCatalog } from '../messages/catalog';
import { AuthFrame } from './auth-frame';
import { ForgotPasswordForm } from './forgot-password-form';

/** /auth/forgot-password: the reset-link request, in the auth screens' frame, with the way back to sign in. */
export function ForgotPasswordScreen() {
  const { t } = useT(authCatalog);
  return (
    <AuthFrame heading={t('auth.forgot.heading')}>
      <div className="space-y-4">
        <ForgotPasswordForm />
        <Link to={paths.auth.getHref()} className="inline-block text-sm font-medium text-brand-700 underline">
          {t('auth.backToLogin')}
        </Link>
      </div>
    </AuthFrame>
  );
}
