import { useParams } from 'react-router-dom';
import { PublicCampaignDetailView } from '@/features/campaigns/components/public-campaign-detail';

/** /explore/:id: one active campaign for visitors; Apply leads through sign-up back to it. */
export function Component() {
  const { id = '' } = useParams();
  return <PublicCampaignDetailView key={id} id={id} />;
}
