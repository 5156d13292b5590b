import { useCallback, useEffect, useMemo, useRef } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/toast';
import { useT } from '@/i18n/use-t';
import { isUuid } from '@contract/ids';
import { useContacts } from '../api/get-contacts';
import { useUserSummary } from '../api/get-user-summary';
import type { Contact, UserSummary } from '../api/types';
import { useTwoPanes } from '../hooks/use-media-query';
import { useNow } from '@/lib/use-now';
import { messagesCatalog } from '../messages/catalog';
import { messagesErrorText } from '../messages/messages-text';
import { ContactList, type ContactEntry } from './contact-list';
import { ConversationPane } from './conversation-pane';

/** A person as the conversation screens name them: a brand by its company (app.display_name), else the person. */
const nameOf = (p: { display_name: string | null; full_name: string }) => p.display_name || p.full_name;

function fromContact(c: Contact, me: string): ContactEntry {
  return {
    id: c.contact_id,
    name: nameOf(c),
    username: c.username,
    avatarUrl: c.avatar_url,
    lastMessage: c.last_message,
    lastMessageAt: c.last_message_at,
    lastMessageMine: c.last_message_sender_id === me,
    unread: c.unread_count,
  };
}

function fromSummary(u: UserSummary): ContactEntry {
  return { id: u.id, name: nameOf(u), username: u.username, avatarUrl: u.avatar_url, lastMessage: null, lastMessageAt: null, lastMessageMine: false, unread: 0 };
}

/**
 * /messages (spec section 2 "Messages"). The conversation shown comes from the URL: `?contact={id}` or
 * `?userId={id}` (the latter also for someone with no messages yet, named through api.user_summary);
 * without either, the first contact on wide screens. A malformed id, an unknown user or oneself falls
 * back to that default with a notice. Below `md` the list and the conversation are two panes that switch.
 */
export function MessagesScreen({ me }: { me: string }) {
  const { t } = useT(messagesCatalog);
  const [params, setParams] = useSearchParams();
  const twoPanes = useTwoPanes();
  const now = useNow(30_000);
  const contacts = useContacts(me);

  // User ids are uuids (the spec's "numeric" contact parameter predates them).
  const raw = params.get('contact') ?? params.get('userId');
  const requested = isUuid(raw) && raw.toLowerCase() !== me.toLowerCase() ? raw.toLowerCase() : undefined;
  const known = contacts.data?.find((c) => c.contact_id === requested);
  const summary = useUserSummary(me, requested && contacts.isSuccess && !known ? requested : undefined);

  const clearSelection = useCallback(() => setParams({}, { replace: true }), [setParams]);

  // A link that cannot be followed: say so once, then behave as /messages.
  const noticed = useRef<string | null>(null);
  const notice = useCallback(
    (key: string, description: string) => {
      if (noticed.current === key) return;
      noticed.current = key;
      toast({ title: t('messages.notice.title'), description });
      clearSelection();
    },
    [clearSelection, t],
  );
  useEffect(() => {
    if (raw === null) return;
    if (!isUuid(raw)) notice(`bad:${raw}`, t('messages.notice.badLink'));
    else if (raw.toLowerCase() === me.toLowerCase()) notice(`self:${raw}`, t('messages.notice.self'));
    else if (summary.isSuccess && summary.data === null) notice(`missing:${raw}`, t('messages.notice.missing'));
    else if (summary.isError) notice(`error:${raw}`, messagesErrorText(t, summary.error));
  }, [raw, me, summary.isSuccess, summary.data, summary.isError, summary.error, notice, t]);

  const entries = useMemo(() => {
    const list = (contacts.data ?? []).map((c) => fromContact(c, me));
    // Someone reached through ?userId before any message: listed first, as a new conversation.
    if (summary.data && !list.some((e) => e.id === summary.data!.id)) list.unshift(fromSummary(summary.data));
    return list;
  }, [contacts.data, summary.data, me]);

  const selectedId = requested ?? (twoPanes ? entries[0]?.id : undefined);
  const selected = entries.find((e) => e.id === selectedId);
  const resolving = !!requested && !selected && (contacts.isPending || summary.isPending || summary.isFetching);
  const showConversation = !!selectedId;

  return (
    // The window's height less what surrounds the screen, so the page never scrolls the bell away (issue 32,
    // item 9): on phones the top bar (3.5rem) and main's padding (3rem); from lg the bell's row above main
    // (0.75rem + its 2.5rem button) and main's padding (0.5rem + 2rem).
    <div className="flex h-[calc(100dvh-6.5rem)] min-h-80 flex-col lg:h-[calc(100dvh-5.75rem)]">
      <h1 className={cn('mb-4 text-2xl font-semibold text-slate-900', showConversation && 'sr-only md:not-sr-only')}>{t('messages.title')}</h1>
      <div className="flex min-h-0 flex-1 overflow-hidden rounded-lg border border-slate-200 bg-white">
        <aside aria-label={t('messages.contacts.label')} className={cn('min-h-0 w-full flex-col border-slate-200 md:flex md:w-80 md:shrink-0 md:border-r', showConversation ? 'hidden' : 'flex')}>
          {contacts.isPending ? (
            <div className="flex flex-1 items-center justify-center text-brand-600">
              <Spinner label={t('messages.contacts.loading')} />
            </div>
          ) : contacts.isError ? (
            <div role="alert" className="flex flex-1 flex-col items-center justify-center gap-3 p-6 text-center text-sm text-slate-700">
              <p>{t('messages.contacts.loadError', { reason: messagesErrorText(t, contacts.error) })}</p>
              <Button variant="secondary" size="sm" onClick={() => void contacts.refetch()}>
                {t('messages.retry')}
              </Button>
            </div>
          ) : (
            <ContactList entries={entries} selectedId={selectedId} onSelect={(id) => setParams({ contact: id }, { replace: true })} now={now} />
          )}
        </aside>
        <div className={cn('min-h-0 min-w-0 flex-1 flex-col md:flex', showConversation ? 'flex' : 'hidden')}>
          {selected ? (
            <ConversationPane key={selected.id} me={me} contact={selected} now={now} onBack={clearSelection} />
          ) : resolving ? (
            <div className="flex flex-1 items-center justify-center text-brand-600">
              <Spinner label={t('messages.conversation.loading')} />
            </div>
          ) : (
            <p className="flex flex-1 items-center justify-center p-6 text-center text-sm text-slate-600">{t('messages.select')}</p>
          )}
        </div>
      </div>
    </div>
  );
}
