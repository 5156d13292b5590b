import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';
import { useT } from '@/i18n/use-t';
import { authCatalog } from '../messages/catalog';
import { ForgotPasswordForm } from './forgot-password-form';

const linkClass = 'text-sm font-medium text-brand-700 underline';

/**
 * What an email link that Auth refused (expired, already used) or that brought no session leads to. A
 * reset link offers to send a new one right here; a sign-up confirmation link sends the reader to sign
 * in (which offers a new confirmation email when the address still waits for one).
 */
export function LinkProblem({ kind }: { kind: 'recovery' | 'signup' }) {
  const { t } = useT(authCatalog);
  if (kind === 'signup') {
    return (
      <div className="space-y-4">
        <p className="text-sm text-slate-700">{t('auth.confirm.problem')}</p>
        <Link to={paths.auth.getHref()} className={linkClass}>
          {t('auth.goToLogin')}
        </Link>
      </div>
    );
  }
  return (
    <div className="space-y-4">
      <p className="text-sm text-slate-700">{t('auth.linkProblem.text')}</p>
      <ForgotPasswordForm />
      <Link to={paths.auth.getHref()} className={linkClass}>
        {t('auth.backToLogin')}
      </Link>
    </div>
  );
}
