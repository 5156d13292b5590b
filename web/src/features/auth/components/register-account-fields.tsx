import { Trans } from '@lingui/react';
import { useId } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/form-field';
import { paths } from '@/config/paths';
import { useT } from '@/i18n/use-t';
import { authCatalog } from '../messages/catalog';

type AccountField = 'password' | 'passwordConfirm' | 'terms';

/**
 * The end of both sign-up forms (creator and brand): the password twice, the terms to accept with their
 * links, and the submit button. Each form registers the fields with its own schema and gives each
 * field's error message, already in the reader's language.
 */
export function RegisterAccountFields({
  register,
  errorOf,
  pending,
}: {
  register: (name: AccountField) => UseFormRegisterReturn;
  errorOf: (name: AccountField) => string | undefined;
  pending: boolean;
}) {
  const termsId = useId();
  const termsErrorId = useId();
  const { t } = useT(authCatalog);
  const fields = { password: register('password'), passwordConfirm: register('passwordConfirm'), terms: register('terms') };
  const errors = { password: errorOf('password'), passwordConfirm: errorOf('passwordConfirm'), terms: errorOf('terms') };
  return (
    <>
      <TextField label={t('auth.field.password')} type="password" autoComplete="new-password" error={errors.password} {...fields.password} />
      <TextField label={t('auth.field.passwordConfirm')} type="password" autoComplete="new-password" error={errors.passwordConfirm} {...fields.passwordConfirm} />
      <div>
        <div className="flex items-start gap-2">
          <input
            id={termsId}
            type="checkbox"
            className="mt-0.5 size-4 rounded border-slate-300 accent-brand-600"
            aria-invalid={errors.terms ? true : undefined}
            aria-describedby={errors.terms ? termsErrorId : undefined}
            {...fields.terms}
          />
          <label htmlFor={termsId} className="text-sm text-slate-700">
            <Trans
              id="auth.terms.accept"
              components={{
                0: <a href={paths.terms.getHref()} target="_blank" rel="noopener noreferrer" className="font-medium text-brand-700 underline" />,
                1: <span className="sr-only" />,
                2: <a href={paths.privacy.getHref()} target="_blank" rel="noopener noreferrer" className="font-medium text-brand-700 underline" />,
                3: <span className="sr-only" />,
              }}
            />
          </label>
        </div>
        {errors.terms && (
          <p id={termsErrorId} className="mt-1 text-sm text-red-700">
            {errors.terms}
          </p>
        )}
      </div>
      <Button type="submit" className="w-full" pending={pending}>
        {pending ? t('auth.register.pending') : t('auth.register.submit')}
      </Button>
    </>
  );
}
