import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/form-field';
import { TextAreaField } from '@/components/ui/textarea-field';
import { toast } from '@/components/ui/toast';
import type { Profile } from '@/types/api';
import { AccountUpdateError, useUpdateAccount } from '../api/update-account';
import { accountSchema, settingsMessages, type AccountInput, type AccountValues } from '../api/settings-schemas';

/**
 * The Account tab: full name, username, email and bio. A refused save keeps everything typed, marks the
 * field the server refused (a taken username, an email in use) and shows 'Update failed' with its text.
 */
export function AccountForm({ profile }: { profile: Profile }) {
  const form = useForm<AccountInput, unknown, AccountValues>({
    resolver: zodResolver(accountSchema),
    defaultValues: { fullName: profile.full_name, username: profile.username, email: profile.email, bio: profile.bio ?? '' },
  });
  const update = useUpdateAccount(profile.id, profile.email);
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit((values) =>
    update.mutate(values, {
      onSuccess: () => {
        form.reset(values);
        toast({ title: 'Account updated', description: 'Your account information has been updated successfully.' });
      },
      onError: (error) => {
        if (error instanceof AccountUpdateError && error.field === 'username') {
          const taken = /taken/i.test(error.message);
          form.setError('username', { message: taken ? settingsMessages.usernameTaken : error.message }, { shouldFocus: true });
        } else if (error instanceof AccountUpdateError && error.field === 'email') {
          form.setError('email', { message: error.message }, { shouldFocus: true });
        }
        const saved = error instanceof AccountUpdateError && error.profileSaved ? ' Your name, username and bio were saved.' : '';
        toast({ title: 'Update failed', description: `${error.message}${saved}`, variant: 'destructive' });
      },
    }),
  );

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-4" aria-label="Account">
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label="Full name" autoComplete="name" error={errors.fullName?.message} {...form.register('fullName')} />
        <TextField label="Username" autoComplete="username" error={errors.username?.message} {...form.register('username')} />
      </div>
      <TextField label="Email" type="email" autoComplete="email" error={errors.email?.message} {...form.register('email')} />
      <TextAreaField label="Bio" rows={4} error={errors.bio?.message} hint="Tell brands and creators a little about yourself." {...form.register('bio')} />
      <Button type="submit" pending={update.isPending}>
        {update.isPending ? 'Saving...' : 'Save Changes'}
      </Button>
    </form>
  );
}
