import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { messageKeys } from '@/lib/query-keys';
import { rpc } from '@/lib/supabase';
import { nextCursor } from './message-cache';
import type { ConversationCursor, ConversationPage } from './types';

/** Messages per page: the newest page is all a conversation fetches and renders when it opens. */
export const CONVERSATION_PAGE_SIZE = 50;

/** api.conversation(): one page of messages with a contact, newest first, older than the cursor. */
export function getConversationPage(contactId: string, cursor: ConversationCursor | null): Promise<ConversationPage> {
  return rpc<ConversationPage>('conversation', { contact_id: contactId, page_size: CONVERSATION_PAGE_SIZE, ...(cursor ?? {}) });
}

export const getConversationQueryOptions = (userId: string, contactId: string) =>
  infiniteQueryOptions({
    queryKey: messageKeys.conversation(userId, contactId),
    queryFn: ({ pageParam }) => getConversationPage(contactId, pageParam),
    initialPageParam: null as ConversationCursor | null,
    getNextPageParam: (lastPage) => nextCursor(lastPage, CONVERSATION_PAGE_SIZE),
  });

/** The conversation with a contact; older pages load on demand (scrolling up). */
export function useConversation(userId: string, contactId: string) {
  return useInfiniteQuery(getConversationQueryOptions(userId, contactId));
}
