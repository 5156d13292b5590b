import type { ReactNode } from 'react';
import { Card } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { useT } from '@/i18n/use-t';
import { useMyApplications } from '../api/get-my-applications';
import { applicationsCatalog } from '../messages/catalog';
import { allowsWork, showsCreatorHireBadge } from '../utils/hire';
import { ApplyForm } from './apply-form';
import { ApplicationStatusBadge } from './application-status-badge';
import { CreatorHireNotice } from './creator-hire-notice';
import type { Compensation } from './fee-note';
import { HireStatusBadge } from '@/components/ui/status-badges';

export interface CreatorApplicationPanelProps {
  campaignId: string;
  campaignStatus: string;
  /** The campaign's pay, for what the creator receives after the platform fee before applying. */
  compensation?: Compensation;
  /** The creator's application to this campaign, if any. */
  application: { id: string; status: string } | null;
  /** The accepted creator's content panel (from the deliverables feature). */
  /** The accepted creator's work area; the hire's status decides whether a review countdown shows. */
  renderAccepted: (applicationId: string, hireStatus: string | null) => ReactNode;
  /** What a completed job asks of the creator (the reviews feature's prompt to review the brand). */
  renderCompleted?: (applicationId: string) => ReactNode;
}

/**
 * What a creator can do on a campaign: apply while it is active and they have not applied (with what
 * they would receive after the platform fee); wait while pending; once accepted, wait for the brand to
 * fund a paid hire, then deliver content (also after the campaign closes, so accepted work can finish);
 * read the brand's reason when it canceled the hire; once the job is complete, review the brand.
 */
export function CreatorApplicationPanel({ campaignId, campaignStatus, compensation, application, renderAccepted, renderCompleted }: CreatorApplicationPanelProps) {
  // The hire and the cancel reason come with the creator's own applications list.
  const mine = useMyApplications({ enabled: application !== null });
  const { t } = useT(applicationsCatalog);
  const row = application ? mine.data?.find((a) => a.id === application.id) : undefined;
  const status = row?.status ?? application?.status;
  const hire = row?.hire ?? null;
  return (
    <Card className="p-4 sm:p-6">
      <section aria-labelledby="your-application">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id="your-application" className="text-lg font-semibold text-slate-900">
            {t(status === 'accepted' ? 'applications.panel.content' : 'applications.panel.application')}
          </h2>
          {status && (
            <div className="flex flex-wrap items-center gap-2">
              <ApplicationStatusBadge status={status} />
              {showsCreatorHireBadge(hire) && <HireStatusBadge status={hire.status} />}
            </div>
          )}
        </div>
        <div className="mt-3">
          {!application ? (
            campaignStatus === 'active' ? (
              <ApplyForm campaignId={campaignId} compensation={compensation} />
            ) : (
              <p className="text-sm text-slate-700">{t('applications.panel.closed')}</p>
            )
          ) : status === 'pending' ? (
            <p className="rounded-md bg-amber-50 p-4 text-sm text-amber-900">{t('applications.panel.pending')}</p>
          ) : status === 'accepted' || status === 'canceled' ? (
            mine.isPending ? (
              <Spinner />
            ) : (
              <div className="space-y-4">
                {row?.job_state === 'completed' && renderCompleted?.(application.id)}
                {(hire || status === 'canceled') && <CreatorHireNotice hire={hire} cancelReason={row?.cancel_reason} />}
                {status === 'accepted' && allowsWork(hire) && renderAccepted(application.id, hire?.status ?? null)}
              </div>
            )
          ) : (
            <p className="rounded-md bg-slate-100 p-4 text-sm text-slate-800">{t('applications.panel.rejected')}</p>
          )}
        </div>
      </section>
    </Card>
  );
}
