import { useId, useState } from 'react';
import { cn } from '@/components/ui/cn';
import { useT } from '@/i18n/use-t';
import { messagesCatalog } from '../messages/catalog';
import { PersonAvatar } from './person-avatar';
import { RelativeTime } from './relative-time';

/** One entry of the list: a contact from api.contacts, or the person of a conversation not started yet. */
export interface ContactEntry {
  id: string;
  name: string;
  username: string | null;
  avatarUrl: string | null;
  lastMessage: string | null;
  lastMessageAt: string | null;
  lastMessageMine: boolean;
  unread: number;
}

/** Case- and accent-insensitive, so "sofia" finds "Sofía". */
function fold(s: string): string {
  return s.normalize('NFD').replace(/\p{Diacritic}/gu, '').toLowerCase();
}

/** Spec "Messages": the contact list with search, latest conversation first, previews and unread counts. */
export function ContactList({
  entries,
  selectedId,
  onSelect,
  now,
}: {
  entries: ContactEntry[];
  selectedId: string | undefined;
  onSelect: (id: string) => void;
  now: number;
}) {
  const [search, setSearch] = useState('');
  const searchId = useId();
  const { t } = useT(messagesCatalog);
  const q = fold(search.trim());
  const shown = q ? entries.filter((e) => fold(`${e.name} ${e.username ?? ''}`).includes(q)) : entries;
  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <div className="border-b border-slate-200 p-3">
        <label htmlFor={searchId} className="sr-only">
          {t('messages.search.label')}
        </label>
        <input
          id={searchId}
          type="search"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          placeholder={t('messages.search.placeholder')}
          className="h-10 w-full rounded-md border border-slate-300 px-3 text-sm focus:border-brand-600"
        />
      </div>
      {entries.length === 0 ? (
        <p className="p-6 text-center text-sm text-slate-600">{t('messages.contacts.empty')}</p>
      ) : shown.length === 0 ? (
        <p className="p-6 text-center text-sm text-slate-600">{t('messages.contacts.noMatch', { query: search.trim() })}</p>
      ) : (
        <ul aria-label={t('messages.contacts.list')} className="min-h-0 flex-1 divide-y divide-slate-100 overflow-y-auto">
          {shown.map((e) => (
            <li key={e.id}>
              <button
                type="button"
                onClick={() => onSelect(e.id)}
                aria-current={e.id === selectedId ? 'true' : undefined}
                className={cn('flex w-full items-start gap-3 px-3 py-3 text-left hover:bg-slate-50', e.id === selectedId && 'bg-brand-50 hover:bg-brand-50')}
              >
                <PersonAvatar name={e.name} url={e.avatarUrl} />
                <span className="min-w-0 flex-1">
                  <span className="flex items-baseline justify-between gap-2">
                    <span className={cn('truncate text-sm', e.unread ? 'font-semibold text-slate-900' : 'font-medium text-slate-800')}>{e.name}</span>
                    {e.lastMessageAt && <RelativeTime value={e.lastMessageAt} now={now} className="shrink-0 text-xs text-slate-600" />}
                  </span>
                  <span className="mt-0.5 flex items-center justify-between gap-2">
                    <span className="truncate text-sm text-slate-600">
                      {e.lastMessage === null ? (
                        <em>{t('messages.contacts.new')}</em>
                      ) : e.lastMessageMine ? (
                        t('messages.contacts.mine', { message: e.lastMessage })
                      ) : (
                        e.lastMessage
                      )}
                    </span>
                    {e.unread > 0 && (
                      <span data-testid="contact-unread" className="shrink-0 rounded-full bg-red-600 px-2 py-0.5 text-xs font-semibold text-white">
                        {e.unread > 99 ? '99+' : e.unread}
                        <span className="sr-only"> {t('messages.contacts.unread')}</span>
                      </span>
                    )}
                  </span>
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
