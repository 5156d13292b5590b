import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/form-field';
import { TextAreaField } from '@/components/ui/textarea-field';
import { toast } from '@/components/ui/toast';
import { useT } from '@/i18n/use-t';
import { useSession } from '@/lib/auth';
import type { Profile } from '@/types/api';
import { AccountUpdateError, useUpdateAccount } from '../api/update-account';
import { accountSchema, settingsMessages, type AccountInput, type AccountValues } from '../api/settings-schemas';
import { settingsCatalog } from '../messages/catalog';
import { settingsErrorText, validationText } from '../messages/settings-text';

/**
 * The Account tab: full name, username, email and bio. A refused save keeps everything typed, marks the
 * field the server refused (a taken username, an email in use) and shows 'Update failed' with the reason.
 */
export function AccountForm({ profile }: { profile: Profile }) {
  const form = useForm<AccountInput, unknown, AccountValues>({
    resolver: zodResolver(accountSchema),
    defaultValues: { fullName: profile.full_name, username: profile.username, email: profile.email, bio: profile.bio ?? '' },
  });
  const update = useUpdateAccount(profile.id, profile.email);
  const { errors } = form.formState;
  // An email change waiting for its confirmation links (Auth's new_email, kept with the session).
  const pendingEmail = useSession().session?.user.new_email;
  const { t } = useT(settingsCatalog);

  const onSubmit = form.handleSubmit((values) =>
    update.mutate(values, {
      onSuccess: ({ emailPending }) => {
        // The address stays the current one until a confirmation link is followed.
        form.reset(emailPending ? { ...values, email: profile.email } : values);
        toast({
          kind: 'settings.account',
          title: t('settings.account.toast.updated'),
          description: emailPending
            ? t('settings.account.toast.emailPending', { email: emailPending, current: profile.email })
            : t('settings.account.toast.updatedText'),
        });
      },
      onError: (error) => {
        const reason = settingsErrorText(t, error);
        if (error instanceof AccountUpdateError && error.field === 'username') {
          const message = error.code === 'username_taken' ? settingsMessages.usernameTaken : reason;
          form.setError('username', { message }, { shouldFocus: true });
        } else if (error instanceof AccountUpdateError && error.field === 'email') {
          form.setError('email', { message: reason }, { shouldFocus: true });
        }
        const saved = error instanceof AccountUpdateError && error.profileSaved;
        toast({ kind: 'settings.account', title: t('settings.toast.updateFailed'), description: saved ? t('settings.account.profileSaved', { reason }) : reason, variant: 'destructive' });
      },
    }),
  );

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-4" aria-label={t('settings.tabs.account')}>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label={t('settings.field.fullName')} autoComplete="name" error={validationText(t, errors.fullName?.message)} {...form.register('fullName')} />
        <TextField label={t('settings.field.username')} autoComplete="username" error={validationText(t, errors.username?.message)} {...form.register('username')} />
      </div>
      <TextField
        label={t('settings.field.email')}
        type="email"
        autoComplete="email"
        error={validationText(t, errors.email?.message)}
        hint={pendingEmail ? t('settings.account.emailPending', { email: pendingEmail, current: profile.email }) : undefined}
        {...form.register('email')}
      />
      <TextAreaField
        label={t('settings.field.bio')}
        rows={4}
        error={validationText(t, errors.bio?.message)}
        hint={t('settings.account.bioHint')}
        {...form.register('bio')}
      />
      <Button type="submit" pending={update.isPending}>
        {update.isPending ? t('settings.saving') : t('settings.account.save')}
      </Button>
    </form>
  );
}
