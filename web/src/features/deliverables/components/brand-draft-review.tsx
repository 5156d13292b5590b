import { useId, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { TextAreaField } from '@/components/ui/textarea-field';
import { toast } from '@/components/ui/toast';
import { useT } from '@/i18n/use-t';
import { hasVisibleText } from '@/lib/visible-text';
import { useHireDrafts, useReviewDraft, type Draft } from '../api/drafts';
import { deliverablesCatalog } from '../messages/catalog';
import { draftErrorText } from '../messages/deliverables-text';
import { DraftMedia } from './draft-media';
import { DraftRounds } from './draft-rounds';

/**
 * The brand's side of draft review: the latest draft in a player, Approve draft or Request changes (a note
 * required, which opens the creator's next round) while it awaits review, and every round.
 */
export function BrandDraftReview({ applicationId, creatorName }: { applicationId: string; creatorName: string }) {
  const titleId = useId();
  const drafts = useHireDrafts(applicationId);
  const list = drafts.data ?? [];
  const latest = list.at(-1);
  // Held here, not in the decision's buttons: those go once the decision refreshes the list, and the
  // mutation's callbacks (the toast) must outlive them.
  const review = useReviewDraft(applicationId);
  const { t } = useT(deliverablesCatalog);
  return (
    <section aria-labelledby={titleId} className="space-y-3 rounded-md border border-indigo-200 bg-white p-3">
      <h4 id={titleId} className="text-sm font-semibold text-slate-900">
        {t('deliverables.drafts.title')}
      </h4>
      <p className="text-sm text-slate-700">{t('deliverables.drafts.intro.brand', { name: creatorName })}</p>
      {drafts.isPending ? (
        <Spinner size="sm" label={t('deliverables.drafts.loading')} />
      ) : (
        <>
          {!latest && <p className="text-sm text-slate-700">{t('deliverables.drafts.waiting.brand', { name: creatorName })}</p>}
          {latest?.status === 'changes_requested' && <p className="text-sm text-slate-700">{t('deliverables.drafts.waitingChanges.brand', { name: creatorName })}</p>}
          {latest?.status === 'approved' && (
            <p className="text-sm font-medium text-emerald-800">{t('deliverables.drafts.approved.brand', { round: latest.round, name: creatorName })}</p>
          )}
          {latest && <DraftMedia draft={latest} name={creatorName} />}
          {latest?.status === 'submitted' && <DraftDecision key={latest.id} draft={latest} review={review} creatorName={creatorName} />}
          {list.length > 0 && <DraftRounds drafts={list} />}
        </>
      )}
    </section>
  );
}

function DraftDecision({ draft, review, creatorName }: { draft: Draft; review: ReturnType<typeof useReviewDraft>; creatorName: string }) {
  const [asking, setAsking] = useState(false);
  const [note, setNote] = useState('');
  const [noteError, setNoteError] = useState<string | undefined>();
  const formId = useId();
  const { t } = useT(deliverablesCatalog);

  const decide = (decision: 'approved' | 'changes_requested') =>
    review.mutate(
      { draftId: draft.id, decision, note: decision === 'approved' ? '' : note },
      {
        onSuccess: () =>
          toast(
            decision === 'approved'
              ? { title: t('deliverables.drafts.toast.approved'), description: t('deliverables.drafts.toast.approvedText', { name: creatorName }) }
              : { title: t('deliverables.drafts.toast.changes'), description: t('deliverables.drafts.toast.changesText', { name: creatorName }) },
          ),
        onError: (error) => {
          if ((error as { details?: string }).details === 'note_required') setNoteError(t('deliverables.drafts.noteRequired'));
          else toast({ title: t('deliverables.drafts.toast.failed'), description: draftErrorText(t, error), variant: 'destructive' });
        },
      },
    );
  const send = (e: FormEvent) => {
    e.preventDefault();
    if (!hasVisibleText(note)) {
      setNoteError(t('deliverables.drafts.noteRequired'));
      return;
    }
    decide('changes_requested');
  };

  if (!asking) {
    return (
      <div className="flex flex-wrap gap-2">
        <Button size="sm" pending={review.isPending} onClick={() => decide('approved')}>
          {t('deliverables.drafts.approve')}
        </Button>
        <Button size="sm" variant="secondary" disabled={review.isPending} onClick={() => setAsking(true)}>
          {t('deliverables.drafts.requestChanges')}
        </Button>
      </div>
    );
  }
  return (
    <form noValidate onSubmit={send} aria-labelledby={formId} className="space-y-2">
      <h5 id={formId} className="text-sm font-medium text-slate-900">
        {t('deliverables.drafts.requestChanges')}
      </h5>
      <TextAreaField
        label={t('deliverables.drafts.note')}
        hint={t('deliverables.drafts.noteHint', { name: creatorName })}
        rows={3}
        maxLength={2000}
        autoFocus
        value={note}
        error={noteError}
        onChange={(e) => {
          setNote(e.target.value);
          setNoteError(undefined);
        }}
      />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" size="sm" pending={review.isPending}>
          {t('deliverables.drafts.sendChanges')}
        </Button>
        <Button size="sm" variant="ghost" onClick={() => setAsking(false)}>
          {t('deliverables.drafts.cancel')}
        </Button>
      </div>
    </form>
  );
}
