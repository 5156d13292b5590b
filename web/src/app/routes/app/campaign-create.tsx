import { CreateCampaign } from '@/features/campaigns/components/create-campaign';
import { RequireRole } from '@/lib/authorization';

/** /campaigns/create: brands only; anyone else is sent to their own dashboard. */
export function Component() {
  return (
    <RequireRole roles={['brand']}>
      <CreateCampaign />
    </RequireRole>
  );
}
