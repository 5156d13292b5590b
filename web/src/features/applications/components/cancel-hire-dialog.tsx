import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { FormDialog } from '@/components/form-dialog';
import { TextAreaField } from '@/components/ui/textarea-field';
import { toast } from '@/components/ui/toast';
import { useFormat } from '@/i18n/format';
import { useT } from '@/i18n/use-t';
import { useCancelHire } from '../api/cancel-hire';
import { PAYMENT_TEXT_MAX } from '@contract/payment-rules';
import { cancelHireFormSchema, type CancelHireFormValues } from '@contract/payments';
import type { Hire } from '@contract/hire';
import { cancelHireErrorText, cancelHireValidationText } from '../messages/applications-text';
import { applicationsCatalog } from '../messages/catalog';

export interface CancelHireDialogProps {
  open: boolean;
  applicationId: string;
  creatorName: string;
  hire: Hire;
  onClose: () => void;
  /** After the hire was canceled (the dialog has closed). */
  onCanceled: () => void;
}

/**
 * Cancel hire: the brand gives the reason the creator will read; the dialog says what happens to the
 * money (an unfunded hire just closes, a funded one is refunded in full). The typed reason stays when the
 * server refuses, with its reason shown in the dialog. Focus goes to the reason field when it opens.
 */
export function CancelHireDialog({ open, applicationId, creatorName, hire, onClose, onCanceled }: CancelHireDialogProps) {
  const f = useFormat();
  const [serverError, setServerError] = useState<unknown>(null);
  const form = useForm<CancelHireFormValues>({ resolver: zodResolver(cancelHireFormSchema), defaultValues: { reason: '' } });
  const cancel = useCancelHire({
    onSuccess: (outcome) => {
      form.reset({ reason: '' });
      setServerError(null);
      toast(
        outcome === 'refunded'
          ? { title: t('applications.cancelHire.toast.refunded'), description: t('applications.cancelHire.toast.refundedText', { amount: f.money(hire.amount_cents) }) }
          : { title: t('applications.cancelHire.toast.canceled'), description: t('applications.cancelHire.toast.canceledText', { name: creatorName }) },
      );
      onCanceled();
    },
    onError: (error) => setServerError(error),
  });
  const { t, locale } = useT(applicationsCatalog);

  const funded = hire.status === 'funded';
  const close = () => {
    setServerError(null);
    form.clearErrors();
    onClose();
  };
  return (
    <FormDialog
      open={open}
      onClose={close}
      pending={cancel.isPending}
      title={t('applications.cancelHire.title')}
      description={
        funded
          ? t('applications.cancelHire.funded', { amount: f.money(hire.amount_cents), name: creatorName })
          : t('applications.cancelHire.unfunded', { name: creatorName })
      }
      onSubmit={form.handleSubmit(({ reason }) => {
        setServerError(null);
        cancel.mutate({ applicationId, reason });
      })}
      error={serverError !== null && cancelHireErrorText(t, locale, serverError)}
      cancelLabel={t('applications.cancelHire.keep')}
      submitLabel={t(funded ? 'applications.cancelHire.confirmRefund' : 'applications.cancelHire.confirm')}
      submitVariant="danger"
    >
      <TextAreaField
        label={t('applications.cancelHire.reason', { name: creatorName })}
        hint={t('applications.cancelHire.reasonHint', { name: creatorName })}
        rows={4}
        maxLength={PAYMENT_TEXT_MAX}
        data-autofocus
        error={cancelHireValidationText(t, form.formState.errors.reason?.message)}
        {...form.register('reason')}
      />
    </FormDialog>
  );
}
