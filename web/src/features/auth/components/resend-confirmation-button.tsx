import { Button } from '@/components/ui/button';
import { useT } from '@/i18n/use-t';
import { emailRateLimit } from '../api/email-rate-limit';
import { useResendConfirmation } from '../api/resend-confirmation';
import { authErrorText } from '../messages/auth-text';
import { authCatalog } from '../messages/catalog';

/**
 * "Resend email": sends the sign-up confirmation again and says what happened below the button — sent,
 * a wait of N seconds (Auth's limit per address), or why it failed.
 */
export function ResendConfirmationButton({ email }: { email: string }) {
  const resend = useResendConfirmation();
  const { t } = useT(authCatalog);
  const limit = resend.isError ? emailRateLimit(resend.error) : null;
  let outcome: string | null = null;
  if (resend.isSuccess) outcome = t('auth.resend.sent', { email });
  else if (limit) outcome = limit.seconds !== null ? t('auth.rateLimit.seconds', { seconds: limit.seconds }) : t('auth.rateLimit.generic');
  else if (resend.isError) outcome = authErrorText(t, resend.error);
  return (
    <div>
      <Button variant="secondary" className="w-full" pending={resend.isPending} onClick={() => resend.mutate(email)}>
        {resend.isPending ? t('auth.resend.pending') : t('auth.resend.submit')}
      </Button>
      <p role="status" className={resend.isError ? 'mt-2 text-sm text-red-700' : 'mt-2 text-sm text-slate-700'}>
        {outcome}
      </p>
    </div>
  );
}
