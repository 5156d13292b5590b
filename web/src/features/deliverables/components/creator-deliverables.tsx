import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { TextField } from '@/components/ui/form-field';
import { toast } from '@/components/ui/toast';
import { contentUrlSchema, type ContentUrlInput } from '../api/content-url-schema';
import { useDeleteDeliverable } from '../api/delete-deliverable';
import { useApplicationDeliverables } from '../api/get-application-deliverables';
import { useSubmitDeliverable } from '../api/submit-deliverable';
import { useUpdateDeliverable } from '../api/update-deliverable';
import type { Deliverable } from '../types';
import { DeliverablesLoader, DeliverableSummary } from './deliverable-summary';

/**
 * The accepted creator's content for a campaign: their submitted links (edit and delete until approved)
 * and one form that submits a new link or, while editing, updates the chosen one.
 */
export function CreatorDeliverables({ campaignId, applicationId }: { campaignId: string; applicationId: string }) {
  const query = useApplicationDeliverables(applicationId);
  const [editing, setEditing] = useState<Deliverable | null>(null);
  const [deleting, setDeleting] = useState<Deliverable | null>(null);
  const form = useForm<ContentUrlInput>({ resolver: zodResolver(contentUrlSchema), defaultValues: { contentUrl: '' } });

  const stopEditing = () => {
    setEditing(null);
    form.reset({ contentUrl: '' });
  };
  const submit = useSubmitDeliverable(applicationId, {
    onSuccess: () => {
      form.reset({ contentUrl: '' });
      toast({ title: 'Deliverable submitted', description: 'The brand will review your content.' });
    },
    onError: (error) => toast({ title: 'Error submitting deliverable', description: error.message, variant: 'destructive' }),
  });
  const update = useUpdateDeliverable(applicationId, {
    onSuccess: () => {
      stopEditing();
      toast({ title: 'Deliverable updated', description: 'Your content link has been updated.' });
    },
    onError: (error) => toast({ title: 'Error updating deliverable', description: error.message, variant: 'destructive' }),
  });
  const remove = useDeleteDeliverable(applicationId, {
    onSuccess: () => {
      if (editing?.id === deleting?.id) stopEditing();
      setDeleting(null);
      toast({ title: 'Deliverable deleted', description: 'Your content link has been removed.' });
    },
    onError: (error) => {
      setDeleting(null);
      toast({ title: 'Error deleting deliverable', description: `Failed to delete deliverable. ${error.message}`, variant: 'destructive' });
    },
  });

  const onSubmit = ({ contentUrl }: ContentUrlInput) => {
    if (editing) update.mutate({ deliverableId: editing.id, contentUrl });
    else submit.mutate({ campaignId, contentUrl });
  };

  return (
    <div className="space-y-5">
      <div>
        <h3 className="text-sm font-semibold text-slate-900">Submitted content</h3>
        <div className="mt-2">
          <DeliverablesLoader query={query} loadingLabel="Loading your content...">
            {(items) => (
              <ul className="divide-y divide-slate-200 rounded-md border border-slate-200">
                {items.map((d) => (
                  <li key={d.id} className="space-y-2 p-3">
                    <DeliverableSummary deliverable={d} feedbackLabel="Brand feedback:" />
                    {d.status !== 'approved' && (
                      <div className="flex gap-2">
                        <Button
                          size="sm"
                          variant="secondary"
                          aria-label={`Edit ${d.content_url}`}
                          onClick={() => {
                            setEditing(d);
                            form.reset({ contentUrl: d.content_url });
                            form.setFocus('contentUrl');
                          }}
                        >
                          Edit
                        </Button>
                        <Button size="sm" variant="ghost" className="text-red-700" aria-label={`Delete ${d.content_url}`} onClick={() => setDeleting(d)}>
                          Delete
                        </Button>
                      </div>
                    )}
                  </li>
                ))}
              </ul>
            )}
          </DeliverablesLoader>
        </div>
      </div>

      <form noValidate onSubmit={form.handleSubmit(onSubmit)} className="space-y-3">
        <TextField
          label="Content URL"
          type="url"
          inputMode="url"
          autoComplete="url"
          placeholder="https://www.instagram.com/reel/..."
          hint="Paste a link to your content. Make sure it's publicly accessible."
          error={form.formState.errors.contentUrl?.message}
          {...form.register('contentUrl')}
        />
        <div className="flex flex-wrap gap-2">
          <Button type="submit" pending={submit.isPending || update.isPending}>
            {editing ? 'Update Content' : 'Submit Content'}
          </Button>
          {editing && (
            <Button variant="secondary" onClick={stopEditing}>
              Cancel
            </Button>
          )}
        </div>
      </form>

      <ConfirmDialog
        open={deleting !== null}
        title="Delete content"
        description="Are you sure you want to delete this content URL? This action cannot be undone."
        confirmLabel="Delete"
        destructive
        pending={remove.isPending}
        onConfirm={() => deleting && remove.mutate(deleting.id)}
        onClose={() => setDeleting(null)}
      />
    </div>
  );
}
