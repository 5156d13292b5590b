import { useId, type ReactNode } from 'react';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { toast } from '@/components/ui/toast';
import { useT } from '@/i18n/use-t';
import { settingsCatalog } from '../messages/catalog';
import type en from '../messages/en.json';

export type Key = keyof typeof en & string;

/** The refusals of api.tax_form_submit the forms word (its DETAIL); any other is the generic failure. */
const SUBMIT_CODES = [
  'tin_format', 'tin_check_digit', 'tin_not_issued', 'tin_generic', 'tin_kind_mismatch', 'tin_required', 'signer_name_mismatch',
  'signer_not_account_holder', 'certification_required', 'date_of_birth_invalid', 'residence_country_not_supported', 'citizenship_required',
  'address_required', 'legal_name_required', 'incorporation_country_required', 'entity_status_required', 'signer_capacity_required',
  'tax_classification_required',
] as const;
type SubmitCode = (typeof SUBMIT_CODES)[number];

/** Which field a refusal points at, so the form marks and focuses it. */
const FIELD_OF: Partial<Record<SubmitCode, string>> = {
  signer_name_mismatch: 'signerName', signer_not_account_holder: 'signerName', date_of_birth_invalid: 'dateOfBirth',
  signer_capacity_required: 'signerCapacity', incorporation_country_required: 'incorporationCountry', entity_status_required: 'entityStatus',
  tax_classification_required: 'taxClassification', legal_name_required: 'legalName',
};

/** The submit callbacks every tax form shares: reset and close on success; on a refusal, say why at the field. */
export function useTaxFormOutcome<T extends FieldValues>(form: UseFormReturn<T>, onSigned: () => void) {
  const { t } = useT(settingsCatalog);
  return {
    onSuccess: () => {
      form.reset();
      onSigned();
      toast({ kind: 'settings.tax', title: t('settings.tax.toast.signed'), description: t('settings.tax.toast.signedText') });
    },
    onError: (error: unknown) => {
      const code = SUBMIT_CODES.find((c) => c === (error as { details?: string | null }).details);
      const key: Key = code ? `settings.tax.error.${code}` : 'settings.tax.error.unknown';
      const field = code?.startsWith('tin_') ? 'tin' : code ? FIELD_OF[code] : undefined;
      if (field) form.setError(field as Path<T>, { message: key }, { shouldFocus: true });
      toast({ kind: 'settings.tax', title: t('settings.tax.toast.failed'), description: t(key), variant: 'destructive' });
    },
  };
}

/** The form's certification under penalties of perjury, paragraph by paragraph, and the box that accepts it. */
export function CertificationBox({ text, accept, error, checkbox }: { text: string; accept: string; error?: string; checkbox: (id: string) => ReactNode }) {
  const id = useId();
  const { t } = useT(settingsCatalog);
  return (
    <div className="rounded-md border border-slate-200 bg-slate-50 p-4 text-sm text-slate-700">
      <h4 className="font-semibold text-slate-900">{t('settings.tax.certification.title')}</h4>
      {text.split('\n').map((p) => (
        <p key={p} className="mt-2">
          {p}
        </p>
      ))}
      <div className="mt-3 flex items-start gap-2">
        {checkbox(id)}
        <label htmlFor={id}>{accept}</label>
      </div>
      {error && <p className="mt-1 text-sm text-red-700">{error}</p>}
    </div>
  );
}

export const checkboxClasses = 'mt-0.5 size-4 shrink-0 rounded border-slate-300 accent-brand-600';
