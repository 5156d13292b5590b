import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/form-field';
import { toast } from '@/components/ui/toast';
import { useT } from '@/i18n/use-t';
import { passwordSchema, type PasswordInput } from '../api/settings-schemas';
import { PasswordUpdateError, useUpdatePassword } from '../api/update-password';
import { settingsCatalog } from '../messages/catalog';
import { settingsErrorText, validationText } from '../messages/settings-text';

/**
 * The Security tab: current, new and confirmed password. The current one is checked by signing in with it
 * (see updatePassword); a wrong one is marked on its field and nothing typed is lost. Success clears the form.
 */
export function SecurityForm() {
  const form = useForm<PasswordInput>({
    resolver: zodResolver(passwordSchema),
    defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
  });
  const update = useUpdatePassword();
  const { t } = useT(settingsCatalog);
  const { errors } = form.formState;
  const onSubmit = form.handleSubmit((values) =>
    update.mutate(values, {
      onSuccess: () => {
        form.reset();
        toast({ kind: 'settings.password', title: t('settings.security.toast.updated'), description: t('settings.security.toast.updatedText') });
      },
      onError: (error) => {
        // A field error keeps the rule's identifier (a settingsMessages text), so it follows a language switch.
        if (error instanceof PasswordUpdateError && error.field) form.setError(error.field, { message: error.message }, { shouldFocus: true });
        toast({ kind: 'settings.password', title: t('settings.toast.updateFailed'), description: settingsErrorText(t, error), variant: 'destructive' });
      },
    }),
  );
  return (
    <form noValidate onSubmit={onSubmit} className="max-w-md space-y-4" aria-label={t('settings.security.title')}>
      <TextField
        label={t('settings.security.current')}
        type="password"
        autoComplete="current-password"
        error={validationText(t, errors.currentPassword?.message)}
        {...form.register('currentPassword')}
      />
      <TextField
        label={t('settings.security.new')}
        type="password"
        autoComplete="new-password"
        hint={t('settings.security.new.hint')}
        error={validationText(t, errors.newPassword?.message)}
        {...form.register('newPassword')}
      />
      <TextField
        label={t('settings.security.confirm')}
        type="password"
        autoComplete="new-password"
        error={validationText(t, errors.confirmPassword?.message)}
        {...form.register('confirmPassword')}
      />
      <Button type="submit" pending={update.isPending}>
        {update.isPending ? t('settings.security.updating') : t('settings.security.submit')}
      </Button>
    </form>
  );
}
