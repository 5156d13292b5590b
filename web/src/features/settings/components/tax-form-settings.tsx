import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { useFormat } from '@/i18n/format';
import { useT } from '@/i18n/use-t';
import { useTaxForm, type MyTaxForm } from '../api/tax-form';
import { settingsCatalog } from '../messages/catalog';
import { chosenForm, TaxFormChooser, type TaxFormAnswers } from './tax-form-chooser';
import type { Key } from './tax-form-parts';
import { W8benForm } from './w8ben-form';
import { W8beneForm } from './w8bene-form';
import { W9Form } from './w9-form';

/** A date-only value read as that calendar day wherever the reader is (midday local, never the day before). */
const calendarDay = (day: string) => new Date(`${day}T12:00:00`);

const STATE_CLASSES: Record<string, string> = {
  valid: 'bg-emerald-50 text-emerald-800 border-emerald-200',
  expiring_soon: 'bg-amber-50 text-amber-900 border-amber-300',
  expired: 'bg-red-50 text-red-800 border-red-200',
  missing: 'bg-amber-50 text-amber-900 border-amber-300',
  name_mismatch: 'bg-red-50 text-red-800 border-red-200',
};

/**
 * The tax form of the Payouts tab (issue 36, decisions 0044 and 0051): what is on file (its number
 * masked, until when it is valid), then two questions that pick the form to sign (W-8BEN, W-8BEN-E or
 * W-9), each number checked as typed by the contract's rules; the database checks again and encrypts it.
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
        <SignForm userId={userId} onSigned={() => setSigning(false)} />
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

/** The chooser, then the form it picked (a new form replaces the one on file). */
function SignForm({ userId, onSigned }: { userId: string; onSigned: () => void }) {
  const [answers, setAnswers] = useState<TaxFormAnswers>({ usPerson: null, entity: null });
  const chosen = chosenForm(answers);
  return (
    <div className="space-y-6">
      <TaxFormChooser answers={answers} onChange={setAnswers} />
      {chosen === 'w8ben' && <W8benForm userId={userId} onSigned={onSigned} />}
      {chosen === 'w8bene' && <W8beneForm userId={userId} onSigned={onSigned} />}
      {chosen === 'w9' && <W9Form userId={userId} onSigned={onSigned} />}
    </div>
  );
}
