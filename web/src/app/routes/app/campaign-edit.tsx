import { useParams } from 'react-router-dom';
import { EditCampaign } from '@/features/campaigns/components/edit-campaign';
import { useUser } from '@/lib/auth';

/** /campaigns/edit/{id}: the owner's form; everyone else sees 'Unauthorized'. */
export function Component() {
  const { id = '' } = useParams();
  const { profile } = useUser();
  return <EditCampaign campaignId={id} userId={profile?.id ?? ''} />;
}
