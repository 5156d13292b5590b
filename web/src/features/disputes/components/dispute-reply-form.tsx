import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { TextAreaField } from '@/components/ui/textarea-field';
import { useT } from '@/i18n/use-t';
import { type DisputeMessageInput, disputeMessageSchema, MESSAGE_MAX } from '../api/dispute-message-schema';
import { usePostDisputeMessage } from '../api/post-dispute-message';
import { disputesCatalog } from '../messages/catalog';
import { disputeErrorField, disputeErrorText, replyValidationText } from '../messages/disputes-text';

/**
 * Write in a dispute's thread. The text is cleared only once the message was saved, and only if it is
 * still the text that was sent: a refused or failed send keeps what was typed, with the reason next to the box.
 */
export function DisputeReplyForm({ disputeId, applicationId }: { disputeId: string; applicationId: string }) {
  const [serverError, setServerError] = useState<unknown>(null);
  const [sent, setSent] = useState(0);
  const form = useForm<DisputeMessageInput>({ resolver: zodResolver(disputeMessageSchema), defaultValues: { body: '' } });
  const send = usePostDisputeMessage({
    onSuccess: ({ body }) => {
      // The thread is read again before the send reports success; what was typed meanwhile stays.
      if (form.getValues('body') === body) form.reset({ body: '' });
      setSent((n) => n + 1);
    },
    onError: (error) => {
      if (disputeErrorField(error) === 'body') form.setError('body', { message: disputeErrorText(t, error) }, { shouldFocus: true });
      else setServerError(error);
    },
  });
  const { t } = useT(disputesCatalog);
  return (
    <form
      noValidate
      className="space-y-3"
      onSubmit={form.handleSubmit(({ body }) => {
        setServerError(null);
        setSent(0);
        send.mutate({ disputeId, applicationId, body });
      })}
    >
      <TextAreaField
        label={t('disputes.reply.label')}
        hint={t('disputes.reply.hint')}
        rows={3}
        maxLength={MESSAGE_MAX}
        error={replyValidationText(t, form.formState.errors.body?.message)}
        {...form.register('body')}
      />
      {serverError !== null && (
        <p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-800">
          {disputeErrorText(t, serverError)}
        </p>
      )}
      <div className="flex flex-wrap items-center justify-end gap-3">
        <p role="status" className="text-sm text-green-700">
          {sent > 0 ? t('disputes.reply.sent') : ''}
        </p>
        <Button type="submit" pending={send.isPending}>
          {t('disputes.reply.send')}
        </Button>
      </div>
    </form>
  );
}
