import { zodResolver } from '@hookform/resolvers/zod';
import { useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { useForm } from 'react-hook-form';
import { Button, buttonClasses } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { TextField } from '@/components/ui/form-field';
import { toast } from '@/components/ui/toast';
import { paths } from '@/config/paths';
import { useT } from '@/i18n/use-t';
import { useUser } from '@/lib/auth';
import { contentUrlSchema, type ContentUrlInput } from '@contract/content-url';
import { useDeleteDeliverable } from '../api/delete-deliverable';
import { useDraftReviewState } from '../api/drafts';
import { useApplicationDeliverables } from '../api/get-application-deliverables';
import { useSubmitDeliverable } from '../api/submit-deliverable';
import { useUpdateDeliverable } from '../api/update-deliverable';
import { creatorActions } from '../utils/revision-rules';
import { deliverablesCatalog } from '../messages/catalog';
import { deliverableErrorText, validationText } from '../messages/deliverables-text';
import type { Deliverable } from '../types';
import { CreatorDraftReview } from './creator-draft-review';
import { DeliverablesLoader, DeliverableSummary } from './deliverable-summary';
import { ResubmitForm } from './resubmit-form';

/**
 * The accepted creator's content for a campaign: their submitted links (edit and delete while awaiting
 * review; resubmit when the brand asked for changes; approved and rejected content is final) and one form
 * that submits a new link or, while editing, updates the chosen one.
 */
export function CreatorDeliverables({ campaignId, applicationId, hireStatus = null }: { campaignId: string; applicationId: string; hireStatus?: string | null }) {
  const draftReview = useDraftReviewState(applicationId);
  const { profile } = useUser();
  const query = useApplicationDeliverables(applicationId);
  const [editing, setEditingState] = useState<Deliverable | null>(null);
  // What the form holds now, read when a send finishes: the lists are refetched before the send reports
  // success, and a creator who started another edit meanwhile must not have it cleared under them.
  const editingId = useRef<string | null>(null);
  const setEditing = (deliverable: Deliverable | null) => {
    editingId.current = deliverable?.id ?? null;
    setEditingState(deliverable);
  };
  const [deleting, setDeleting] = useState<Deliverable | null>(null);
  // The content whose resubmission form is open (one at a time).
  const [resubmitting, setResubmitting] = useState<string | null>(null);
  const form = useForm<ContentUrlInput>({ resolver: zodResolver(contentUrlSchema), defaultValues: { contentUrl: '' } });
  const formStillHolds = (deliverableId: string | null, contentUrl: string) =>
    editingId.current === deliverableId && form.getValues('contentUrl') === contentUrl;
  // On a campaign that asks for draft review the public link waits for an approved draft (the database
  // refuses it too); a link being edited is past that point already.
  const linkLocked = draftReview.data?.required === true && !draftReview.data.approved && !editing;
  // The statuses in which the hire takes work (app.hire_status_allows_work).
  const canWork = hireStatus === null || !['awaiting_funding', 'refund_pending', 'refunded', 'canceled', 'charged_back'].includes(hireStatus);

  const stopEditing = () => {
    setEditing(null);
    form.reset({ contentUrl: '' });
  };
  const submit = useSubmitDeliverable(applicationId, {
    onSuccess: ({ contentUrl }) => {
      if (formStillHolds(null, contentUrl)) form.reset({ contentUrl: '' });
      toast({ title: t('deliverables.creator.toast.submitted'), description: t('deliverables.creator.toast.submittedText') });
    },
    onError: (error) =>
      toast({ title: t('deliverables.creator.toast.submitFailed'), description: deliverableErrorText(t, 'submit', error), variant: 'destructive' }),
  });
  const update = useUpdateDeliverable(applicationId, {
    onSuccess: ({ deliverableId, contentUrl }) => {
      if (formStillHolds(deliverableId, contentUrl)) stopEditing();
      toast({ title: t('deliverables.creator.toast.updated'), description: t('deliverables.creator.toast.updatedText') });
    },
    onError: (error) =>
      toast({ title: t('deliverables.creator.toast.updateFailed'), description: deliverableErrorText(t, 'update', error), variant: 'destructive' }),
  });
  const remove = useDeleteDeliverable(applicationId, {
    onSuccess: () => {
      if (editing?.id === deleting?.id) stopEditing();
      setDeleting(null);
      toast({ title: t('deliverables.creator.toast.deleted'), description: t('deliverables.creator.toast.deletedText') });
    },
    onError: (error) => {
      setDeleting(null);
      toast({
        title: t('deliverables.creator.toast.deleteFailed'),
        description: t('deliverables.creator.toast.deleteFailedText', { reason: deliverableErrorText(t, 'delete', error) }),
        variant: 'destructive',
      });
    },
  });

  const { t } = useT(deliverablesCatalog);

  const onSubmit = ({ contentUrl }: ContentUrlInput) => {
    if (editing) update.mutate({ deliverableId: editing.id, contentUrl });
    else submit.mutate({ campaignId, contentUrl });
  };

  return (
    <div className="space-y-5">
      {draftReview.data?.required && <CreatorDraftReview applicationId={applicationId} canWork={canWork} creatorName={profile?.full_name ?? ''} />}
      <div>
        <h3 className="text-sm font-semibold text-slate-900">{t('deliverables.submittedContent')}</h3>
        <div className="mt-2">
          <DeliverablesLoader query={query} loadingLabel={t('deliverables.creator.loading')}>
            {(items) => (
              <ul className="divide-y divide-slate-200 rounded-md border border-slate-200">
                {items.map((d) => (
                  <li key={d.id} className="space-y-2 p-3">
                    <CreatorDeliverable
                      deliverable={d}
                      applicationId={applicationId}
                      hireStatus={hireStatus}
                      resubmitting={resubmitting === d.id}
                      onResubmit={(open) => setResubmitting(open ? d.id : null)}
                      onEdit={() => {
                        setEditing(d);
                        form.reset({ contentUrl: d.content_url });
                        form.setFocus('contentUrl');
                      }}
                      onDelete={() => setDeleting(d)}
                    />
                  </li>
                ))}
              </ul>
            )}
          </DeliverablesLoader>
        </div>
      </div>

      {linkLocked ? (
        <p className="rounded-md border border-slate-200 bg-slate-50 p-3 text-sm text-slate-700">{t('deliverables.drafts.linkLocked')}</p>
      ) : (
      <form noValidate onSubmit={form.handleSubmit(onSubmit)} className="space-y-3">
        <TextField
          label={t('deliverables.creator.url')}
          type="url"
          inputMode="url"
          autoComplete="url"
          placeholder={t('deliverables.creator.urlPlaceholder')}
          hint={t('deliverables.creator.urlHint')}
          error={validationText(t, form.formState.errors.contentUrl?.message)}
          {...form.register('contentUrl')}
        />
        <div className="flex flex-wrap gap-2">
          <Button type="submit" pending={submit.isPending || update.isPending}>
            {t(editing ? 'deliverables.creator.update' : 'deliverables.creator.submit')}
          </Button>
          {editing && (
            <Button variant="secondary" onClick={stopEditing}>
              {t('deliverables.creator.cancel')}
            </Button>
          )}
        </div>
      </form>
      )}

      <ConfirmDialog
        open={deleting !== null}
        title={t('deliverables.creator.confirm.title')}
        description={t('deliverables.creator.confirm.text')}
        confirmLabel={t('deliverables.creator.delete')}
        cancelLabel={t('deliverables.creator.cancel')}
        destructive
        pending={remove.isPending}
        onConfirm={() => deleting && remove.mutate(deleting.id)}
        onClose={() => setDeleting(null)}
      />
    </div>
  );
}

interface CreatorDeliverableProps {
  deliverable: Deliverable;
  applicationId: string;
  hireStatus: string | null;
  resubmitting: boolean;
  onResubmit: (open: boolean) => void;
  onEdit: () => void;
  onDelete: () => void;
}

/** One of the creator's links with the actions its status allows, and the resubmission form when opened. */
function CreatorDeliverable({ deliverable: d, applicationId, hireStatus, resubmitting, onResubmit, onEdit, onDelete }: CreatorDeliverableProps) {
  const { t } = useT(deliverablesCatalog);
  const can = creatorActions(d.status);
  return (
    <>
      <DeliverableSummary deliverable={d} audience="creator" hireStatus={hireStatus} />
      <div className="flex flex-wrap gap-2">
        {can.resubmit && !resubmitting && (
          <Button size="sm" aria-label={t('deliverables.creator.resubmitLabel', { url: d.content_url })} onClick={() => onResubmit(true)}>
            {t('deliverables.creator.resubmit')}
          </Button>
        )}
        {can.edit && (
          <Button size="sm" variant="secondary" aria-label={t('deliverables.creator.editLabel', { url: d.content_url })} onClick={onEdit}>
            {t('deliverables.creator.edit')}
          </Button>
        )}
        {can.remove && (
          <Button size="sm" variant="ghost" className="text-red-700" aria-label={t('deliverables.creator.deleteLabel', { url: d.content_url })} onClick={onDelete}>
            {t('deliverables.creator.delete')}
          </Button>
        )}
        <Link to={paths.deliverable.getHref(d.id)} aria-label={t('deliverables.viewRoundsLabel', { url: d.content_url })} className={buttonClasses('ghost', 'sm')}>
          {t('deliverables.viewRounds')}
        </Link>
      </div>
      {can.resubmit && resubmitting && (
        <ResubmitForm
          deliverableId={d.id}
          applicationId={applicationId}
          currentUrl={d.content_url}
          headingLevel={4}
          focusOnOpen
          onDone={() => onResubmit(false)}
          onCancel={() => onResubmit(false)}
        />
      )}
    </>
  );
}
