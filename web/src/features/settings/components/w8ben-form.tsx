import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/form-field';
import { SelectField } from '@/components/ui/select-field';
import { useT } from '@/i18n/use-t';
import { useSubmitTaxForm } from '../api/tax-form';
import { individualTaxIdKind, W8_COUNTRIES, w8benBody, w8benFormSchema, type W8benFormValues, type W8Country } from '../api/tax-form-schema';
import { settingsCatalog } from '../messages/catalog';
import { countryName } from '../utils/payouts';
import { CertificationBox, checkboxClasses, type Key, useTaxFormOutcome } from './tax-form-parts';

/** Form W-8BEN: an individual who is not a US person; the number is checked as typed by the residence country's rule. */
export function W8benForm({ userId, onSigned }: { userId: string; onSigned: () => void }) {
  const submit = useSubmitTaxForm(userId);
  const form = useForm<W8benFormValues>({
    resolver: zodResolver(w8benFormSchema),
    defaultValues: { legalName: '', citizenshipCountry: '', dateOfBirth: '', addressStreet: '', addressCity: '', addressCountry: '', tin: '', signerName: '', perjuryAccepted: false },
  });
  const outcome = useTaxFormOutcome(form, onSigned);
  const { t, locale } = useT(settingsCatalog);
  const { errors } = form.formState;
  const err = (message: string | undefined) => (message ? t(message as Key) : undefined);
  const country = form.watch('addressCountry') as W8Country | '';
  const kind = country ? individualTaxIdKind(country) : null;
  const countries = [{ value: '', label: t('settings.tax.field.choose') }, ...W8_COUNTRIES.map((c) => ({ value: c, label: countryName(c, locale) }))];
  const onSubmit = form.handleSubmit((values) => submit.mutate(w8benBody(values), outcome));
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
      <CertificationBox
        text={t('settings.tax.certification.text')}
        accept={t('settings.tax.certification.accept')}
        error={err(errors.perjuryAccepted?.message)}
        checkbox={(id) => <input id={id} type="checkbox" className={checkboxClasses} aria-invalid={errors.perjuryAccepted ? true : undefined} {...form.register('perjuryAccepted')} />}
      />
      <TextField label={t('settings.tax.field.signer')} hint={t('settings.tax.field.signer.hint')} error={err(errors.signerName?.message)} {...form.register('signerName')} />
      <Button type="submit" pending={submit.isPending}>
        {submit.isPending ? t('settings.tax.submitting') : t('settings.tax.submit')}
      </Button>
    </form>
  );
}
