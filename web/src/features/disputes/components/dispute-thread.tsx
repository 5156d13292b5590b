import { useId } from 'react';
import { Badge, type BadgeTone } from '@/components/ui/badge';
import { useFormat } from '@/i18n/format';
import { useT } from '@/i18n/use-t';
import { disputesCatalog } from '../messages/catalog';
import { disputeRoleText } from '../messages/disputes-text';
import type { DisputeMessage } from '../types';
import { DisputeReplyForm } from './dispute-reply-form';

const ROLE_TONES: Record<string, BadgeTone> = { brand: 'blue', creator: 'neutral', admin: 'yellow' };

export interface DisputeThreadProps {
  messages: DisputeMessage[];
  /** The dispute to write in while it is open or being resolved; without it the thread is read-only. */
  reply?: { disputeId: string; applicationId: string } | undefined;
}

/** A dispute's conversation, oldest first: each message with its author, their role and the time; a reply box while it is open. */
export function DisputeThread({ messages, reply }: DisputeThreadProps) {
  const f = useFormat();
  const headingId = useId();
  const { t } = useT(disputesCatalog);
  return (
    <section aria-labelledby={headingId} className="space-y-3">
      <h3 id={headingId} className="text-base font-semibold text-slate-900">
        {t('disputes.thread.title')}
      </h3>
      {messages.length === 0 ? (
        <p className="text-sm text-slate-600">{t('disputes.thread.empty')}</p>
      ) : (
        <ol aria-label={t('disputes.thread.list')} className="space-y-3">
          {messages.map((m) => {
            const name = m.author_name ?? t('disputes.deletedUser');
            return (
              <li key={m.id}>
                <article aria-label={t('disputes.thread.item', { name })} className="rounded-md border border-slate-200 bg-slate-50 p-3">
                  <header className="flex flex-wrap items-center gap-x-2 gap-y-1">
                    <span className="text-sm font-medium text-slate-900">{name}</span>
                    {m.author_role && <Badge tone={ROLE_TONES[m.author_role] ?? 'neutral'}>{disputeRoleText(t, m.author_role)}</Badge>}
                    <time dateTime={m.created_at} className="text-xs text-slate-600">
                      {f.dateTime(m.created_at)}
                    </time>
                  </header>
                  <p className="mt-2 text-sm whitespace-pre-line break-words text-slate-800">{m.body}</p>
                </article>
              </li>
            );
          })}
        </ol>
      )}
      {reply && <DisputeReplyForm disputeId={reply.disputeId} applicationId={reply.applicationId} />}
    </section>
  );
}
