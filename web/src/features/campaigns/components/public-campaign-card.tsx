import { Avatar } from '@/components/ui/avatar';
import { Badge } from '@/components/ui/badge';
import { ButtonLink } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { paths } from '@/config/paths';
import { useT } from '@/i18n/use-t';
import type { PublicCampaign } from '@/types/api';
import { contentTypeText } from '../messages/campaign-text';
import { campaignsCatalog } from '../messages/catalog';
import { CampaignFacts } from './campaign-facts';

/** One campaign of the public list: the browse card's look, leading to the public detail. */
export function PublicCampaignCard({ campaign: c }: { campaign: PublicCampaign }) {
  const { t } = useT(campaignsCatalog);
  return (
    <Card className="flex h-full flex-col p-5">
      <div>
        <Badge tone="blue">{contentTypeText(t, c.content_type)}</Badge>
      </div>
      <h2 className="mt-2 text-lg font-semibold break-words text-slate-900">{c.title}</h2>
      <p className="mt-1 flex items-center gap-2 text-sm text-slate-600">
        <Avatar src={c.brand_logo_url} name={c.brand_name} size="sm" decorative />
        <span className="min-w-0 truncate">{c.brand_name}</span>
      </p>
      <p className="mt-2 line-clamp-3 text-sm text-slate-700">{c.description}</p>
      <CampaignFacts campaign={c} showDaysLeft />
      <div className="mt-auto pt-4">
        <ButtonLink
          to={paths.publicCampaign.getHref(c.id)}
          variant="secondary"
          className="w-full"
          aria-label={t('campaigns.card.viewDetails.label', { title: c.title })}
        >
          {t('campaigns.card.viewDetails')}
        </ButtonLink>
      </div>
    </Card>
  );
}
