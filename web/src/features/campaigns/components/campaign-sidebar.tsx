import { Avatar } from '@/components/ui/avatar';
import { ButtonLink } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { paths } from '@/config/paths';
import { formatDate } from '@/lib/format';
import type { CampaignDetail } from '../types';
import { daysLeftLabel } from '../utils/days-left';
import { websiteHref } from '../utils/website-href';

/** About the Brand, Message Brand (for creators) and the campaign's figures. */
export function CampaignSidebar({ campaign, canMessageBrand }: { campaign: CampaignDetail; canMessageBrand: boolean }) {
  const brand = campaign.brand;
  return (
    <aside aria-label="Campaign information" className="space-y-4">
      <Card className="p-5">
        <h2 className="font-semibold text-slate-900">About the Brand</h2>
        <div className="mt-3 flex items-center gap-3">
          <Avatar src={brand.logo_url} name={brand.company_name} decorative />
          <div className="min-w-0">
            <p className="font-medium break-words text-slate-900">{brand.company_name}</p>
            <p className="text-sm text-slate-600">{brand.industry || 'Industry not specified'}</p>
          </div>
        </div>
        {brand.website && (
          <a href={websiteHref(brand.website)} target="_blank" rel="noopener noreferrer" className="mt-3 inline-block text-sm font-medium break-all text-brand-700 hover:underline">
            {brand.website}
            <span className="sr-only"> (opens in a new tab)</span>
          </a>
        )}
        {canMessageBrand && (
          <ButtonLink to={paths.messages.getHref({ contact: brand.id })} variant="secondary" className="mt-4 w-full">
            Message Brand
          </ButtonLink>
        )}
      </Card>
      <Card className="p-5">
        <h2 className="font-semibold text-slate-900">Campaign Stats</h2>
        <dl className="mt-3 space-y-2 text-sm">
          <div className="flex justify-between gap-2">
            <dt className="text-slate-600">Applications</dt>
            <dd className="font-medium text-slate-900">{campaign.application_count}</dd>
          </div>
          <div className="flex justify-between gap-2">
            <dt className="text-slate-600">Created</dt>
            <dd className="text-right text-slate-900">{formatDate(campaign.created_at)}</dd>
          </div>
          <div className="flex justify-between gap-2">
            <dt className="text-slate-600">Last updated</dt>
            <dd className="text-right text-slate-900">{formatDate(campaign.updated_at)}</dd>
          </div>
          <div className="flex justify-between gap-2">
            <dt className="text-slate-600">Time remaining</dt>
            <dd className="text-right text-slate-900">{daysLeftLabel(campaign.deadline)}</dd>
          </div>
        </dl>
      </Card>
    </aside>
  );
}
