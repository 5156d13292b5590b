import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import { useFieldArray, useForm } from 'react-hook-form';
import { FormDialog } from '@/components/form-dialog';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/form-field';
import { SelectField } from '@/components/ui/select-field';
import { TextAreaField } from '@/components/ui/textarea-field';
import { toast } from '@/components/ui/toast';
import { XIcon } from '@/components/x-icon';
import { useFormat } from '@/i18n/format';
import { useT } from '@/i18n/use-t';
import { useOpenDispute } from '../api/open-dispute';
import { DETAILS_MAX, EVIDENCE_MAX, evidenceUrlsOf, type OpenDisputeInput, openDisputeSchema } from '../api/open-dispute-schema';
import { disputesCatalog } from '../messages/catalog';
import { disputeErrorCode, disputeErrorField, disputeErrorText, openDisputeValidationText, reasonText } from '../messages/disputes-text';
import { DISPUTE_REASONS, type DisputeReason } from '../types';

export interface OpenDisputeDialogProps {
  open: boolean;
  applicationId: string;
  /** The money the dispute will freeze. */
  heldCents: number | null;
  onClose: () => void;
  /** The server says a dispute can no longer be opened here (one is open, or the money left escrow). */
  onStale: () => void;
}

/**
 * Open a dispute: a reason from the list, what happened (required) and up to 10 evidence links, after
 * saying that the payment freezes until an admin decides. What was typed stays when the server refuses;
 * its reason shows next to the field it is about, else at the foot of the dialog.
 */
export function OpenDisputeDialog({ open, applicationId, heldCents, onClose, onStale }: OpenDisputeDialogProps) {
  const f = useFormat();
  const evidenceHintId = useId();
  const [serverError, setServerError] = useState<unknown>(null);
  const form = useForm<OpenDisputeInput>({ resolver: zodResolver(openDisputeSchema), defaultValues: { reason: '', details: '', evidence: [{ url: '' }] } });
  const links = useFieldArray({ control: form.control, name: 'evidence' });
  const submit = useOpenDispute({
    onSuccess: () => {
      form.reset();
      setServerError(null);
      toast({ title: t('disputes.open.toast'), description: t('disputes.open.toastText') });
      onClose();
    },
    onError: (error) => {
      const field = disputeErrorField(error);
      if (field === 'reason' || field === 'details') {
        form.setError(field, { message: disputeErrorText(t, error) }, { shouldFocus: true });
        return;
      }
      setServerError(error);
      const code = disputeErrorCode(error);
      if (code === 'dispute_open' || code === 'not_held' || code === 'not_party') onStale();
    },
  });
  const { t } = useT(disputesCatalog);
  const { errors } = form.formState;

  const close = () => {
    setServerError(null);
    form.clearErrors();
    onClose();
  };
  const reasonOptions = [
    { value: '', label: t('disputes.open.reasonPlaceholder'), disabled: true },
    ...DISPUTE_REASONS.map((r) => ({ value: r, label: reasonText(t, r) })),
  ];
  return (
    <FormDialog
      open={open}
      onClose={close}
      pending={submit.isPending}
      size="xl"
      title={t('disputes.open.title')}
      description={t('disputes.open.freeze', { amount: heldCents !== null ? f.money(Number(heldCents)) : '' })}
      descriptionTone="warning"
      onSubmit={form.handleSubmit((values) => {
        setServerError(null);
        submit.mutate({ applicationId, reason: values.reason as DisputeReason, details: values.details, evidenceUrls: evidenceUrlsOf(values) });
      })}
      error={serverError !== null && disputeErrorText(t, serverError)}
      cancelLabel={t('disputes.open.cancel')}
      submitLabel={t('disputes.open.submit')}
      submitVariant="danger"
    >
      <SelectField
        label={t('disputes.open.reason')}
        options={reasonOptions}
        data-autofocus
        error={openDisputeValidationText(t, errors.reason?.message)}
        {...form.register('reason')}
      />
      <TextAreaField
        label={t('disputes.open.details')}
        hint={t('disputes.open.detailsHint')}
        rows={5}
        maxLength={DETAILS_MAX}
        error={openDisputeValidationText(t, errors.details?.message)}
        {...form.register('details')}
      />
      <fieldset aria-describedby={evidenceHintId} className="space-y-2">
        <legend className="text-sm font-medium text-slate-800">{t('disputes.open.evidence')}</legend>
        <p id={evidenceHintId} className="text-xs text-slate-600">
          {t('disputes.open.evidenceHint', { max: EVIDENCE_MAX })}
        </p>
        {links.fields.map((field, i) => (
          <div key={field.id} className="flex items-start gap-2">
            <TextField
              className="min-w-0 flex-1"
              type="url"
              inputMode="url"
              autoComplete="off"
              label={t('disputes.open.evidenceUrl', { number: i + 1 })}
              error={openDisputeValidationText(t, errors.evidence?.[i]?.url?.message)}
              {...form.register(`evidence.${i}.url`)}
            />
            <Button
              variant="ghost"
              size="sm"
              className="mt-7 shrink-0"
              aria-label={t('disputes.open.removeLink', { number: i + 1 })}
              onClick={() => links.remove(i)}
            >
              <XIcon className="size-4" />
            </Button>
          </div>
        ))}
        {errors.evidence?.message && <p className="text-sm text-red-700">{openDisputeValidationText(t, errors.evidence.message)}</p>}
        {links.fields.length < EVIDENCE_MAX && (
          <Button variant="secondary" size="sm" onClick={() => links.append({ url: '' })}>
            {t('disputes.open.addLink')}
          </Button>
        )}
      </fieldset>
    </FormDialog>
  );
}
