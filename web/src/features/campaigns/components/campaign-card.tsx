import { Badge } from '@/components/ui/badge';
import { ButtonLink } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { paths } from '@/config/paths';
import { useT } from '@/i18n/use-t';
import type { CampaignListItem } from '@/types/api';
import { contentTypeText } from '../messages/campaign-text';
import { campaignsCatalog } from '../messages/catalog';
import { CampaignFacts } from './campaign-facts';

/**
 * One campaign of the browse list. Creators who have not applied get 'View Details & Apply'; everyone
 * else 'View Details'.
 */
export function CampaignCard({ campaign: c, isCreator }: { campaign: CampaignListItem; isCreator: boolean }) {
  const { t } = useT(campaignsCatalog);
  const invite = isCreator && !c.has_applied;
  return (
    <Card className="flex h-full flex-col p-5">
      <div className="flex items-start justify-between gap-2">
        <Badge tone="blue">{contentTypeText(t, c.content_type)}</Badge>
        {c.has_applied && <Badge tone="green">{t('campaigns.card.applied')}</Badge>}
      </div>
      <h2 className="mt-2 text-lg font-semibold break-words text-slate-900">{c.title}</h2>
      <p className="text-sm text-slate-600">{c.brand_name}</p>
      <p className="mt-2 line-clamp-3 text-sm text-slate-700">{c.description}</p>
      <CampaignFacts campaign={c} showDaysLeft />
      <div className="mt-auto pt-4">
        <ButtonLink
          to={paths.campaign.getHref(c.id)}
          variant={invite ? 'primary' : 'secondary'}
          className="w-full"
          aria-label={t(invite ? 'campaigns.card.viewDetailsApply.label' : 'campaigns.card.viewDetails.label', { title: c.title })}
        >
          {t(invite ? 'campaigns.card.viewDetailsApply' : 'campaigns.card.viewDetails')}
        </ButtonLink>
      </div>
    </Card>
  );
}
