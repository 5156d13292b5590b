import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/form-field';
import { SelectField } from '@/components/ui/select-field';
import { toast } from '@/components/ui/toast';
import { useFormat } from '@/i18n/format';
import { useT } from '@/i18n/use-t';
import { useSubmitW8ben, useTaxForm, type MyTaxForm } from '../api/tax-form';
import { individualTaxIdKind, W8_COUNTRIES, w8benFormSchema, type W8benFormValues, type W8Country } from '../api/tax-form-schema';
import { settingsCatalog } from '../messages/catalog';
import type en from '../messages/en.json';
import { countryName } from '../utils/payouts';

type Key = keyof typeof en & string;

/** A date-only value read as that calendar day wherever the reader is (midday local, never the day before). */
const calendarDay = (day: string) => new Date(`${day}T12:00:00`);

/** The refusals of api.tax_form_submit this form words (its DETAIL); any other is the generic failure. */
const SUBMIT_CODES = [
  'tin_format', 'tin_check_digit', 'tin_not_issued', 'tin_generic', 'tin_kind_mismatch', 'tin_required', 'signer_name_mismatch',
  'certification_required', 'date_of_birth_invalid', 'residence_country_not_supported', 'citizenship_required', 'address_required', 'legal_name_required',
] as const;

const STATE_CLASSES: Record<string, string> = {
  valid: 'bg-emerald-50 text-emerald-800 border-emerald-200',
  expiring_soon: 'bg-amber-50 text-amber-900 border-amber-300',
  expired: 'bg-red-50 text-red-800 border-red-200',
  missing: 'bg-amber-50 text-amber-900 border-amber-300',
};

/**
 * The tax form of the Payouts tab (issue 36, decision 0044): what is on file (its number masked, until
 * when it is valid) and the W-8BEN to sign, checked as typed by the contract's rules for the residence
 * country; the database checks again and keeps the number encrypted.
 */
export function TaxFormSettings({ userId }: { userId: string }) {
  const form = useTaxForm(userId);
  const [signing, setSigning] = useState(false);
  const { t } = useT(settingsCatalog);
  if (form.isPending) return <p className="text-sm text-slate-600">{t('settings.tax.loading')}</p>;
  const current = form.data;
  const state = current?.state ?? 'missing';
  return (
    <section aria-labelledby="settings-tax" className="space-y-4">
      <div>
        <h2 id="settings-tax" className="text-lg font-semibold text-slate-900">
          {t('settings.tax.title')}
        </h2>
        <p className="mt-1 text-sm text-slate-600">{t('settings.tax.lead')}</p>
      </div>
      <TaxFormStatus form={current ?? null} state={state} />
      {state !== 'missing' && !signing ? (
        <Button variant="secondary" onClick={() => setSigning(true)}>
          {t('settings.tax.signNew')}
        </Button>
      ) : (
        <W8benForm userId={userId} onSigned={() => setSigning(false)} />
      )}
    </section>
  );
}

function TaxFormStatus({ form, state }: { form: MyTaxForm | null; state: string }) {
  const f = useFormat();
  const { t } = useT(settingsCatalog);
  return (
    <div className={`rounded-md border p-4 text-sm ${STATE_CLASSES[state] ?? STATE_CLASSES.missing}`}>
      <p className="font-semibold">{t(`settings.tax.state.${state}` as Key)}</p>
      {form?.form_type && form.tin_masked && form.signed_on && (
        <dl className="mt-2 grid gap-x-4 gap-y-1 sm:grid-cols-[auto_1fr]">
          <dt className="text-slate-600">{t('settings.tax.onFile.form')}</dt>
          <dd>{t(`settings.tax.formType.${form.form_type}` as Key)}</dd>
          <dt className="text-slate-600">{t('settings.tax.onFile.name')}</dt>
          <dd>{form.legal_name}</dd>
          <dt className="text-slate-600">{t('settings.tax.onFile.number')}</dt>
          <dd className="font-mono">{`${t(`settings.tax.kind.${form.tin_kind}` as Key)} ${form.tin_masked}`}</dd>
          <dt className="text-slate-600">{t('settings.tax.onFile.signed')}</dt>
          <dd>{f.date(calendarDay(form.signed_on))}</dd>
          <dt className="text-slate-600">{t('settings.tax.onFile.validUntil')}</dt>
          <dd>{form.expires_on ? f.date(calendarDay(form.expires_on)) : t('settings.tax.onFile.noExpiry')}</dd>
        </dl>
      )}
    </div>
  );
}

function W8benForm({ userId, onSigned }: { userId: string; onSigned: () => void }) {
  const perjuryId = useId();
  const submit = useSubmitW8ben(userId);
  const form = useForm<W8benFormValues>({
    resolver: zodResolver(w8benFormSchema),
    defaultValues: { legalName: '', citizenshipCountry: '', dateOfBirth: '', addressStreet: '', addressCity: '', addressCountry: '', tin: '', signerName: '', perjuryAccepted: false },
  });
  const { t, locale } = useT(settingsCatalog);
  const { errors } = form.formState;
  const err = (message: string | undefined) => (message ? t(message as Key) : undefined);
  const country = form.watch('addressCountry') as W8Country | '';
  const kind = country ? individualTaxIdKind(country) : null;
  const countries = [{ value: '', label: t('settings.tax.field.choose') }, ...W8_COUNTRIES.map((c) => ({ value: c, label: countryName(c, locale) }))];
  const onSubmit = form.handleSubmit((values) =>
    submit.mutate(values, {
      onSuccess: () => {
        form.reset();
        onSigned();
        toast({ kind: 'settings.tax', title: t('settings.tax.toast.signed'), description: t('settings.tax.toast.signedText') });
      },
      onError: (error) => {
        const code = SUBMIT_CODES.find((c) => c === (error as { details?: string | null }).details);
        const key: Key = code ? `settings.tax.error.${code}` : 'settings.tax.error.unknown';
        const field = code?.startsWith('tin_') ? 'tin' : code === 'signer_name_mismatch' ? 'signerName' : code === 'date_of_birth_invalid' ? 'dateOfBirth' : null;
        if (field) form.setError(field, { message: key }, { shouldFocus: true });
        const text = t(key);
        toast({ kind: 'settings.tax', title: t('settings.tax.toast.failed'), description: text, variant: 'destructive' });
      },
    }),
  );
  return (
    <form noValidate onSubmit={onSubmit} className="max-w-xl space-y-4" aria-label={t('settings.tax.formType.w8ben')}>
      <div>
        <h3 className="font-semibold text-slate-900">{t('settings.tax.formType.w8ben')}</h3>
        <p className="text-sm text-slate-600">{t('settings.tax.w8ben.who')}</p>
      </div>
      <TextField label={t('settings.tax.field.legalName')} hint={t('settings.tax.field.legalName.hint')} autoComplete="name" error={err(errors.legalName?.message)} {...form.register('legalName')} />
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField label={t('settings.tax.field.citizenship')} options={countries} error={err(errors.citizenshipCountry?.message)} {...form.register('citizenshipCountry')} />
        <TextField label={t('settings.tax.field.dateOfBirth')} type="date" autoComplete="bday" error={err(errors.dateOfBirth?.message)} {...form.register('dateOfBirth')} />
      </div>
      <TextField label={t('settings.tax.field.street')} autoComplete="street-address" error={err(errors.addressStreet?.message)} {...form.register('addressStreet')} />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label={t('settings.tax.field.city')} hint={t('settings.tax.field.city.hint')} error={err(errors.addressCity?.message)} {...form.register('addressCity')} />
        <SelectField label={t('settings.tax.field.country')} hint={t('settings.tax.field.country.hint')} options={countries} error={err(errors.addressCountry?.message)} {...form.register('addressCountry')} />
      </div>
      <TextField
        label={kind ? t('settings.tax.field.tinOf', { kind: t(`settings.tax.kind.${kind}` as Key) }) : t('settings.tax.field.tin')}
        hint={t('settings.tax.field.tin.hint')}
        autoComplete="off"
        spellCheck={false}
        error={err(errors.tin?.message)}
        {...form.register('tin')}
      />
      <div className="rounded-md border border-slate-200 bg-slate-50 p-4 text-sm text-slate-700">
        <h4 className="font-semibold text-slate-900">{t('settings.tax.certification.title')}</h4>
        <p className="mt-2">{t('settings.tax.certification.text')}</p>
        <div className="mt-3 flex items-start gap-2">
          <input
            id={perjuryId}
            type="checkbox"
            className="mt-0.5 size-4 rounded border-slate-300 accent-brand-600"
            aria-invalid={errors.perjuryAccepted ? true : undefined}
            {...form.register('perjuryAccepted')}
          />
          <label htmlFor={perjuryId}>{t('settings.tax.certification.accept')}</label>
        </div>
        {errors.perjuryAccepted && <p className="mt-1 text-sm text-red-700">{err(errors.perjuryAccepted.message)}</p>}
      </div>
      <TextField label={t('settings.tax.field.signer')} hint={t('settings.tax.field.signer.hint')} error={err(errors.signerName?.message)} {...form.register('signerName')} />
      <p className="text-xs text-slate-600">{t('settings.tax.otherForms')}</p>
      <Button type="submit" pending={submit.isPending}>
        {submit.isPending ? t('settings.tax.submitting') : t('settings.tax.submit')}
      </Button>
    </form>
  );
}
