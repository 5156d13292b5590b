import { CampaignsBrowser } from '@/features/campaigns/components/campaigns-browser';
import { useUser } from '@/lib/auth';

/** /campaigns: Browse Campaigns (every signed-in role; creators get the apply wording on cards). */
export function Component() {
  const { profile } = useUser();
  return <CampaignsBrowser isCreator={profile?.role === 'creator'} />;
}
