import { lazy, Suspense, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/form-field';
import { toast } from '@/components/ui/toast';
import { paths } from '@/config/paths';
import { followLanguage } from '@/i18n/locale-store';
import { languageOf } from '@/i18n/user-language';
import { useT } from '@/i18n/use-t';
import type { Profile } from '@/types/api';
import type { LoginInput } from '../api/auth-schemas';
import { loginResolver } from '../api/form-resolvers';
import { useSignIn } from '../api/sign-in';
import { authErrorText, validationText } from '../messages/auth-text';
import { authCatalog } from '../messages/catalog';

// Only an address still waiting for its confirmation needs it: not part of what /auth loads up front.
const ResendConfirmationButton = lazy(() => import('./resend-confirmation-button').then((m) => ({ default: m.ResendConfirmationButton })));

/**
 * The login tab. On failure the 'Login failed' toast says why in the reader's language and the fields
 * keep what was typed; on success the caller decides where to go. An address that still waits for its
 * confirmation gets a note with "Resend email" under the form. "Forgot your password?" leads to the reset.
 */
export function LoginForm({ onSignedIn }: { onSignedIn: (profile: Profile | null) => void }) {
  const { t } = useT(authCatalog);
  const form = useForm<LoginInput>({ resolver: loginResolver, defaultValues: { email: '', password: '' } });
  const [unconfirmed, setUnconfirmed] = useState<string | null>(null);
  const signIn = useSignIn({
    onSuccess: async ({ profile, welcome }) => {
      // The welcome is in the language the user's screens will be in (a brand signing in on the Spanish
      // sign-in screen reads English from here on), so the app takes it on first; t reads the active one.
      if (profile) await followLanguage(languageOf(profile));
      toast({
        kind: 'auth.login',
        title: t('auth.toast.loginSuccess'),
        description:
          welcome === 'back'
            ? profile
              ? t('auth.toast.welcomeBackName', { name: profile.full_name })
              : t('auth.toast.welcomeBack')
            : profile
              ? t('auth.toast.welcomeName', { name: profile.full_name })
              : t('auth.toast.welcome'),
      });
      onSignedIn(profile);
    },
    onError: (error) => {
      setUnconfirmed((error as { code?: unknown }).code === 'email_not_confirmed' ? form.getValues('email').trim() : null);
      toast({ kind: 'auth.login', title: t('auth.toast.loginFailed'), description: authErrorText(t, error), variant: 'destructive' });
    },
  });
  const { errors } = form.formState;
  return (
    <form noValidate onSubmit={form.handleSubmit((values) => signIn.mutate(values))} className="space-y-4">
      <TextField
        label={t('auth.field.email')}
        type="email"
        autoComplete="email"
        placeholder={t('auth.field.email.placeholder')}
        error={validationText(t, errors.email?.message)}
        {...form.register('email')}
      />
      <TextField
        label={t('auth.field.password')}
        type="password"
        autoComplete="current-password"
        error={validationText(t, errors.password?.message)}
        {...form.register('password')}
      />
      <p className="-mt-2 text-right">
        <Link to={paths.forgotPassword.getHref()} className="text-sm font-medium text-brand-700 underline">
          {t('auth.login.forgot')}
        </Link>
      </p>
      <Button type="submit" className="w-full" pending={signIn.isPending}>
        {signIn.isPending ? t('auth.login.pending') : t('auth.login.submit')}
      </Button>
      {unconfirmed && (
        <div className="space-y-3 rounded-md border border-amber-300 bg-amber-50 p-3">
          <p className="text-sm text-slate-800">{t('auth.unconfirmed.text', { email: unconfirmed })}</p>
          <Suspense fallback={null}>
            <ResendConfirmationButton email={unconfirmed} />
          </Suspense>
        </div>
      )}
    </form>
  );
}
