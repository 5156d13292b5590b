import { useId } from 'react';
import { useT } from '@/i18n/use-t';
import { chooseTaxForm, type TaxFormType } from '../api/tax-form-schema';
import { settingsCatalog } from '../messages/catalog';
import type { Key } from './tax-form-parts';

export type TaxFormAnswers = { usPerson: boolean | null; entity: boolean | null };

/** The form the answers pick, once both questions (or the first, for a US person) are answered. */
export function chosenForm(a: TaxFormAnswers): TaxFormType | null {
  if (a.usPerson === true) return 'w9';
  if (a.usPerson === false && a.entity !== null) return chooseTaxForm(false, a.entity);
  return null;
}

/** The two questions that pick the form (Instructions for the Requester: a US person a W-9; else W-8BEN or W-8BEN-E). */
export function TaxFormChooser({ answers, onChange }: { answers: TaxFormAnswers; onChange: (a: TaxFormAnswers) => void }) {
  const { t } = useT(settingsCatalog);
  return (
    <div className="max-w-xl space-y-4">
      <Question
        legend={t('settings.tax.choose.us')}
        hint={t('settings.tax.choose.us.hint')}
        value={answers.usPerson}
        yes={t('settings.tax.choose.us.yes')}
        no={t('settings.tax.choose.us.no')}
        onChange={(usPerson) => onChange({ ...answers, usPerson })}
      />
      {answers.usPerson === false && (
        <Question
          legend={t('settings.tax.choose.entity')}
          hint={t('settings.tax.choose.entity.hint')}
          value={answers.entity}
          yes={t('settings.tax.choose.entity.yes')}
          no={t('settings.tax.choose.entity.no')}
          onChange={(entity) => onChange({ ...answers, entity })}
        />
      )}
      {chosenForm(answers) && (
        <p className="text-sm text-slate-700">
          {t('settings.tax.choose.result', { form: t(`settings.tax.formType.${chosenForm(answers)}` as Key) })}
        </p>
      )}
    </div>
  );
}

function Question({ legend, hint, value, yes, no, onChange }: { legend: string; hint: string; value: boolean | null; yes: string; no: string; onChange: (v: boolean) => void }) {
  const name = useId();
  const option = (v: boolean, label: string) => (
    <label className="flex items-center gap-2 rounded-md border border-slate-200 px-3 py-2 has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50">
      <input type="radio" name={name} className="size-4 accent-brand-600" checked={value === v} onChange={() => onChange(v)} />
      <span>{label}</span>
    </label>
  );
  return (
    <fieldset>
      <legend className="font-medium text-slate-900">{legend}</legend>
      <p className="mt-1 text-sm text-slate-600">{hint}</p>
      <div className="mt-2 grid gap-2 sm:grid-cols-2">
        {option(true, yes)}
        {option(false, no)}
      </div>
    </fieldset>
  );
}
