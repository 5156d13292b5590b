import type { ReviewAudience } from '@/components/ui/countdown/countdown-text';
import { Badge, type BadgeTone } from '@/components/ui/badge';
import { useFormat } from '@/i18n/format';
import { useT } from '@/i18n/use-t';
import { useDeliveryProof } from '../api/delivery-proof';
import { deliverablesCatalog } from '../messages/catalog';
import { proofOutcomeKey, snapshotCheckpointKey } from '../messages/deliverables-text';
import type { DeliveryProof, PostSnapshot } from '../types';

const PLATFORM_NAMES: Record<string, string> = { instagram: 'Instagram', tiktok: 'TikTok', youtube: 'YouTube' };

/** Verified is good news; waiting on the platform is neutral; every other outcome is for someone to act on. */
function tone(outcome: string): BadgeTone {
  if (outcome === 'verified') return 'green';
  if (outcome === 'pending' || outcome === 'platform_unavailable') return 'neutral';
  return outcome === 'missing_disclosure' ? 'yellow' : 'red';
}

/** The outcomes that need someone to act: the creator to fix the post or the link, the brand to ask for it. */
const PROBLEMS = ['not_owner', 'published_before_hire', 'missing_disclosure', 'no_connected_account', 'post_not_found'] as const;

const METRICS = ['views', 'likes', 'comments', 'shares', 'saves'] as const;

/**
 * The proof of delivery of one submitted link (decision 0055): whether the post was found on the creator's
 * connected account, published after the hire, with the partnership disclosed; a removal within its 30 days;
 * and the post's metrics at 24 h, 7 d and 30 d. The brand reads it before approving; the creator reads what
 * to fix. Nothing shows for content that has no check (submitted before checks existed).
 */
export function DeliveryProofPanel({ deliverableId, audience }: { deliverableId: string; audience: ReviewAudience }) {
  const query = useDeliveryProof(deliverableId);
  const { t } = useT(deliverablesCatalog);
  if (query.isPending || query.isError || !query.data) return null;
  const proof = query.data;
  return (
    <section aria-label={t('deliverables.proof.title')} className="space-y-2 rounded border border-slate-200 p-2 text-sm" data-testid="delivery-proof">
      <div className="flex flex-wrap items-center gap-2">
        <span className="font-medium text-slate-800">{t('deliverables.proof.title')}</span>
        <Badge tone={tone(proof.outcome)}>{t(proofOutcomeKey(proof.outcome))}</Badge>
      </div>
      <ProofExplanation proof={proof} audience={audience} />
      <Snapshots snapshots={proof.snapshots} />
    </section>
  );
}

function ProofExplanation({ proof, audience }: { proof: DeliveryProof; audience: ReviewAudience }) {
  const f = useFormat();
  const { t } = useT(deliverablesCatalog);
  const platform = proof.platform ? (PLATFORM_NAMES[proof.platform] ?? proof.platform) : '';
  const lines: string[] = [];
  switch (proof.outcome) {
    case 'verified':
      lines.push(t('deliverables.proof.detail.verified', { platform, date: proof.published_at ? f.date(proof.published_at) : '' }));
      lines.push(t(proof.disclosure_via === 'label' ? 'deliverables.proof.disclosure.label' : 'deliverables.proof.disclosure.hashtag'));
      break;
    case 'pending':
      lines.push(t('deliverables.proof.detail.pending'));
      break;
    case 'platform_unavailable':
      lines.push(t('deliverables.proof.detail.platform_unavailable'));
      break;
    default: {
      const problem = PROBLEMS.find((o) => o === proof.outcome);
      if (!problem) break;
      lines.push(t(`deliverables.proof.detail.${problem}`, { platform: platform || t('deliverables.proof.thePlatform') }));
      lines.push(t(audience === 'brand' ? 'deliverables.proof.brandHint' : `deliverables.proof.creatorHint.${problem}`));
    }
  }
  if (proof.removed_at) {
    lines.push(t(proof.removed_as === 'private' ? 'deliverables.proof.removed.private' : 'deliverables.proof.removed.deleted', { date: f.date(proof.removed_at) }));
  }
  return (
    <>
      {lines.map((line) => (
        <p key={line} className={proof.removed_at && line === lines[lines.length - 1] ? 'font-medium text-red-800' : 'text-slate-700'}>
          {line}
        </p>
      ))}
    </>
  );
}

/** The readings taken so far, one block per checkpoint; a metric the platform does not give reads "—", never 0. */
function Snapshots({ snapshots }: { snapshots: PostSnapshot[] }) {
  const f = useFormat();
  const { t } = useT(deliverablesCatalog);
  const taken = snapshots.filter((s) => s.taken_at !== null);
  const next = snapshots.find((s) => s.taken_at === null);
  if (taken.length === 0 && !next) return null;
  return (
    <div className="space-y-2">
      {taken.map((s) => (
        <div key={s.checkpoint}>
          <p className="text-xs font-medium text-slate-600">{t(snapshotCheckpointKey(s.checkpoint))}</p>
          <dl className="grid grid-cols-2 gap-x-3 gap-y-1 sm:grid-cols-5">
            {METRICS.map((m) => (
              <div key={m} className="flex justify-between gap-1 sm:flex-col sm:justify-start">
                <dt className="text-xs text-slate-600">{t(`deliverables.proof.metric.${m}`)}</dt>
                <dd className="font-medium text-slate-900 tabular-nums">{s[m] === null ? '—' : f.number(s[m])}</dd>
              </div>
            ))}
          </dl>
        </div>
      ))}
      {next && <p className="text-xs text-slate-600">{t('deliverables.proof.nextSnapshot', { checkpoint: t(snapshotCheckpointKey(next.checkpoint)), date: f.date(next.due_at) })}</p>}
    </div>
  );
}
