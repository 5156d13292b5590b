import { useCallback, useEffect, useMemo } from 'react';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useT } from '@/i18n/use-t';
import { useConversation } from '../api/get-conversation';
import { useMarkConversationRead } from '../api/mark-conversation-read';
import { messagesOldestFirst } from '../api/message-cache';
import { useSendMessage } from '../api/send-message';
import { messagesCatalog } from '../messages/catalog';
import { messagesErrorText } from '../messages/messages-text';
import { Composer } from './composer';
import type { ContactEntry } from './contact-list';
import { MessageList } from './message-list';
import { PersonAvatar } from './person-avatar';

/**
 * One conversation: header (with a way back to the list on phones), the messages and the composer.
 * Opening it, and every message arriving while it is open, marks the contact's messages read. Keyed by
 * contact where it is used, so nothing (draft, scroll, pending send) leaks from one person to another.
 */
export function ConversationPane({ me, contact, now, onBack }: { me: string; contact: ContactEntry; now: number; onBack: () => void }) {
  const conversation = useConversation(me, contact.id);
  const send = useSendMessage(me);
  const markRead = useMarkConversationRead(me);
  const messages = useMemo(() => messagesOldestFirst(conversation.data), [conversation.data]);
  const unreadLoaded = useMemo(() => messages.filter((m) => m.receiver_id === me && !m.read).length, [messages, me]);
  const unread = Math.max(contact.unread, unreadLoaded);

  const { mutate: mark, isPending: markPending, isError: markFailed } = markRead;
  useEffect(() => {
    // After a failure it is not retried in a loop: the next visit (or a reload) tries again.
    if (unread > 0 && !markPending && !markFailed) mark(contact.id);
  }, [contact.id, unread, markPending, markFailed, mark]);

  const { hasNextPage, isFetchingNextPage, fetchNextPage } = conversation;
  const loadOlder = useCallback(() => {
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);

  const onSend = useCallback(
    (content: string, clientId: string) =>
      send.mutateAsync({ receiverId: contact.id, content, clientId }).then(
        () => true,
        () => false,
      ),
    [send, contact.id],
  );
  const { t } = useT(messagesCatalog);

  return (
    <section aria-labelledby="conversation-title" className="flex min-h-0 flex-1 flex-col">
      <header className="flex items-center gap-3 border-b border-slate-200 px-3 py-3">
        <button type="button" onClick={onBack} aria-label={t('messages.conversation.back')} className="rounded-md p-2 text-slate-700 hover:bg-slate-100 md:hidden">
          <span aria-hidden="true">←</span>
        </button>
        <PersonAvatar name={contact.name} url={contact.avatarUrl} className="size-9" />
        <div className="min-w-0">
          <h2 id="conversation-title" className="truncate text-base font-semibold text-slate-900">
            {contact.name}
          </h2>
          {contact.username && <p className="truncate text-xs text-slate-500">@{contact.username}</p>}
        </div>
      </header>

      {conversation.isPending ? (
        <div className="flex flex-1 items-center justify-center text-brand-600">
          <Spinner label={t('messages.conversation.loadingMessages')} />
        </div>
      ) : conversation.isError ? (
        <div role="alert" className="flex flex-1 flex-col items-center justify-center gap-3 p-6 text-center text-sm text-slate-700">
          <p>{t('messages.conversation.loadError', { reason: messagesErrorText(t, conversation.error) })}</p>
          <Button variant="secondary" size="sm" onClick={() => void conversation.refetch()}>
            {t('messages.retry')}
          </Button>
        </div>
      ) : messages.length === 0 ? (
        <p className="flex flex-1 items-center justify-center p-6 text-center text-sm text-slate-600">{t('messages.conversation.empty')}</p>
      ) : (
        <MessageList
          messages={messages}
          me={me}
          contactName={contact.name}
          now={now}
          hasOlder={!!hasNextPage}
          loadingOlder={isFetchingNextPage}
          onLoadOlder={loadOlder}
        />
      )}

      <Composer onSend={onSend} sending={send.isPending} />
    </section>
  );
}
