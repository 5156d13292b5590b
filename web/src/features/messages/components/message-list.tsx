import { useLayoutEffect, useRef } from 'react';
import { cn } from '@/components/ui/cn';
import { Spinner } from '@/components/ui/spinner';
import { useT } from '@/i18n/use-t';
import type { Message } from '../api/types';
import { messagesCatalog } from '../messages/catalog';
import { RelativeTime } from './relative-time';

/** Distance from the top (px) at which the next older page is requested. */
const LOAD_OLDER_AT = 150;
/** Within this distance of the bottom the view follows new messages. */
const STICK_TO_BOTTOM = 120;

/**
 * The bubbles of a conversation, oldest at the top, own messages on the right. Opens at the bottom,
 * follows new messages while the reader is at the bottom, and loads older pages when scrolled to the
 * top (keeping what the reader looks at in place).
 */
export function MessageList({
  messages,
  me,
  contactName,
  now,
  hasOlder,
  loadingOlder,
  onLoadOlder,
}: {
  messages: Message[];
  me: string;
  contactName: string;
  now: number;
  hasOlder: boolean;
  loadingOlder: boolean;
  onLoadOlder: () => void;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const atBottom = useRef(true);
  const before = useRef<{ first?: string; last?: string; height: number; top: number } | null>(null);

  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const first = messages[0]?.id;
    const last = messages[messages.length - 1];
    const prev = before.current;
    if (!prev || prev.last === undefined) {
      el.scrollTop = el.scrollHeight;
    } else if (first !== prev.first && last?.id === prev.last) {
      // Older messages were added above: keep the same message under the reader's eyes.
      el.scrollTop = el.scrollHeight - prev.height + prev.top;
    } else if (last?.id !== prev.last && (atBottom.current || last?.sender_id === me)) {
      el.scrollTop = el.scrollHeight;
    }
    before.current = { first, last: last?.id, height: el.scrollHeight, top: el.scrollTop };
    // A first page that does not fill the area cannot be scrolled: fetch older ones until it does.
    if (hasOlder && !loadingOlder && el.scrollHeight <= el.clientHeight) onLoadOlder();
  }, [messages, me, hasOlder, loadingOlder, onLoadOlder]);
  const { t } = useT(messagesCatalog);

  const onScroll = () => {
    const el = ref.current;
    if (!el) return;
    atBottom.current = el.scrollHeight - el.scrollTop - el.clientHeight < STICK_TO_BOTTOM;
    if (before.current) {
      before.current.top = el.scrollTop;
      before.current.height = el.scrollHeight;
    }
    if (el.scrollTop < LOAD_OLDER_AT && hasOlder && !loadingOlder) onLoadOlder();
  };

  return (
    <div ref={ref} onScroll={onScroll} data-testid="message-scroller" className="min-h-0 flex-1 overflow-y-auto px-4 py-4">
      {hasOlder && (
        <div className="mb-3 flex justify-center">
          {loadingOlder ? (
            <Spinner size="sm" label={t('messages.list.loadingOlder')} />
          ) : (
            <button type="button" onClick={onLoadOlder} className="text-xs font-medium text-brand-700 underline">
              {t('messages.list.loadOlder')}
            </button>
          )}
        </div>
      )}
      {/* The log role sits on a wrapper: on the <ol> itself it would hide the list from assistive tech (axe: listitem). */}
      <div role="log" aria-label={t('messages.list.label', { name: contactName })}>
        <ol className="flex flex-col gap-2">
          {messages.map((m) => {
            const mine = m.sender_id === me;
            return (
              <li key={m.client_id && mine ? `c:${m.client_id}` : m.id} data-message-id={m.id} className={cn('flex flex-col', mine ? 'items-end' : 'items-start')}>
                <div
                  className={cn(
                    'max-w-[85%] rounded-2xl px-4 py-2 text-sm break-words whitespace-pre-wrap sm:max-w-[70%]',
                    mine ? 'rounded-br-sm bg-brand-600 text-white' : 'rounded-bl-sm bg-slate-100 text-slate-900',
                    m.pending && 'opacity-70',
                  )}
                >
                  <span className="sr-only">{mine ? t('messages.list.fromMe') : t('messages.list.from', { name: contactName })} </span>
                  <span data-message-content>{m.content}</span>
                </div>
                <span className="mt-0.5 px-1 text-xs text-slate-500">
                  {m.pending ? t('messages.list.sending') : <RelativeTime value={m.created_at} now={now} />}
                </span>
              </li>
            );
          })}
        </ol>
      </div>
    </div>
  );
}
