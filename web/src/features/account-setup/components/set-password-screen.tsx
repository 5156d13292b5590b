import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { TextField } from '@/components/ui/form-field';
import { toast } from '@/components/ui/toast';
import { useT } from '@/i18n/use-t';
import { setPasswordSchema, useSetPassword, type SetPasswordInput } from '../api/set-password';
import { setPasswordErrorText, validationText } from '../messages/account-setup-text';
import { accountSetupCatalog } from '../messages/catalog';

/** First sign-in of an account an admin created: the temporary password must be replaced before anything else. */
export function SetPasswordScreen({ name, onSignOut }: { name: string; onSignOut: () => void }) {
  const { t } = useT(accountSetupCatalog);
  const form = useForm<SetPasswordInput>({ resolver: zodResolver(setPasswordSchema), defaultValues: { password: '', passwordConfirm: '' } });
  const save = useSetPassword({
    onError: (e) => toast({ kind: 'account-setup.password', title: t('account-setup.toast.failed'), description: setPasswordErrorText(t, e), variant: 'destructive' }),
  });
  const { errors } = form.formState;
  return (
    <main className="mx-auto mt-16 max-w-md p-4">
      <Card className="p-6">
        <h1 className="text-xl font-semibold text-slate-900">{t('account-setup.title')}</h1>
        <p className="mt-1 text-sm text-slate-600">{t('account-setup.welcome', { name })}</p>
        <form
          noValidate
          className="mt-4 space-y-4"
          onSubmit={form.handleSubmit((input) =>
            save.mutate(input, { onSuccess: () => toast({ kind: 'account-setup.password', title: t('account-setup.toast.updated'), description: t('account-setup.toast.updatedText') }) }),
          )}
        >
          <TextField
            label={t('account-setup.field.password')}
            type="password"
            autoComplete="new-password"
            error={validationText(t, errors.password?.message)}
            {...form.register('password')}
          />
          <TextField
            label={t('account-setup.field.passwordConfirm')}
            type="password"
            autoComplete="new-password"
            error={validationText(t, errors.passwordConfirm?.message)}
            {...form.register('passwordConfirm')}
          />
          <Button type="submit" className="w-full" pending={save.isPending}>
            {t('account-setup.submit')}
          </Button>
        </form>
        <button type="button" onClick={onSignOut} className="mt-4 text-sm text-slate-600 underline">
          {t('account-setup.signOut')}
        </button>
      </Card>
    </main>
  );
}
