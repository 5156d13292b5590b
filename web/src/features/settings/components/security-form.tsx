import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/form-field';
import { toast } from '@/components/ui/toast';
import { passwordSchema, type PasswordInput } from '../api/settings-schemas';
import { PasswordUpdateError, useUpdatePassword } from '../api/update-password';

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
  const { errors } = form.formState;
  const onSubmit = form.handleSubmit((values) =>
    update.mutate(values, {
      onSuccess: () => {
        form.reset();
        toast({ title: 'Password updated', description: 'Your password has been changed successfully.' });
      },
      onError: (error) => {
        if (error instanceof PasswordUpdateError && error.field) form.setError(error.field, { message: error.message }, { shouldFocus: true });
        toast({ title: 'Update failed', description: error.message, variant: 'destructive' });
      },
    }),
  );
  return (
    <form noValidate onSubmit={onSubmit} className="max-w-md space-y-4" aria-label="Change password">
      <TextField label="Current password" type="password" autoComplete="current-password" error={errors.currentPassword?.message} {...form.register('currentPassword')} />
      <TextField
        label="New password"
        type="password"
        autoComplete="new-password"
        hint="At least 6 characters."
        error={errors.newPassword?.message}
        {...form.register('newPassword')}
      />
      <TextField label="Confirm new password" type="password" autoComplete="new-password" error={errors.confirmPassword?.message} {...form.register('confirmPassword')} />
      <Button type="submit" pending={update.isPending}>
        {update.isPending ? 'Updating...' : 'Update Password'}
      </Button>
    </form>
  );
}
