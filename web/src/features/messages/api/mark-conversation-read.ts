import { useMutation, useQueryClient } from '@tanstack/react-query';
import { messageKeys } from '@/lib/query-keys';
import { rpc } from '@/lib/supabase';
import { clearContactUnread, markReadInConversation, type ConversationData } from './message-cache';
import type { Contact } from './types';

/** api.mark_conversation_read(): everything the caller received from the contact becomes read. */
export function markConversationRead(contactId: string): Promise<number> {
  return rpc<number>('mark_conversation_read', { contact_id: contactId });
}

/**
 * Marks a conversation read with the badge dropping at once (optimistic); the server's counts follow.
 * Other tabs of the same user learn it from the UPDATE events of the read flags.
 */
export function useMarkConversationRead(me: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markConversationRead,
    onMutate: (contactId) => {
      const contacts = queryClient.getQueryData<Contact[]>(messageKeys.contacts(me));
      const known = contacts?.find((c) => c.contact_id === contactId)?.unread_count ?? 0;
      const conversation = queryClient.getQueryData<ConversationData>(messageKeys.conversation(me, contactId));
      const loaded = conversation?.pages.flat().filter((m) => m.receiver_id === me && !m.read).length ?? 0;
      const drop = Math.max(known, loaded);
      queryClient.setQueryData<Contact[]>(messageKeys.contacts(me), (c) => clearContactUnread(c, contactId));
      queryClient.setQueryData<ConversationData>(messageKeys.conversation(me, contactId), (d) => markReadInConversation(d, me));
      queryClient.setQueryData<number>(messageKeys.unreadCount(me), (n) => (typeof n === 'number' ? Math.max(0, n - drop) : n));
    },
    // The total may have moved meanwhile (a message from someone else): re-read it. The contact list is
    // right as set, unless the call failed.
    onSettled: () => void queryClient.invalidateQueries({ queryKey: messageKeys.unreadCount(me) }),
    onError: () => void queryClient.invalidateQueries({ queryKey: messageKeys.contacts(me) }),
  });
}
