import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/form-field';
import { TextAreaField } from '@/components/ui/textarea-field';
import { toast } from '@/components/ui/toast';
import { useT } from '@/i18n/use-t';
import { useResubmitDeliverable } from '../api/resubmit-deliverable';
import { NOTE_MAX, type ResubmitInput, resubmitSchema } from '../api/resubmit-schema';
import { deliverablesCatalog } from '../messages/catalog';
import { deliverableErrorField, deliverableErrorText, validationText } from '../messages/deliverables-text';

export interface ResubmitFormProps {
  deliverableId: string;
  applicationId: string;
  /** The link the brand asked changes on: the form starts from it. */
  currentUrl: string;
  /** A heading level that fits where the form is shown. */
  headingLevel?: 3 | 4;
  /** Opened by a button that goes away: move the focus to the link field. */
  focusOnOpen?: boolean;
  onDone?: () => void;
  onCancel?: () => void;
}

/**
 * The creator's answer to a request for changes: the content link (starting from the current one) and a
 * note, required when the link stays the same (the database's note_required). What was typed stays when
 * the server refuses; a refusal about a field shows under it, any other in a toast.
 */
export function ResubmitForm({ deliverableId, applicationId, currentUrl, headingLevel = 3, focusOnOpen = false, onDone, onCancel }: ResubmitFormProps) {
  const schema = useMemo(() => resubmitSchema(currentUrl), [currentUrl]);
  const form = useForm<ResubmitInput>({ resolver: zodResolver(schema), defaultValues: { contentUrl: currentUrl, note: '' } });
  const resubmit = useResubmitDeliverable(applicationId, {
    onSuccess: () => {
      toast({ kind: 'deliverables.resubmit', title: t('deliverables.resubmit.toast'), description: t('deliverables.resubmit.toastText') });
      onDone?.();
    },
    onError: (error) => {
      const field = deliverableErrorField(error);
      if (field === 'contentUrl' || field === 'note') form.setError(field, { message: deliverableErrorText(t, 'resubmit', error) }, { shouldFocus: true });
      else toast({ kind: 'deliverables.resubmit', title: t('deliverables.resubmit.failed'), description: deliverableErrorText(t, 'resubmit', error), variant: 'destructive' });
    },
  });
  useEffect(() => {
    if (focusOnOpen) form.setFocus('contentUrl');
  }, [focusOnOpen]);
  const { t } = useT(deliverablesCatalog);
  const Heading = headingLevel === 3 ? 'h3' : 'h4';
  return (
    <form
      noValidate
      aria-label={t('deliverables.resubmit.title')}
      onSubmit={form.handleSubmit((values) => resubmit.mutate({ deliverableId, ...values }))}
      className="space-y-3 rounded-md border border-amber-200 bg-amber-50/50 p-3"
    >
      <div>
        <Heading className="text-sm font-semibold text-slate-900">{t('deliverables.resubmit.title')}</Heading>
        <p className="mt-1 text-sm text-slate-700">{t('deliverables.resubmit.lead')}</p>
      </div>
      <TextField
        label={t('deliverables.creator.url')}
        type="url"
        inputMode="url"
        autoComplete="url"
        placeholder={t('deliverables.creator.urlPlaceholder')}
        error={validationText(t, form.formState.errors.contentUrl?.message)}
        {...form.register('contentUrl')}
      />
      <TextAreaField
        label={t('deliverables.resubmit.note')}
        hint={t('deliverables.resubmit.noteHint')}
        rows={3}
        maxLength={NOTE_MAX}
        error={validationText(t, form.formState.errors.note?.message)}
        {...form.register('note')}
      />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" pending={resubmit.isPending}>
          {t('deliverables.resubmit.submit')}
        </Button>
        {onCancel && (
          <Button variant="secondary" onClick={onCancel} disabled={resubmit.isPending}>
            {t('deliverables.creator.cancel')}
          </Button>
        )}
      </div>
    </form>
  );
}
