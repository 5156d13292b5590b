import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { toast } from '@/components/ui/toast';
import { useT } from '@/i18n/use-t';
import { messageKeys } from '@/lib/query-keys';
import { ApiError, supabase } from '@/lib/supabase';
import { messagesCatalog } from '../messages/catalog';
import { messagesErrorText } from '../messages/messages-text';
import { applyMessageToContacts, removePending, upsertMessage, type ConversationData } from './message-cache';
import type { Contact, Message } from './types';

// The message rules are the contract's: the composer, the /api facade and the database's words agree.
export { MAX_MESSAGE_LENGTH, messageProblem } from '@contract/message-text';
/** A send that has no answer by then fails; the retry reuses the client_id, so it cannot post twice. */
export const SEND_TIMEOUT_MS = 15_000;

export interface SendMessageInput {
  receiverId: string;
  content: string;
  /** The idempotency key of this composed message (crypto.randomUUID), reused by every retry. */
  clientId: string;
}

/** api.send_message(): sends as the caller; the same client_id again returns the first message. */
export async function sendMessage({ receiverId, content, clientId }: SendMessageInput): Promise<Message> {
  const { data, error } = await supabase
    .rpc('send_message', { receiver_id: receiverId, content, client_id: clientId })
    .abortSignal(AbortSignal.timeout(SEND_TIMEOUT_MS));
  if (error) {
    if (/abort|timed? ?out/i.test(`${error.message} ${error.details ?? ''}`)) {
      throw new ApiError('The server did not answer in time. Your message was kept: try again.', 'timeout', 'timeout');
    }
    throw new ApiError(error.message, error.code, error.details, error.hint);
  }
  const message = (Array.isArray(data) ? data[0] : data) as Message | undefined;
  if (!message) throw new ApiError('The server did not return the message.', undefined, 'no_message');
  return message;
}

/** Puts a message the caller sent into the cached conversation and contact list. */
export function cacheSentMessage(queryClient: QueryClient, me: string, message: Message): void {
  queryClient.setQueryData<ConversationData>(messageKeys.conversation(me, message.receiver_id), (d) => upsertMessage(d, message));
  const contacts = applyMessageToContacts(queryClient.getQueryData<Contact[]>(messageKeys.contacts(me)), message, me);
  if (contacts === null) void queryClient.invalidateQueries({ queryKey: messageKeys.contacts(me) });
  else if (contacts) queryClient.setQueryData(messageKeys.contacts(me), contacts);
}

/**
 * Sends a message: a pending bubble shows at once, the confirmed message replaces it. On failure the
 * bubble goes away and the toast says why, by the server's code; the caller keeps the text for a retry.
 */
export function useSendMessage(me: string) {
  const queryClient = useQueryClient();
  const { t } = useT(messagesCatalog);
  return useMutation({
    mutationFn: sendMessage,
    onMutate: (input) => {
      const pending: Message = {
        id: `pending:${input.clientId}`,
        sender_id: me,
        receiver_id: input.receiverId,
        content: input.content.trim(),
        read: false,
        created_at: new Date().toISOString(),
        client_id: input.clientId,
        pending: true,
      };
      queryClient.setQueryData<ConversationData>(messageKeys.conversation(me, input.receiverId), (d) => upsertMessage(d, pending));
    },
    onSuccess: (message) => cacheSentMessage(queryClient, me, message),
    onError: (error, input) => {
      queryClient.setQueryData<ConversationData>(messageKeys.conversation(me, input.receiverId), (d) => removePending(d, input.clientId));
      toast({ title: t('messages.toast.sendFailed'), description: messagesErrorText(t, error), variant: 'destructive' });
    },
  });
}
