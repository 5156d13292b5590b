import type { ReactNode } from 'react';
import { Card } from '@/components/ui/card';
import { useT } from '@/i18n/use-t';
import { applicationsCatalog } from '../messages/catalog';
import { ApplyForm } from './apply-form';
import { ApplicationStatusBadge } from './application-status-badge';

export interface CreatorApplicationPanelProps {
  campaignId: string;
  campaignStatus: string;
  /** The creator's application to this campaign, if any. */
  application: { id: string; status: string } | null;
  /** The accepted creator's content panel (from the deliverables feature). */
  renderAccepted: (applicationId: string) => ReactNode;
}

/**
 * What a creator can do on a campaign: apply while it is active and they have not applied; wait while
 * pending; deliver content once accepted (also after the campaign closes, so accepted work can finish).
 */
export function CreatorApplicationPanel({ campaignId, campaignStatus, application, renderAccepted }: CreatorApplicationPanelProps) {
  const { t } = useT(applicationsCatalog);
  return (
    <Card className="p-4 sm:p-6">
      <section aria-labelledby="your-application">
        <div className="flex items-center justify-between gap-2">
          <h2 id="your-application" className="text-lg font-semibold text-slate-900">
            {t(application?.status === 'accepted' ? 'applications.panel.content' : 'applications.panel.application')}
          </h2>
          {application && <ApplicationStatusBadge status={application.status} />}
        </div>
        <div className="mt-3">
          {!application ? (
            campaignStatus === 'active' ? (
              <ApplyForm campaignId={campaignId} />
            ) : (
              <p className="text-sm text-slate-700">{t('applications.panel.closed')}</p>
            )
          ) : application.status === 'pending' ? (
            <p className="rounded-md bg-amber-50 p-4 text-sm text-amber-900">
              {t('applications.panel.pending')}
            </p>
          ) : application.status === 'accepted' ? (
            renderAccepted(application.id)
          ) : (
            <p className="rounded-md bg-slate-100 p-4 text-sm text-slate-800">
              {t('applications.panel.rejected')}
            </p>
          )}
        </div>
      </section>
    </Card>
  );
}
