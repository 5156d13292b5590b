import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/form-field';
import { useT } from '@/i18n/use-t';
import { forgotPasswordSchema, type ForgotPasswordInput } from '../api/account-email-schemas';
import { emailRateLimit } from '../api/email-rate-limit';
import { useRequestPasswordReset } from '../api/request-password-reset';
import { authErrorText, validationText } from '../messages/auth-text';
import { authCatalog } from '../messages/catalog';

/**
 * The email to send a password-reset link to. Whether or not an account has that address, the answer is
 * the same confirmation (Auth's is too). A refusal — too soon (with the seconds to wait), too many, no
 * connection — is said under the field, which keeps what was typed.
 */
export function ForgotPasswordForm() {
  const form = useForm<ForgotPasswordInput>({ resolver: zodResolver(forgotPasswordSchema), defaultValues: { email: '' } });
  const request = useRequestPasswordReset();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const sentRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (sentTo) sentRef.current?.focus();
  }, [sentTo]);
  const { t } = useT(authCatalog);

  if (sentTo) {
    return (
      <div ref={sentRef} tabIndex={-1} role="status" className="space-y-3 outline-none">
        <p className="text-sm font-medium text-slate-900">{t('auth.forgot.sent', { email: sentTo })}</p>
        <p className="text-sm text-slate-600">{t('auth.forgot.spam')}</p>
        <button
          type="button"
          onClick={() => {
            request.reset();
            setSentTo(null);
          }}
          className="text-sm font-medium text-brand-700 underline"
        >
          {t('auth.forgot.again')}
        </button>
      </div>
    );
  }

  const limit = request.isError ? emailRateLimit(request.error) : null;
  let failure: string | null = null;
  if (limit) failure = limit.seconds !== null ? t('auth.rateLimit.seconds', { seconds: limit.seconds }) : t('auth.rateLimit.generic');
  else if (request.isError) failure = authErrorText(t, request.error);
  const { errors } = form.formState;
  return (
    <form
      noValidate
      aria-label={t('auth.forgot.heading')}
      className="space-y-4"
      onSubmit={form.handleSubmit(({ email }) => request.mutate(email, { onSuccess: () => setSentTo(email) }))}
    >
      <p className="text-sm text-slate-700">{t('auth.forgot.intro')}</p>
      <TextField
        label={t('auth.field.email')}
        type="email"
        autoComplete="email"
        placeholder={t('auth.field.email.placeholder')}
        error={validationText(t, errors.email?.message)}
        {...form.register('email')}
      />
      <p role="alert" className={failure ? 'text-sm text-red-700' : 'sr-only'}>
        {failure}
      </p>
      <Button type="submit" className="w-full" pending={request.isPending}>
        {request.isPending ? t('auth.forgot.pending') : t('auth.forgot.submit')}
      </Button>
    </form>
  );
}
