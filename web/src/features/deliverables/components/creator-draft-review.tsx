import { useId } from 'react';
import { Spinner } from '@/components/ui/spinner';
import { useT } from '@/i18n/use-t';
import { useHireDrafts } from '../api/drafts';
import { deliverablesCatalog } from '../messages/catalog';
import { DraftMedia } from './draft-media';
import { DraftRounds } from './draft-rounds';
import { DraftUploadForm } from './draft-upload-form';

/**
 * The hired creator's side of draft review: what the brand decided last, the upload form whenever a new
 * draft is due (none yet, or changes requested), the latest file and every round.
 */
export function CreatorDraftReview({ applicationId, canWork, creatorName }: { applicationId: string; canWork: boolean; creatorName: string }) {
  const titleId = useId();
  const drafts = useHireDrafts(applicationId);
  const { t } = useT(deliverablesCatalog);
  const list = drafts.data ?? [];
  const latest = list.at(-1);
  const uploadDue = canWork && (!latest || latest.status === 'changes_requested');
  return (
    <section aria-labelledby={titleId} className="space-y-3 rounded-md border border-indigo-200 bg-indigo-50/40 p-3">
      <h3 id={titleId} className="text-sm font-semibold text-slate-900">
        {t('deliverables.drafts.title')}
      </h3>
      <p className="text-sm text-slate-700">{t('deliverables.drafts.intro.creator')}</p>
      {drafts.isPending ? (
        <Spinner size="sm" label={t('deliverables.drafts.loading')} />
      ) : (
        <>
          {latest?.status === 'submitted' && <p className="text-sm font-medium text-slate-800">{t('deliverables.drafts.waiting.creator', { round: latest.round })}</p>}
          {latest?.status === 'changes_requested' && <p className="text-sm font-medium text-orange-800">{t('deliverables.drafts.changes.creator')}</p>}
          {latest?.status === 'approved' && <p className="text-sm font-medium text-emerald-800">{t('deliverables.drafts.approved.creator')}</p>}
          {uploadDue && <DraftUploadForm applicationId={applicationId} />}
          {latest && <DraftMedia draft={latest} name={creatorName} />}
          {list.length > 0 && <DraftRounds drafts={list} />}
        </>
      )}
    </section>
  );
}
