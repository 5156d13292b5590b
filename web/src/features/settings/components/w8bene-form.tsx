import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/form-field';
import { SelectField } from '@/components/ui/select-field';
import { useT } from '@/i18n/use-t';
import { useSubmitTaxForm } from '../api/tax-form';
import { ENTITY_STATUSES, entityTaxIdKind, W8_COUNTRIES, w8beneBody, w8beneFormSchema, type W8beneFormValues, type W8Country } from '../api/tax-form-schema';
import { settingsCatalog } from '../messages/catalog';
import { countryName } from '../utils/payouts';
import { CertificationBox, checkboxClasses, type Key, useTaxFormOutcome } from './tax-form-parts';

/**
 * Form W-8BEN-E (Rev. October 2021), the lines a small company abroad that sells services fills: 1, 2,
 * 4, 5 (an active NFFE, Part XXV), 6, 9b (the entity's number in its country) and Part XXX, signed by
 * someone with capacity to sign for it.
 */
export function W8beneForm({ userId, onSigned }: { userId: string; onSigned: () => void }) {
  const submit = useSubmitTaxForm(userId);
  const form = useForm<W8beneFormValues>({
    resolver: zodResolver(w8beneFormSchema),
    defaultValues: {
      legalName: '', incorporationCountry: '', entityStatus: '', fatcaStatus: 'active_nffe', addressStreet: '', addressCity: '', addressCountry: '',
      tin: '', signerName: '', signerCapacity: '', perjuryAccepted: false,
    },
  });
  const outcome = useTaxFormOutcome(form, onSigned);
  const { t, locale } = useT(settingsCatalog);
  const { errors } = form.formState;
  const err = (message: string | undefined) => (message ? t(message as Key) : undefined);
  const country = form.watch('addressCountry') as W8Country | '';
  const kind = country ? entityTaxIdKind(country) : null;
  const countries = [{ value: '', label: t('settings.tax.field.choose') }, ...W8_COUNTRIES.map((c) => ({ value: c, label: countryName(c, locale) }))];
  const statuses = [{ value: '', label: t('settings.tax.field.choose') }, ...ENTITY_STATUSES.map((s) => ({ value: s, label: t(`settings.tax.w8bene.status.${s}` as Key) }))];
  const onSubmit = form.handleSubmit((values) => submit.mutate(w8beneBody(values), outcome));
  return (
    <form noValidate onSubmit={onSubmit} className="max-w-xl space-y-4" aria-label={t('settings.tax.formType.w8bene')}>
      <div>
        <h3 className="font-semibold text-slate-900">{t('settings.tax.formType.w8bene')}</h3>
        <p className="text-sm text-slate-600">{t('settings.tax.w8bene.who')}</p>
      </div>
      <TextField label={t('settings.tax.w8bene.name')} hint={t('settings.tax.w8bene.name.hint')} autoComplete="organization" error={err(errors.legalName?.message)} {...form.register('legalName')} />
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField label={t('settings.tax.w8bene.incorporation')} options={countries} error={err(errors.incorporationCountry?.message)} {...form.register('incorporationCountry')} />
        <SelectField label={t('settings.tax.w8bene.status')} options={statuses} error={err(errors.entityStatus?.message)} {...form.register('entityStatus')} />
      </div>
      <div className="rounded-md border border-slate-200 p-3 text-sm text-slate-700">
        <p className="font-medium text-slate-900">{t('settings.tax.w8bene.fatca')}</p>
        <p className="mt-1">{t('settings.tax.w8bene.fatca.active')}</p>
      </div>
      <TextField label={t('settings.tax.w8bene.street')} autoComplete="street-address" error={err(errors.addressStreet?.message)} {...form.register('addressStreet')} />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label={t('settings.tax.field.city')} hint={t('settings.tax.field.city.hint')} error={err(errors.addressCity?.message)} {...form.register('addressCity')} />
        <SelectField label={t('settings.tax.w8bene.country')} options={countries} error={err(errors.addressCountry?.message)} {...form.register('addressCountry')} />
      </div>
      <TextField
        label={kind ? t('settings.tax.w8bene.tinOf', { kind: t(`settings.tax.kind.${kind}` as Key) }) : t('settings.tax.w8bene.tin')}
        hint={t('settings.tax.field.tin.hint')}
        autoComplete="off"
        spellCheck={false}
        error={err(errors.tin?.message)}
        {...form.register('tin')}
      />
      <CertificationBox
        text={t('settings.tax.w8bene.certification')}
        accept={t('settings.tax.w8bene.accept')}
        error={err(errors.perjuryAccepted?.message)}
        checkbox={(id) => <input id={id} type="checkbox" className={checkboxClasses} aria-invalid={errors.perjuryAccepted ? true : undefined} {...form.register('perjuryAccepted')} />}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label={t('settings.tax.w8bene.signer')} hint={t('settings.tax.w8bene.signer.hint')} autoComplete="name" error={err(errors.signerName?.message)} {...form.register('signerName')} />
        <TextField label={t('settings.tax.w8bene.capacity')} hint={t('settings.tax.w8bene.capacity.hint')} error={err(errors.signerCapacity?.message)} {...form.register('signerCapacity')} />
      </div>
      <Button type="submit" pending={submit.isPending}>
        {submit.isPending ? t('settings.tax.submitting') : t('settings.tax.submit')}
      </Button>
    </form>
  );
}
