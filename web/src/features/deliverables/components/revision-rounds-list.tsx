import { Badge, type BadgeTone } from '@/components/ui/badge';
import { cn } from '@/components/ui/cn';
import { useFormat } from '@/i18n/format';
import { useT } from '@/i18n/use-t';
import { revisionOfSubmission } from '@/lib/revision-round';
import { deliverablesCatalog } from '../messages/catalog';
import { roundDecisionKey } from '../messages/deliverables-text';
import type { DeliverableRound } from '../types';
import { ContentLink } from './content-link';

const decisionTones: Record<string, BadgeTone> = { changes_requested: 'yellow', approved: 'green', auto_approved: 'green', rejected: 'red' };
const feedbackBorders: Record<string, string> = { changes_requested: 'border-amber-400', rejected: 'border-red-300' };

/**
 * Every round of one piece of content, oldest first: the link submitted, the creator's note, and the
 * brand's decision with its feedback, who took it and when (the platform when approved automatically).
 */
export function RevisionRoundsList({ rounds, viewer, closed = false }: { rounds: DeliverableRound[]; viewer: 'brand' | 'creator'; closed?: boolean }) {
  const { t } = useT(deliverablesCatalog);
  return (
    <ol aria-label={t('deliverables.revisions.rounds')} className="space-y-3">
      {rounds.map((r) => (
        <li key={r.round}>
          <RoundItem round={r} viewer={viewer} closed={closed} />
        </li>
      ))}
    </ol>
  );
}

function RoundItem({ round: r, viewer, closed }: { round: DeliverableRound; viewer: 'brand' | 'creator'; closed: boolean }) {
  const f = useFormat();
  const { t } = useT(deliverablesCatalog);
  // Submission 1 is the original, submission n the revision n - 1 (lib/revision-round).
  const revision = revisionOfSubmission(r.round);
  const title = revision === 0 ? t('deliverables.round.original') : t('deliverables.round.title', { revision });
  return (
    <article aria-label={title} className="space-y-2 rounded-md border border-slate-200 p-3 sm:p-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 className="text-sm font-semibold text-slate-900">{title}</h3>
        <time dateTime={r.submitted_at} className="text-xs text-slate-600">
          {t('deliverables.round.submitted', { date: f.dateTime(r.submitted_at) })}
        </time>
      </div>
      <ContentLink url={r.content_url} />
      {r.note && (
        <p className="rounded bg-slate-50 p-2 text-sm break-words whitespace-pre-line text-slate-800">
          <span className="font-medium">{t(viewer === 'creator' ? 'deliverables.creator.noteLabel' : 'deliverables.brand.noteLabel')}</span> {r.note}
        </p>
      )}
      <RoundDecision round={r} viewer={viewer} closed={closed} />
    </article>
  );
}

function RoundDecision({ round: r, viewer, closed }: { round: DeliverableRound; viewer: 'brand' | 'creator'; closed: boolean }) {
  const f = useFormat();
  const { t } = useT(deliverablesCatalog);
  // An undecided round of a hire an admin closed (or that was refunded) waits for nobody.
  if (!r.decision && closed) return <Badge tone="neutral">{t('deliverables.round.closed')}</Badge>;
  if (!r.decision) return <Badge tone="blue">{t('deliverables.round.awaiting')}</Badge>;
  const byPlatform = r.decision === 'auto_approved';
  const when = r.decided_at ? f.dateTime(r.decided_at) : '';
  let who: string;
  if (byPlatform) who = t('deliverables.round.on', { date: when });
  else if (viewer === 'brand') who = t('deliverables.round.byYou', { date: when });
  else who = t('deliverables.round.by', { name: r.decided_by_name ?? t('deliverables.round.deletedAccount'), date: when });
  return (
    <div className="space-y-1 border-t border-slate-100 pt-2">
      <div className="flex flex-wrap items-center gap-2">
        <Badge tone={decisionTones[r.decision] ?? 'neutral'}>{t(roundDecisionKey(r.decision))}</Badge>
        {r.decided_at ? (
          <time dateTime={r.decided_at} className="text-xs text-slate-600">
            {who}
          </time>
        ) : null}
      </div>
      {r.feedback && (
        <p className={cn('rounded border-l-4 bg-slate-50 p-2 text-sm break-words whitespace-pre-line text-slate-800', feedbackBorders[r.decision] ?? 'border-slate-300')}>
          <span className="font-medium">
            {t(r.decision === 'rejected' ? 'deliverables.round.reasonLabel' : r.decision === 'changes_requested' ? 'deliverables.round.changesLabel' : 'deliverables.round.feedbackLabel')}
          </span>{' '}
          {r.feedback}
        </p>
      )}
    </div>
  );
}
