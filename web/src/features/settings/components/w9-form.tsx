import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/form-field';
import { SelectField } from '@/components/ui/select-field';
import { useT } from '@/i18n/use-t';
import { useSubmitTaxForm } from '../api/tax-form';
import { W9_CLASSIFICATIONS, w9Body, w9FormSchema, type W9FormValues } from '../api/tax-form-schema';
import { settingsCatalog } from '../messages/catalog';
import { CertificationBox, checkboxClasses, type Key, useTaxFormOutcome } from './tax-form-parts';

/**
 * Form W-9 (Rev. March 2024): a US person. Lines 1, 2, 3a, 5, 6, Part I (SSN or EIN, checked by the
 * SSA's never-issued ranges and the IRS's EIN prefixes) and Part II's certification. It does not expire.
 */
export function W9Form({ userId, onSigned }: { userId: string; onSigned: () => void }) {
  const submit = useSubmitTaxForm(userId);
  const form = useForm<W9FormValues>({
    resolver: zodResolver(w9FormSchema),
    defaultValues: { legalName: '', businessName: '', taxClassification: '', addressStreet: '', addressCity: '', tinKind: 'ssn', tin: '', signerName: '', perjuryAccepted: false },
  });
  const outcome = useTaxFormOutcome(form, onSigned);
  const { t } = useT(settingsCatalog);
  const { errors } = form.formState;
  const err = (message: string | undefined) => (message ? t(message as Key) : undefined);
  const kind = form.watch('tinKind') === 'ein' ? 'ein' : 'ssn';
  const classifications = [
    { value: '', label: t('settings.tax.field.choose') },
    ...W9_CLASSIFICATIONS.map((c) => ({ value: c, label: t(`settings.tax.w9.class.${c}` as Key) })),
  ];
  const kinds = (['ssn', 'ein'] as const).map((k) => ({ value: k, label: t(`settings.tax.w9.kind.${k}` as Key) }));
  const onSubmit = form.handleSubmit((values) => submit.mutate(w9Body(values), outcome));
  return (
    <form noValidate onSubmit={onSubmit} className="max-w-xl space-y-4" aria-label={t('settings.tax.formType.w9')}>
      <div>
        <h3 className="font-semibold text-slate-900">{t('settings.tax.formType.w9')}</h3>
        <p className="text-sm text-slate-600">{t('settings.tax.w9.who')}</p>
      </div>
      <TextField label={t('settings.tax.w9.name')} hint={t('settings.tax.w9.name.hint')} autoComplete="name" error={err(errors.legalName?.message)} {...form.register('legalName')} />
      <TextField label={t('settings.tax.w9.business')} autoComplete="organization" error={err(errors.businessName?.message)} {...form.register('businessName')} />
      <SelectField label={t('settings.tax.w9.classification')} options={classifications} error={err(errors.taxClassification?.message)} {...form.register('taxClassification')} />
      <TextField label={t('settings.tax.w9.street')} autoComplete="street-address" error={err(errors.addressStreet?.message)} {...form.register('addressStreet')} />
      <TextField label={t('settings.tax.w9.city')} error={err(errors.addressCity?.message)} {...form.register('addressCity')} />
      <div className="grid gap-4 sm:grid-cols-[10rem_1fr]">
        <SelectField label={t('settings.tax.w9.tinKind')} options={kinds} {...form.register('tinKind')} />
        <TextField
          label={t('settings.tax.w9.tinOf', { kind: t(`settings.tax.kind.${kind}` as Key) })}
          hint={t(kind === 'ssn' ? 'settings.tax.w9.ssn.hint' : 'settings.tax.w9.ein.hint')}
          autoComplete="off"
          inputMode="numeric"
          spellCheck={false}
          error={err(errors.tin?.message)}
          {...form.register('tin')}
        />
      </div>
      <CertificationBox
        text={t('settings.tax.w9.certification')}
        accept={t('settings.tax.certification.accept')}
        error={err(errors.perjuryAccepted?.message)}
        checkbox={(id) => <input id={id} type="checkbox" className={checkboxClasses} aria-invalid={errors.perjuryAccepted ? true : undefined} {...form.register('perjuryAccepted')} />}
      />
      <TextField label={t('settings.tax.w9.signer')} hint={t('settings.tax.w9.signer.hint')} error={err(errors.signerName?.message)} {...form.register('signerName')} />
      <Button type="submit" pending={submit.isPending}>
        {submit.isPending ? t('settings.tax.submitting') : t('settings.tax.submit')}
      </Button>
    </form>
  );
}
