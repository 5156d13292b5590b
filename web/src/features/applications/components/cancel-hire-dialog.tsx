import { Description, Dialog, DialogBackdrop, DialogPanel, DialogTitle } from '@headlessui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
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
  const reasonRef = useRef<HTMLTextAreaElement | null>(null);
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
  // Headless UI moves no focus on touch devices: focus the reason field once open (a keyboard may be attached).
  useEffect(() => {
    if (!open) return;
    const frame = requestAnimationFrame(() => reasonRef.current?.focus());
    return () => cancelAnimationFrame(frame);
  }, [open]);
  // The last hook: see useT's note in messages/catalog.ts.
  const { t, locale } = useT(applicationsCatalog);

  const funded = hire.status === 'funded';
  const close = () => {
    if (cancel.isPending) return;
    setServerError(null);
    form.clearErrors();
    onClose();
  };
  const { ref: registerRef, ...reasonField } = form.register('reason');
  return (
    <Dialog open={open} onClose={close} className="relative z-50">
      <DialogBackdrop className="fixed inset-0 bg-slate-900/50" />
      <div className="fixed inset-0 flex items-center justify-center overflow-y-auto p-4">
        <DialogPanel className="w-full max-w-lg rounded-lg bg-white p-6 shadow-xl">
          <DialogTitle className="text-lg font-semibold text-slate-900">{t('applications.cancelHire.title')}</DialogTitle>
          <Description className="mt-2 text-sm text-slate-700">
            {funded
              ? t('applications.cancelHire.funded', { amount: f.money(hire.amount_cents), name: creatorName })
              : t('applications.cancelHire.unfunded', { name: creatorName })}
          </Description>
          <form
            noValidate
            className="mt-4 space-y-4"
            onSubmit={form.handleSubmit(({ reason }) => {
              setServerError(null);
              cancel.mutate({ applicationId, reason });
            })}
          >
            <TextAreaField
              label={t('applications.cancelHire.reason', { name: creatorName })}
              hint={t('applications.cancelHire.reasonHint', { name: creatorName })}
              rows={4}
              maxLength={PAYMENT_TEXT_MAX}
              data-autofocus
              error={cancelHireValidationText(t, form.formState.errors.reason?.message)}
              ref={(el) => {
                registerRef(el);
                reasonRef.current = el;
              }}
              {...reasonField}
            />
            {serverError !== null && (
              <p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-800">
                {cancelHireErrorText(t, locale, serverError)}
              </p>
            )}
            <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
              <Button variant="secondary" onClick={close} disabled={cancel.isPending}>
                {t('applications.cancelHire.keep')}
              </Button>
              <Button type="submit" variant="danger" pending={cancel.isPending}>
                {t(funded ? 'applications.cancelHire.confirmRefund' : 'applications.cancelHire.confirm')}
              </Button>
            </div>
          </form>
        </DialogPanel>
      </div>
    </Dialog>
  );
}
