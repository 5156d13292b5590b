import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { TextField } from '@/components/ui/form-field';
import { toast } from '@/components/ui/toast';
import { signUpLanguage } from '@/i18n/sign-up-language';
import { useT } from '@/i18n/use-t';
import { currentProfileQueryOptions } from '@/lib/auth';
import { loadSupabase } from '@/lib/supabase-loader';
import type { BrandRegisterFormValues, BrandRegisterInput } from '../api/auth-schemas';
import { lazyResolver } from '../api/lazy-resolver';
import { confirmEmailRedirect } from '../api/email-links';
import type { SignUpResult } from '../api/sign-up';
import { authErrorText, validationText } from '../messages/auth-text';
import { authCatalog } from '../messages/catalog';
import { RegisterAccountFields } from './register-account-fields';

// Loaded when "Brand" is picked: the creator's sign-up, /auth's first screen, does not carry it.

const resolver = lazyResolver<BrandRegisterFormValues, unknown, BrandRegisterInput>(() =>
  import('../api/auth-resolvers').then((m) => m.brandRegisterResolver),
);

const defaultValues: BrandRegisterFormValues = {
  role: 'brand',
  companyName: '',
  website: '',
  email: '',
  password: '',
  passwordConfirm: '',
  terms: false,
};

/**
 * Signs a brand up: the role, company and website go in the user metadata, which the database turns into
 * a brand that is pending until approved (decision 0036; it never trusts the metadata for more than
 * 'brand' or 'creator'). The username is derived from the email by the database.
 */
async function signUpBrand(input: BrandRegisterInput, fetchProfile: (id: string) => Promise<SignUpResult['profile']>, returnPath: string | null): Promise<SignUpResult> {
  const { supabase } = await loadSupabase();
  const { data, error } = await supabase.auth.signUp({
    email: input.email,
    password: input.password,
    options: {
      emailRedirectTo: confirmEmailRedirect(returnPath),
      data: { ...signUpLanguage(), role: 'brand', company_name: input.companyName, full_name: input.companyName, website: input.website },
    },
  });
  if (error) throw error;
  if (!data.session || !data.user) return { profile: null, signedIn: false, email: input.email };
  return { profile: await fetchProfile(data.user.id), signedIn: true, email: input.email };
}

/** The register tab's brand form: company name, website, work email, password twice, terms. */
export function BrandRegisterForm({
  onRegistered,
  onAwaitingConfirmation,
  returnPath,
}: {
  onRegistered: (result: SignUpResult) => void;
  onAwaitingConfirmation: (email: string) => void;
  returnPath: string | null;
}) {
  const { t } = useT(authCatalog);
  const queryClient = useQueryClient();
  const form = useForm<BrandRegisterFormValues, unknown, BrandRegisterInput>({ resolver, defaultValues });
  const signUp = useMutation({
    mutationFn: (input: BrandRegisterInput) => signUpBrand(input, (id) => queryClient.fetchQuery(currentProfileQueryOptions(id)), returnPath),
    onSuccess: (result, input) => {
      if (!result.signedIn) onAwaitingConfirmation(result.email);
      toast({
        kind: 'auth.register',
        title: t('auth.toast.registerSuccess'),
        description: t(result.signedIn ? 'auth.toast.welcomeName' : 'auth.toast.welcomeConfirm', { name: input.companyName }),
      });
      onRegistered(result);
    },
    onError: (error) => {
      toast({ kind: 'auth.register', title: t('auth.toast.registerFailed'), description: authErrorText(t, error), variant: 'destructive' });
    },
  });
  const { errors } = form.formState;
  const hintId = useId();
  const pending = signUp.isPending;
  return (
    <form noValidate onSubmit={form.handleSubmit((values) => signUp.mutate(values))} className="space-y-4" aria-describedby={hintId}>
      <p id={hintId} className="rounded-md bg-brand-50 px-3 py-2 text-xs text-brand-800">
        {t('auth.brandSignUp.hint')}
      </p>
      <TextField label={t('auth.field.companyName')} autoComplete="organization" error={validationText(t, errors.companyName?.message)} {...form.register('companyName')} />
      <TextField
        label={t('auth.field.website')}
        type="url"
        inputMode="url"
        autoComplete="url"
        placeholder={t('auth.field.website.placeholder')}
        error={validationText(t, errors.website?.message)}
        {...form.register('website')}
      />
      <TextField
        label={t('auth.field.workEmail')}
        type="email"
        autoComplete="email"
        placeholder={t('auth.field.workEmail.placeholder')}
        error={validationText(t, errors.email?.message)}
        {...form.register('email')}
      />
      <RegisterAccountFields
        register={(name) => form.register(name)}
        errorOf={(name) => validationText(t, errors[name]?.message)}
        pending={pending}
      />
    </form>
  );
}
