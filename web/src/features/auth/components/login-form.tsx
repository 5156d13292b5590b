import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/form-field';
import { toast } from '@/components/ui/toast';
import type { Profile } from '@/types/api';
import type { LoginInput } from '../api/auth-schemas';
import { loginResolver } from '../api/form-resolvers';
import { useSignIn } from '../api/sign-in';

/**
 * The login tab. On failure the 'Login failed' toast carries the server's message and the fields keep
 * what was typed; on success the caller decides where to go.
 */
export function LoginForm({ onSignedIn }: { onSignedIn: (profile: Profile | null) => void }) {
  const form = useForm<LoginInput>({ resolver: loginResolver, defaultValues: { email: '', password: '' } });
  const signIn = useSignIn({
    onSuccess: (profile) => {
      toast({ title: 'Login Successful', description: profile ? `Welcome back, ${profile.full_name}!` : 'Welcome back!' });
      onSignedIn(profile);
    },
    onError: (error) => toast({ title: 'Login failed', description: error.message, variant: 'destructive' }),
  });
  const { errors } = form.formState;
  return (
    <form noValidate onSubmit={form.handleSubmit((values) => signIn.mutate(values))} className="space-y-4">
      <TextField label="Correo electrónico" type="email" autoComplete="email" placeholder="tu@correo.com" error={errors.email?.message} {...form.register('email')} />
      <TextField label="Contraseña" type="password" autoComplete="current-password" error={errors.password?.message} {...form.register('password')} />
      <Button type="submit" className="w-full" pending={signIn.isPending}>
        {signIn.isPending ? 'Iniciando sesión...' : 'Iniciar sesión'}
      </Button>
    </form>
  );
}
