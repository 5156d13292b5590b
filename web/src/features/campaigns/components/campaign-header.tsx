import { Badge } from '@/components/ui/badge';
import { useT } from '@/i18n/use-t';
import { campaignStatusText, daysLeftText } from '../messages/campaign-text';
import { campaignsCatalog } from '../messages/catalog';
import type { CampaignDetail } from '../types';
import { campaignStatusTone } from '../utils/status';
import { BrandApprovalBanner } from './brand-approval-banner';
import { CampaignOwnerActions } from './campaign-owner-actions';

/** Title, status badge, days left and, for the owner, the campaign's controls. */
export function CampaignHeader({ campaign }: { campaign: CampaignDetail }) {
  const { t } = useT(campaignsCatalog);
  // A completed campaign shows its status and no count of days.
  const left = daysLeftText(t, campaign);
  return (
    <>
    {campaign.is_owner && <BrandApprovalBanner className="mb-4" />}
    <header className="flex flex-col gap-4 md:flex-row md:items-start md:justify-between">
      <div className="min-w-0">
        <h1 className="text-2xl font-bold break-words text-slate-900">{campaign.title}</h1>
        <div className="mt-2 flex flex-wrap items-center gap-3 text-sm text-slate-700">
          <Badge tone={campaignStatusTone(campaign.status)}>{campaignStatusText(t, campaign.status)}</Badge>
          {left && <span>{left}</span>}
        </div>
      </div>
      {campaign.is_owner && <CampaignOwnerActions campaign={campaign} />}
    </header>
    </>
  );
}
