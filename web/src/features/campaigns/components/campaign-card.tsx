import { Badge } from '@/components/ui/badge';
import { ButtonLink } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { paths } from '@/config/paths';
import { titleCase } from '@/lib/format';
import type { CampaignListItem } from '@/types/api';
import { CampaignFacts } from './campaign-facts';

/**
 * One campaign of the browse list. Creators who have not applied get 'View Details & Apply'; everyone
 * else 'View Details'.
 */
export function CampaignCard({ campaign: c, isCreator }: { campaign: CampaignListItem; isCreator: boolean }) {
  const label = isCreator && !c.has_applied ? 'View Details & Apply' : 'View Details';
  return (
    <Card className="flex h-full flex-col p-5">
      <div className="flex items-start justify-between gap-2">
        <Badge tone="blue">{titleCase(c.content_type)}</Badge>
        {c.has_applied && <Badge tone="green">Applied</Badge>}
      </div>
      <h2 className="mt-2 text-lg font-semibold break-words text-slate-900">{c.title}</h2>
      <p className="text-sm text-slate-600">{c.brand_name}</p>
      <p className="mt-2 line-clamp-3 text-sm text-slate-700">{c.description}</p>
      <CampaignFacts campaign={c} showDaysLeft />
      <div className="mt-auto pt-4">
        <ButtonLink to={paths.campaign.getHref(c.id)} variant={label === 'View Details' ? 'secondary' : 'primary'} className="w-full" aria-label={`${label}: ${c.title}`}>
          {label}
        </ButtonLink>
      </div>
    </Card>
  );
}
