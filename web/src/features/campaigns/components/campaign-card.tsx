import { Avatar } from '@/components/ui/avatar';
import { Badge, type BadgeTone } from '@/components/ui/badge';
import { ButtonLink } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { paths } from '@/config/paths';
import { useT } from '@/i18n/use-t';
import type { CampaignListItem } from '@/types/api';
import { type CampaignsT, contentTypeText } from '../messages/campaign-text';
import { campaignsCatalog } from '../messages/catalog';
import { CampaignFacts } from './campaign-facts';

const STATE_TONE = { accepted: 'green', rejected: 'red', canceled: 'neutral' } as const satisfies Record<string, BadgeTone>;

/**
 * Where the reader's application stands, in the words of their applications list: "Rejected" rather than
 * "Applied" once the brand declined it (issue 32, item 9); "Applied" while it waits.
 */
function OwnApplicationBadge({ status, t }: { status: string | null; t: CampaignsT }) {
  const state = status === 'accepted' || status === 'rejected' || status === 'canceled' ? status : null;
  if (!state) return <Badge tone="green">{t('campaigns.card.applied')}</Badge>;
  return <Badge tone={STATE_TONE[state]}>{t(`campaigns.card.status.${state}`)}</Badge>;
}

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
        {c.has_applied && <OwnApplicationBadge status={c.my_application_status} t={t} />}
      </div>
      <h2 className="mt-2 text-lg font-semibold break-words text-slate-900">{c.title}</h2>
      <p className="mt-1 flex items-center gap-2 text-sm text-slate-600">
        <Avatar src={c.brand_logo_url} name={c.brand_name} size="sm" decorative />
        <span className="min-w-0 break-words">{c.brand_name}</span>
      </p>
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
