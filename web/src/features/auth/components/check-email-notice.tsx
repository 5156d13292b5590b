import { useEffect, useRef } from 'react';
import { useT } from '@/i18n/use-t';
import { authCatalog } from '../messages/catalog';
import { ResendConfirmationButton } from './resend-confirmation-button';

/**
 * After a sign-up that needs its email confirmed (Auth returned no session): where the link went, a way
 * to send it again, and back to the form (what was typed is still there). Takes focus when shown.
 */
export function CheckEmailNotice({ email, onBack }: { email: string; onBack: () => void }) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);
  const { t } = useT(authCatalog);
  return (
    <section aria-labelledby="auth-check-email" className="space-y-4">
      <h2 id="auth-check-email" ref={headingRef} tabIndex={-1} className="text-lg font-semibold text-slate-900 outline-none">
        {t('auth.checkEmail.title')}
      </h2>
      <p className="text-sm text-slate-700">{t('auth.checkEmail.text', { email })}</p>
      <p className="text-sm text-slate-600">{t('auth.checkEmail.spam')}</p>
      <ResendConfirmationButton email={email} />
      <button type="button" onClick={onBack} className="text-sm font-medium text-brand-700 underline">
        {t('auth.checkEmail.back')}
      </button>
    </section>
  );
}
