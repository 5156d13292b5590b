import { useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Avatar } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/toast';
import { paths } from '@/config/paths';
import { useFormat } from '@/i18n/format';
import { useT } from '@/i18n/use-t';
import { useCampaignApplications } from '../api/get-campaign-applications';
import { useUpdateApplicationStatus } from '../api/update-application-status';
import { applicationErrorText } from '../messages/applications-text';
import { applicationsCatalog } from '../messages/catalog';
import type { CampaignApplication } from '../types';
import { ApplicationStatusBadge } from './application-status-badge';
import { BrandHirePanel } from './brand-hire-panel';
import { HireStatusBadge } from '@/components/ui/status-badges';

export interface CampaignApplicationsProps {
  campaignId: string;
  /** What an accepted application shows under its pitch (the brand's deliverables panel). */
  renderAccepted: (application: CampaignApplication) => ReactNode;
  /**
   * The card checkout that funds an accepted application's hire (the payments feature's panel), opened
   * by its Fund action. Without it the hire's state still shows, with no Fund action.
   */
  renderFunding?: (application: CampaignApplication) => ReactNode;
  /** The creator's followers, niche and rating under their name (the creators feature's facts). */
  renderCreatorFacts?: (application: CampaignApplication) => ReactNode;
  /** What a completed hire asks of the brand (the reviews feature's prompt to review the creator). */
  renderCompleted?: (application: CampaignApplication) => ReactNode;
}

/**
 * The owner's Applications tab: each applicant with name, username and avatar (linking to their profile),
 * followers, niche and rating, status and pitch; pending ones can be accepted, or rejected after a
 * confirmation (rejection is final). An accepted application on a paid flat-fee campaign is a hire: its
 * state shows, with Fund and Cancel hire while they apply. A completed hire asks for a review.
 */
export function CampaignApplications({ campaignId, renderAccepted, renderFunding, renderCreatorFacts, renderCompleted }: CampaignApplicationsProps) {
  const f = useFormat();
  const query = useCampaignApplications(campaignId);
  const [rejecting, setRejecting] = useState<CampaignApplication | null>(null);
  const update = useUpdateApplicationStatus({
    onSuccess: (status) => {
      setRejecting(null);
      toast({ title: t('applications.list.toast.updated'), description: t(status === 'accepted' ? 'applications.list.toast.accepted' : 'applications.list.toast.rejected') });
    },
    onError: (error) => {
      setRejecting(null);
      toast({ title: t('applications.list.toast.error'), description: applicationErrorText(t, error), variant: 'destructive' });
    },
  });
  const { t } = useT(applicationsCatalog);

  if (query.isPending) return <Spinner label={t('applications.list.loading')} />;
  if (query.isError) {
    return (
      <p role="alert" className="text-sm text-red-800">
        {t('applications.list.error', { reason: applicationErrorText(t, query.error) })}
      </p>
    );
  }
  if (query.data.length === 0) return <p className="text-sm text-slate-600">{t('applications.list.empty')}</p>;

  return (
    <>
      <ul className="divide-y divide-slate-200">
        {query.data.map((a) => {
          const busy = update.isPending && update.variables?.applicationId === a.id;
          return (
            <li key={a.id} className="py-4 first:pt-0 last:pb-0">
              <article aria-label={t('applications.list.item', { name: a.creator.full_name })}>
                <div className="flex flex-wrap items-start justify-between gap-3">
                  <div className="flex min-w-0 items-start gap-3">
                    <Link to={paths.creator.getHref(a.creator.id)} tabIndex={-1} aria-hidden="true" className="shrink-0">
                      <Avatar src={a.creator.avatar_url} name={a.creator.full_name} decorative />
                    </Link>
                    <div className="min-w-0">
                      <h3 className="font-medium break-words text-slate-900">
                        <Link
                          to={paths.creator.getHref(a.creator.id)}
                          className="rounded-sm underline-offset-2 hover:text-brand-700 hover:underline focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none"
                        >
                          {a.creator.full_name}
                        </Link>
                      </h3>
                      <p className="text-sm text-slate-600">@{a.creator.username}</p>
                      {renderCreatorFacts && <div className="mt-1">{renderCreatorFacts(a)}</div>}
                    </div>
                  </div>
                  <div className="flex flex-wrap items-center gap-2">
                    <span className="text-xs text-slate-600">{t('applications.list.appliedOn', { date: f.date(a.created_at) })}</span>
                    <ApplicationStatusBadge status={a.status} />
                    {a.hire && <HireStatusBadge status={a.hire.status} />}
                  </div>
                </div>
                {a.job_state === 'completed' && renderCompleted && <div className="mt-3">{renderCompleted(a)}</div>}
                <p className="mt-3 text-sm whitespace-pre-line text-slate-800">{a.pitch}</p>
                {a.status === 'pending' && (
                  <div className="mt-3 flex flex-wrap gap-2">
                    <Button size="sm" pending={busy && update.variables?.status === 'accepted'} disabled={update.isPending} onClick={() => update.mutate({ applicationId: a.id, status: 'accepted' })}>
                      {t('applications.list.accept')}
                    </Button>
                    <Button size="sm" variant="secondary" disabled={update.isPending} onClick={() => setRejecting(a)}>
                      {t('applications.list.reject')}
                    </Button>
                  </div>
                )}
                {a.hire && (
                  <div className="mt-3">
                    <BrandHirePanel application={a} hire={a.hire} renderFunding={renderFunding} />
                  </div>
                )}
                {a.status === 'accepted' && <div className="mt-4">{renderAccepted(a)}</div>}
              </article>
            </li>
          );
        })}
      </ul>
      <ConfirmDialog
        open={rejecting !== null}
        title={t('applications.list.confirm.title')}
        description={t('applications.list.confirm.description')}
        confirmLabel={t('applications.list.reject')}
        cancelLabel={t('applications.list.confirm.cancel')}
        destructive
        pending={update.isPending}
        onConfirm={() => rejecting && update.mutate({ applicationId: rejecting.id, status: 'rejected' })}
        onClose={() => setRejecting(null)}
      />
    </>
  );
}
