import { lazy, Suspense, useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { TextField } from '@/components/ui/form-field';
import { SelectField } from '@/components/ui/select-field';
import { toast } from '@/components/ui/toast';
import { useT } from '@/i18n/use-t';
import { countryOptions } from '@/lib/country-names';
import { PAYOUT_COUNTRIES } from '@contract/payout-countries';
import { signUpMessages } from '@contract/sign-up-messages';
import type { RegisterFormValues, RegisterInput } from '../api/auth-schemas';
import { registerResolver } from '../api/form-resolvers';
import { UsernameTakenError, useSignUp, type SignUpResult } from '../api/sign-up';
import { authErrorText, validationText } from '../messages/auth-text';
import { authCatalog } from '../messages/catalog';
import { RegisterAccountFields } from './register-account-fields';

// Shown only when the project asks for the email to be confirmed: not part of what /auth loads up front.
const CheckEmailNotice = lazy(() => import('./check-email-notice').then((m) => ({ default: m.CheckEmailNotice })));
// The brand's sign-up loads when "Brand" is picked (the /auth bundle budget, decision 0006).
const BrandRegisterForm = lazy(() => import('./brand-register-form').then((m) => ({ default: m.BrandRegisterForm })));

export type SignUpRole = 'creator' | 'brand';

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
  country: '',
};

/**
 * The register tab: the account type (Creator, Brand) and that type's form. When the address must be
 * confirmed first (no session), the form gives way to "Check your email".
 */
export function RegisterForm({
  onRegistered,
  returnPath = null,
  initialRole = 'creator',
}: {
  onRegistered: (result: SignUpResult) => void;
  returnPath?: string | null;
  initialRole?: SignUpRole;
}) {
  const [role, setRole] = useState<SignUpRole>(initialRole);
  const [awaitingConfirmation, setAwaitingConfirmation] = useState<string | null>(null);
  const roleId = useId();
  const { t } = useT(authCatalog);
  // The form stays mounted (hidden) behind "Check your email": Back finds what was typed.
  return (
    <>
      {awaitingConfirmation && (
        <Suspense fallback={null}>
          <CheckEmailNotice email={awaitingConfirmation} onBack={() => setAwaitingConfirmation(null)} />
        </Suspense>
      )}
    <div className="space-y-4" hidden={!!awaitingConfirmation}>
      <div>
        <label htmlFor={roleId} className="block text-sm font-medium text-slate-800">
          {t('auth.field.accountType')}
        </label>
        <select
          id={roleId}
          name="role"
          value={role}
          onChange={(e) => setRole(e.target.value === 'brand' ? 'brand' : 'creator')}
          className="mt-1 block h-10 w-full rounded-md border border-slate-300 bg-white px-3 text-sm"
        >
          <option value="creator">{t('auth.field.accountType.creator')}</option>
          <option value="brand">{t('auth.field.accountType.brand')}</option>
        </select>
      </div>
      {role === 'brand' ? (
        <Suspense fallback={null}>
          <BrandRegisterForm onRegistered={onRegistered} onAwaitingConfirmation={setAwaitingConfirmation} returnPath={returnPath} />
        </Suspense>
      ) : (
        <CreatorRegisterForm onRegistered={onRegistered} onAwaitingConfirmation={setAwaitingConfirmation} returnPath={returnPath} />
      )}
    </div>
    </>
  );
}

/**
 * The creator's sign-up. A taken username becomes an error on the social field it came from;
 * any other failure is the 'Registration failed' toast. Typed values are never cleared on error.
 */
function CreatorRegisterForm({
  onRegistered,
  onAwaitingConfirmation,
  returnPath,
}: {
  onRegistered: (result: SignUpResult) => void;
  onAwaitingConfirmation: (email: string) => void;
  returnPath: string | null;
}) {
  const { t, locale } = useT(authCatalog);
  const form = useForm<RegisterFormValues, unknown, RegisterInput>({ resolver: registerResolver, defaultValues });
  const signUp = useSignUp({
    returnPath,
    onSuccess: (result, input) => {
      if (!result.signedIn) onAwaitingConfirmation(result.email);
      toast({
        kind: 'auth.register',
        title: t('auth.toast.registerSuccess'),
        description: t(result.signedIn ? 'auth.toast.welcomeName' : 'auth.toast.welcomeConfirm', { name: input.fullName }),
      });
      onRegistered(result);
    },
    onError: (error) => {
      if (error instanceof UsernameTakenError) {
        form.setError(error.field, { message: signUpMessages.usernameTaken }, { shouldFocus: true });
        return;
      }
      toast({ kind: 'auth.register', title: t('auth.toast.registerFailed'), description: authErrorText(t, error), variant: 'destructive' });
    },
  });
  const { errors } = form.formState;
  const socialHintId = useId();
  const pending = signUp.isPending;
  return (
    <form noValidate onSubmit={form.handleSubmit((values) => signUp.mutate(values))} className="space-y-4">
      <TextField label={t('auth.field.fullName')} autoComplete="name" error={validationText(t, errors.fullName?.message)} {...form.register('fullName')} />
      {/* Where the creator will be paid: Brazil starts the account in Portuguese (app.sign_up_language). */}
      <SelectField label={t('auth.field.country')} hint={t('auth.field.country.hint')} {...form.register('country')}>
        <option value="">{t('auth.field.country.none')}</option>
        {countryOptions(PAYOUT_COUNTRIES, locale).map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
        <option value="other">{t('auth.field.country.other')}</option>
      </SelectField>
      <fieldset className="space-y-3" aria-describedby={socialHintId}>
        <legend className="text-sm font-medium text-slate-800">{t('auth.social.legend')}</legend>
        <p id={socialHintId} className="text-xs text-slate-600">
          {t('auth.social.hint')}
        </p>
        <TextField
          label={t('auth.social.tiktok')}
          autoComplete="off"
          placeholder={t('auth.social.placeholder')}
          error={validationText(t, errors.tiktokUsername?.message)}
          {...form.register('tiktokUsername')}
        />
        <TextField
          label={t('auth.social.instagram')}
          autoComplete="off"
          placeholder={t('auth.social.placeholder')}
          error={validationText(t, errors.instagramUsername?.message)}
          {...form.register('instagramUsername')}
        />
        <TextField
          label={t('auth.social.youtube')}
          autoComplete="off"
          placeholder={t('auth.social.youtube.placeholder')}
          error={validationText(t, errors.youtubeUsername?.message)}
          {...form.register('youtubeUsername')}
        />
      </fieldset>
      <TextField
        label={t('auth.field.email')}
        type="email"
        autoComplete="email"
        placeholder={t('auth.field.email.placeholder')}
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
