import { Avatar } from '@/components/ui/avatar';
import { ButtonLink } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { RatingSummary } from '@/components/ui/rating/rating-summary';
import { paths } from '@/config/paths';
import { useFormat } from '@/i18n/format';
import { useT } from '@/i18n/use-t';
import { daysLeftText } from '../messages/campaign-text';
import { campaignsCatalog } from '../messages/catalog';
import type { CampaignDetail } from '../types';
import { websiteHref } from '../utils/website-href';

/** About the Brand, Message Brand (for creators) and the campaign's figures. */
export function CampaignSidebar({ campaign, canMessageBrand }: { campaign: CampaignDetail; canMessageBrand: boolean }) {
  const f = useFormat();
  const { t } = useT(campaignsCatalog);
  const left = daysLeftText(t, campaign);
  const brand = campaign.brand;
  return (
    <aside aria-label={t('campaigns.sidebar.label')} className="space-y-4">
      <Card className="p-5">
        <h2 className="font-semibold text-slate-900">{t('campaigns.sidebar.aboutBrand')}</h2>
        <div className="mt-3 flex items-center gap-3">
          <Avatar src={brand.logo_url} name={brand.company_name} decorative />
          <div className="min-w-0">
            <p className="font-medium break-words text-slate-900">{brand.company_name}</p>
            <p className="text-sm text-slate-600">{brand.industry || t('campaigns.sidebar.noIndustry')}</p>
          </div>
        </div>
        <div className="mt-3 flex items-center gap-2 text-sm">
          <span className="text-slate-600">{t('campaigns.sidebar.rating')}</span>
          <RatingSummary rating={brand.rating} reviewCount={brand.review_count} />
        </div>
        {brand.website && (
          <a href={websiteHref(brand.website)} target="_blank" rel="noopener noreferrer" className="mt-3 inline-block text-sm font-medium break-all text-brand-700 hover:underline">
            {brand.website}
            <span className="sr-only"> {t('campaigns.sidebar.newTab')}</span>
          </a>
        )}
        {canMessageBrand && (
          <ButtonLink to={paths.messages.getHref({ contact: brand.id })} variant="secondary" className="mt-4 w-full">
            {t('campaigns.sidebar.messageBrand')}
          </ButtonLink>
        )}
      </Card>
      <Card className="p-5">
        <h2 className="font-semibold text-slate-900">{t('campaigns.sidebar.stats')}</h2>
        <dl className="mt-3 space-y-2 text-sm">
          <div className="flex justify-between gap-2">
            <dt className="text-slate-600">{t('campaigns.sidebar.applications')}</dt>
            <dd className="font-medium text-slate-900">{f.number(campaign.application_count)}</dd>
          </div>
          <div className="flex justify-between gap-2">
            <dt className="text-slate-600">{t('campaigns.sidebar.created')}</dt>
            <dd className="text-right text-slate-900">{f.date(campaign.created_at)}</dd>
          </div>
          <div className="flex justify-between gap-2">
            <dt className="text-slate-600">{t('campaigns.sidebar.updated')}</dt>
            <dd className="text-right text-slate-900">{f.date(campaign.updated_at)}</dd>
          </div>
          {left && (
            <div className="flex justify-between gap-2">
              <dt className="text-slate-600">{t('campaigns.sidebar.timeRemaining')}</dt>
              <dd className="text-right text-slate-900">{left}</dd>
            </div>
          )}
        </dl>
      </Card>
    </aside>
  );
}
