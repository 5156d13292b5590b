import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/form-field';
import { toast } from '@/components/ui/toast';
import { paths } from '@/config/paths';
import { signUpMessages } from '@contract/sign-up-messages';
import type { RegisterFormValues, RegisterInput } from '../api/auth-schemas';
import { registerResolver } from '../api/form-resolvers';
import { UsernameTakenError, useSignUp, type SignUpResult } from '../api/sign-up';

const defaultValues: RegisterFormValues = {
  role: 'creator',
  fullName: '',
  tiktokUsername: '',
  instagramUsername: '',
  youtubeUsername: '',
  email: '',
  password: '',
  passwordConfirm: '',
  terms: false,
};

/**
 * The register tab (creators only). A taken username becomes an error on the social field it came from;
 * any other failure is the 'Registration failed' toast. Typed values are never cleared on error.
 */
export function RegisterForm({ onRegistered }: { onRegistered: (result: SignUpResult) => void }) {
  const form = useForm<RegisterFormValues, unknown, RegisterInput>({ resolver: registerResolver, defaultValues });
  const signUp = useSignUp({
    onSuccess: (result, input) => {
      toast({
        title: 'Registration Successful',
        description: result.signedIn ? `Welcome, ${input.fullName}!` : `Welcome, ${input.fullName}! Check your email to confirm your account.`,
      });
      onRegistered(result);
    },
    onError: (error) => {
      if (error instanceof UsernameTakenError) {
        form.setError(error.field, { message: signUpMessages.usernameTaken }, { shouldFocus: true });
        return;
      }
      toast({ title: 'Registration failed', description: error.message, variant: 'destructive' });
    },
  });
  const { errors } = form.formState;
  const socialHintId = useId();
  const termsId = useId();
  const termsErrorId = useId();
  const roleId = useId();
  const pending = signUp.isPending;

  return (
    <form noValidate onSubmit={form.handleSubmit((values) => signUp.mutate(values))} className="space-y-4">
      <div>
        <label htmlFor={roleId} className="block text-sm font-medium text-slate-800">
          Tipo de cuenta
        </label>
        <select id={roleId} className="mt-1 block h-10 w-full rounded-md border border-slate-300 bg-white px-3 text-sm" {...form.register('role')}>
          <option value="creator">Creador</option>
        </select>
      </div>
      <TextField label="Nombre completo" autoComplete="name" error={errors.fullName?.message} {...form.register('fullName')} />
      <fieldset className="space-y-3" aria-describedby={socialHintId}>
        <legend className="text-sm font-medium text-slate-800">Redes sociales</legend>
        <p id={socialHintId} className="text-xs text-slate-600">
          Ingresa al menos un usuario de redes sociales. El primero que completes será tu usuario en la plataforma.
        </p>
        <TextField label="Usuario de TikTok" autoComplete="off" placeholder="tu_usuario" error={errors.tiktokUsername?.message} {...form.register('tiktokUsername')} />
        <TextField label="Usuario de Instagram" autoComplete="off" placeholder="tu_usuario" error={errors.instagramUsername?.message} {...form.register('instagramUsername')} />
        <TextField label="Usuario de YouTube" autoComplete="off" placeholder="tu_canal" error={errors.youtubeUsername?.message} {...form.register('youtubeUsername')} />
      </fieldset>
      <TextField label="Correo electrónico" type="email" autoComplete="email" placeholder="tu@correo.com" error={errors.email?.message} {...form.register('email')} />
      <TextField label="Contraseña" type="password" autoComplete="new-password" error={errors.password?.message} {...form.register('password')} />
      <TextField label="Confirmar contraseña" type="password" autoComplete="new-password" error={errors.passwordConfirm?.message} {...form.register('passwordConfirm')} />
      <div>
        <div className="flex items-start gap-2">
          <input
            id={termsId}
            type="checkbox"
            className="mt-0.5 size-4 rounded border-slate-300 accent-brand-600"
            aria-invalid={errors.terms ? true : undefined}
            aria-describedby={errors.terms ? termsErrorId : undefined}
            {...form.register('terms')}
          />
          <label htmlFor={termsId} className="text-sm text-slate-700">
            Acepto los{' '}
            <a href={paths.terms.getHref()} target="_blank" rel="noopener noreferrer" className="font-medium text-brand-700 underline">
              términos y condiciones<span className="sr-only"> (se abre en una nueva pestaña)</span>
            </a>{' '}
            y la{' '}
            <a href={paths.privacy.getHref()} target="_blank" rel="noopener noreferrer" className="font-medium text-brand-700 underline">
              política de privacidad<span className="sr-only"> (se abre en una nueva pestaña)</span>
            </a>
          </label>
        </div>
        {errors.terms && (
          <p id={termsErrorId} className="mt-1 text-sm text-red-700">
            {errors.terms.message}
          </p>
        )}
      </div>
      <Button type="submit" className="w-full" pending={pending}>
        {pending ? 'Creando cuenta...' : 'Crear cuenta'}
      </Button>
    </form>
  );
}
