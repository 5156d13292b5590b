import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { TextField } from '@/components/ui/form-field';
import { toast } from '@/components/ui/toast';
import { setPasswordSchema, useSetPassword, type SetPasswordInput } from '../api/set-password';

/** First sign-in of an account an admin created: the temporary password must be replaced before anything else. */
export function SetPasswordScreen({ name, onSignOut }: { name: string; onSignOut: () => void }) {
  const form = useForm<SetPasswordInput>({ resolver: zodResolver(setPasswordSchema), defaultValues: { password: '', passwordConfirm: '' } });
  const save = useSetPassword({
    onError: (e) => toast({ title: 'Update failed', description: e.message, variant: 'destructive' }),
  });
  const { errors } = form.formState;
  return (
    <main className="mx-auto mt-16 max-w-md p-4">
      <Card className="p-6">
        <h1 className="text-xl font-semibold text-slate-900">Set your password</h1>
        <p className="mt-1 text-sm text-slate-600">
          Welcome, {name}. Your account was created with a temporary password; choose your own to continue.
        </p>
        <form
          noValidate
          className="mt-4 space-y-4"
          onSubmit={form.handleSubmit((input) =>
            save.mutate(input, { onSuccess: () => toast({ title: 'Password updated', description: 'Your new password is set.' }) }),
          )}
        >
          <TextField label="New password" type="password" autoComplete="new-password" error={errors.password?.message} {...form.register('password')} />
          <TextField label="Confirm password" type="password" autoComplete="new-password" error={errors.passwordConfirm?.message} {...form.register('passwordConfirm')} />
          <Button type="submit" className="w-full" pending={save.isPending}>
            Set password
          </Button>
        </form>
        <button type="button" onClick={onSignOut} className="mt-4 text-sm text-slate-600 underline">
          Sign out
        </button>
      </Card>
    </main>
  );
}
