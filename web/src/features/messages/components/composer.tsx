import { useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { Button } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { useFormat } from '@/i18n/format';
import { useT } from '@/i18n/use-t';
import { MAX_MESSAGE_LENGTH, messageProblem } from '../api/send-message';
import { messagesCatalog } from '../messages/catalog';
import { newClientId } from '../utils/ids';

/** The counter shows from this many characters on, before the limit is reached. */
const SHOW_COUNT_FROM = MAX_MESSAGE_LENGTH - 200;

/**
 * Types and sends a message. Blank (after trimming) cannot be sent, over 4000 characters is refused
 * with the reason before anything is sent, and the composer is disabled while a send is under way. A
 * composed message keeps one client_id until it is sent, so a retry after a failure (or a timeout that
 * did reach the server) never posts it twice; editing the text makes it a new message.
 */
export function Composer({ onSend, sending }: { onSend: (content: string, clientId: string) => Promise<boolean>; sending: boolean }) {
  const f = useFormat();
  const [text, setText] = useState('');
  const clientId = useRef<string | null>(null);
  const input = useRef<HTMLTextAreaElement>(null);
  const inputId = useId();
  const problemId = useId();
  const { t } = useT(messagesCatalog);
  const problem = messageProblem(text);
  const length = text.trim().length;

  const send = async () => {
    if (problem || sending) return;
    clientId.current ??= newClientId();
    const ok = await onSend(text, clientId.current);
    if (ok) {
      setText('');
      clientId.current = null;
    }
    // The textarea was disabled while sending, which took the focus away.
    requestAnimationFrame(() => input.current?.focus());
  };

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    void send();
  };
  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    // Enter sends, Shift+Enter starts a new line (and an IME composition is never cut short).
    if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      void send();
    }
  };

  return (
    <form onSubmit={onSubmit} className="border-t border-slate-200 p-3">
      <div className="flex items-end gap-2">
        <label htmlFor={inputId} className="sr-only">
          {t('messages.composer.label')}
        </label>
        <textarea
          id={inputId}
          ref={input}
          rows={1}
          value={text}
          disabled={sending}
          onChange={(e) => {
            setText(e.target.value);
            clientId.current = null;
          }}
          onKeyDown={onKeyDown}
          placeholder={t('messages.composer.placeholder')}
          aria-invalid={problem === 'too_long' || undefined}
          aria-describedby={problem === 'too_long' ? problemId : undefined}
          className={cn(
            'max-h-40 min-h-10 flex-1 resize-none rounded-md border px-3 py-2 text-sm disabled:bg-slate-50',
            problem === 'too_long' ? 'border-red-600' : 'border-slate-300 focus:border-brand-600',
          )}
        />
        <Button type="submit" disabled={!!problem} pending={sending}>
          {t('messages.composer.send')}
        </Button>
      </div>
      {(problem === 'too_long' || length >= SHOW_COUNT_FROM) && (
        <div className="mt-1 flex justify-between gap-2 text-xs">
          <p id={problemId} role={problem === 'too_long' ? 'alert' : undefined} className="text-red-700">
            {problem === 'too_long' ? t('messages.composer.tooLong', { max: String(MAX_MESSAGE_LENGTH) }) : ''}
          </p>
          <p className={cn(problem === 'too_long' ? 'text-red-700' : 'text-slate-500')}>
            {f.number(length)}/{f.number(MAX_MESSAGE_LENGTH)}
          </p>
        </div>
      )}
    </form>
  );
}
