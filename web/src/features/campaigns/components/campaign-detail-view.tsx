import { type ReactNode, Suspense } from 'react';
import { Card } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { useT } from '@/i18n/use-t';
import { useCampaign } from '../api/get-campaign';
import { campaignsCatalog } from '../messages/catalog';
import type { CampaignDetail } from '../types';
import { BriefFilesPanel } from './brief-files-panel';
import { CampaignHeader } from './campaign-header';
import { CampaignLoadError } from './campaign-load-error';
import { CampaignSidebar } from './campaign-sidebar';
import { CampaignTabs } from './campaign-tabs';
import { UsageRightsCard } from './usage-rights-card';

export interface CampaignDetailViewProps {
  campaignId: string;
  role: string;
  /** The owner's Applications tab (from the applications feature). */
  renderApplications: (campaign: CampaignDetail) => ReactNode;
  /** What a creator sees below the tabs: apply, the pending notice or their content. */
  renderCreatorPanel: (campaign: CampaignDetail) => ReactNode;
}

/** The campaign detail screen: header, tabs, sidebar, and the panels other features provide. */
export function CampaignDetailView({ campaignId, role, renderApplications, renderCreatorPanel }: CampaignDetailViewProps) {
  const query = useCampaign(campaignId);
  const { t } = useT(campaignsCatalog);
  if (query.isPending) {
    return (
      <div className="flex min-h-[40vh] items-center justify-center gap-3 text-slate-700">
        <Spinner label={null} className="text-brand-600" />
        <p role="status">{t('campaigns.detail.loading')}</p>
      </div>
    );
  }
  if (query.isError || !query.data) return <CampaignLoadError />;
  const campaign = query.data;
  const isCreator = role === 'creator';
  return (
    <div className="space-y-6">
      <CampaignHeader campaign={campaign} />
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <div className="min-w-0 space-y-6">
          <Card className="p-4 sm:p-6">
            <CampaignTabs campaign={campaign} applications={campaign.is_owner ? renderApplications(campaign) : undefined} />
          </Card>
          <BriefFilesPanel campaignId={campaign.id} />
          {/* Right above the apply form: what the brand may do with the content is read before applying. */}
          {campaign.usage_rights && <UsageRightsCard usage={campaign.usage_rights} />}
          {/* Another feature's panel, whose texts may still be loading: the rest of the screen stays. */}
          {isCreator && <Suspense fallback={<Spinner />}>{renderCreatorPanel(campaign)}</Suspense>}
        </div>
        <CampaignSidebar campaign={campaign} canMessageBrand={isCreator} />
      </div>
    </div>
  );
}
