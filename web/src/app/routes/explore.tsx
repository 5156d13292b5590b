import { PublicCampaignsList } from '@/features/campaigns/components/public-campaigns-list';

/** /explore: active campaigns for visitors, linked from the landing page (its own chunk: /auth does not load it). */
export function Component() {
  return <PublicCampaignsList />;
}
