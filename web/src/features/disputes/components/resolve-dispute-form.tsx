import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useMemo, useState } from 'react';
import { type UseFormRegisterReturn, useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/form-field';
import { TextAreaField } from '@/components/ui/textarea-field';
import { toast } from '@/components/ui/toast';
import { useFormat } from '@/i18n/format';
import { useT } from '@/i18n/use-t';
import { useResolveDispute } from '../api/resolve-dispute';
import { dollarsToCents } from '@contract/money';
import { PAYMENT_TEXT_MAX, splitShares } from '@contract/payment-rules';
import { type ResolveDisputeFormValues, resolveDisputeFormSchema } from '@contract/payments';
import { disputesCatalog } from '../messages/catalog';
import { disputeErrorField, disputeErrorText, outcomeText, resolveValidationText } from '../messages/disputes-text';
import { DISPUTE_OUTCOMES, type DisputeOutcome, type ExistingDispute } from '../types';

export interface ResolveDisputeFormProps {
  dispute: ExistingDispute;
  applicationId: string;
  onResolved: () => void;
  onCancel: () => void;
}

/**
 * The money a decision divides. A decision carried out half-way (status resolving) has its shares
 * recorded, and part of the money may have left escrow already: its shares add up to the original sum.
 */
export function moneyToDivide(dispute: Pick<ExistingDispute, 'status' | 'held_cents' | 'creator_cents' | 'brand_cents'>): number {
  if (dispute.status === 'resolving' && dispute.creator_cents !== null && dispute.brand_cents !== null) {
    return Number(dispute.creator_cents) + Number(dispute.brand_cents);
  }
  return Number(dispute.held_cents ?? 0);
}

/**
 * The admin's decision: release everything to the creator, refund everything to the brand, or split
 * (the creator's share typed in dollars, with what each side gets shown as it is typed), and a note both
 * sides read. The payments function moves the money; what was typed stays when it refuses.
 */
export function ResolveDisputeForm({ dispute, applicationId, onResolved, onCancel }: ResolveDisputeFormProps) {
  const f = useFormat();
  const legendId = useId();
  const held = moneyToDivide(dispute);
  const unfinished = dispute.status === 'resolving';
  const [serverError, setServerError] = useState<unknown>(null);
  const schema = useMemo(() => resolveDisputeFormSchema(held), [held]);
  const form = useForm<ResolveDisputeFormValues>({
    resolver: zodResolver(schema),
    defaultValues: unfinished
      ? {
          outcome: dispute.outcome ?? '',
          creatorAmount: dispute.outcome === 'split' ? (Number(dispute.creator_cents) / 100).toFixed(2) : '',
          note: dispute.resolution_note ?? '',
        }
      : { outcome: '', creatorAmount: '', note: '' },
  });
  const resolve = useResolveDispute({
    onSuccess: (result) => {
      toast({
        title: t('disputes.resolve.toast'),
        description: outcomeText(t, f.money, { outcome: result.outcome, creator_cents: result.creatorCents, brand_cents: result.brandCents }),
      });
      onResolved();
    },
    onError: (error) => {
      const field = disputeErrorField(error);
      if (field === 'note' || field === 'creatorAmount') {
        form.setError(field, { message: disputeErrorText(t, error) }, { shouldFocus: true });
        return;
      }
      setServerError(error);
    },
  });
  const outcome = form.watch('outcome');
  const amount = form.watch('creatorAmount');
  const { t } = useT(disputesCatalog);
  const { errors } = form.formState;

  const shares = outcome === 'split' ? splitShares(dollarsToCents(amount), held) : null;
  const preview = shares ? t('disputes.resolve.preview', { creator: f.money(shares.creatorCents), brand: f.money(shares.brandCents) }) : '';
  const hints: Record<DisputeOutcome, string> = {
    release: t('disputes.resolve.outcome.releaseHint', { amount: f.money(held) }),
    refund: t('disputes.resolve.outcome.refundHint', { amount: f.money(held) }),
    split: t('disputes.resolve.outcome.splitHint', { amount: f.money(held) }),
  };

  return (
    <form
      noValidate
      aria-labelledby={legendId}
      className="space-y-4 border-t border-slate-200 pt-5"
      onSubmit={form.handleSubmit((values) => {
        setServerError(null);
        const chosen = values.outcome as DisputeOutcome;
        resolve.mutate({
          disputeId: dispute.id,
          applicationId,
          outcome: chosen,
          ...(chosen === 'split' ? { creatorCents: dollarsToCents(values.creatorAmount) ?? 0 } : {}),
          note: values.note,
        });
      })}
    >
      <h3 id={legendId} className="text-base font-semibold text-slate-900">
        {t('disputes.resolve.decision')}
      </h3>
      {unfinished && <p className="rounded-md bg-amber-50 p-3 text-sm text-amber-900">{t('disputes.resolve.unfinished')}</p>}
      <fieldset aria-labelledby={legendId} aria-describedby={errors.outcome ? `${legendId}-error` : undefined} className="space-y-2">
        {DISPUTE_OUTCOMES.map((o) => (
          <OutcomeOption key={o} value={o} label={t(`disputes.resolve.outcome.${o}`)} hint={hints[o]} register={form.register('outcome')} />
        ))}
        {errors.outcome && (
          <p id={`${legendId}-error`} className="text-sm text-red-700">
            {resolveValidationText(t, errors.outcome.message)}
          </p>
        )}
      </fieldset>
      {outcome === 'split' && (
        <div className="space-y-2 rounded-md bg-slate-50 p-3">
          <TextField
            label={t('disputes.resolve.amount')}
            hint={t('disputes.resolve.amountHint', { amount: f.money(held) })}
            inputMode="decimal"
            autoComplete="off"
            className="sm:max-w-xs"
            error={resolveValidationText(t, errors.creatorAmount?.message)}
            {...form.register('creatorAmount')}
          />
          <p aria-live="polite" className="text-sm font-medium text-slate-900">
            {preview}
          </p>
        </div>
      )}
      <TextAreaField
        label={t('disputes.resolve.note')}
        hint={t('disputes.resolve.noteHint')}
        rows={3}
        maxLength={PAYMENT_TEXT_MAX}
        error={resolveValidationText(t, errors.note?.message)}
        {...form.register('note')}
      />
      {serverError !== null && (
        <p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-800">
          {disputeErrorText(t, serverError)}
        </p>
      )}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onCancel} disabled={resolve.isPending}>
          {t('disputes.resolve.cancel')}
        </Button>
        <Button type="submit" pending={resolve.isPending}>
          {t('disputes.resolve.submit')}
        </Button>
      </div>
    </form>
  );
}

function OutcomeOption({ value, label, hint, register }: { value: DisputeOutcome; label: string; hint: string; register: UseFormRegisterReturn<'outcome'> }) {
  const id = useId();
  return (
    <label htmlFor={id} className="flex cursor-pointer items-start gap-3 rounded-md border border-slate-200 p-3 has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50">
      <input id={id} type="radio" value={value} aria-describedby={`${id}-hint`} className="mt-1 size-4 accent-brand-600" {...register} />
      <span>
        <span className="block text-sm font-medium text-slate-900">{label}</span>
        <span id={`${id}-hint`} className="block text-xs text-slate-600">
          {hint}
        </span>
      </span>
    </label>
  );
}
