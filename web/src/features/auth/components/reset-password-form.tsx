import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/form-field';
import { toast } from '@/components/ui/toast';
import { useT } from '@/i18n/use-t';
import type { Profile } from '@/types/api';
import { newPasswordSchema, type NewPasswordInput } from '../api/account-email-schemas';
import { useSetNewPassword } from '../api/set-new-password';
import { authErrorText, validationText } from '../messages/auth-text';
import { authCatalog } from '../messages/catalog';

/**
 * The new password, typed twice (spec section 5's rules and texts). A refusal is a toast and keeps what
 * was typed; on success the caller takes the signed-in user on.
 */
export function ResetPasswordForm({ email, onSaved }: { email: string | undefined; onSaved: (profile: Profile | null) => void }) {
  const { t } = useT(authCatalog);
  const form = useForm<NewPasswordInput>({ resolver: zodResolver(newPasswordSchema), defaultValues: { password: '', passwordConfirm: '' } });
  const save = useSetNewPassword({
    onSuccess: onSaved,
    onError: (error) => toast({ title: t('auth.toast.passwordFailed'), description: authErrorText(t, error), variant: 'destructive' }),
  });
  const { errors } = form.formState;
  return (
    <form noValidate aria-label={t('auth.reset.heading')} className="space-y-4" onSubmit={form.handleSubmit(({ password }) => save.mutate(password))}>
      {email && <p className="text-sm text-slate-700">{t('auth.reset.intro', { email })}</p>}
      {/* For password managers: the account the new password belongs to. */}
      <input type="email" name="email" autoComplete="username" value={email ?? ''} readOnly hidden />
      <TextField
        label={t('auth.field.newPassword')}
        type="password"
        autoComplete="new-password"
        error={validationText(t, errors.password?.message)}
        {...form.register('password')}
      />
      <TextField
        label={t('auth.field.newPasswordConfirm')}
        type="password"
        autoComplete="new-password"
        error={validationText(t, errors.passwordConfirm?.message)}
        {...form.register('passwordConfirm')}
      />
      <Button type="submit" className="w-full" pending={save.isPending}>
        {save.isPending ? t('auth.reset.pending') : t('auth.reset.submit')}
      </Button>
    </form>
  );
}
