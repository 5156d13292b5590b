import { ButtonLink } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { paths } from '@/config/paths';

/** The spec's text for a campaign that failed to load, is missing or is not visible to the user. */
export function CampaignLoadError() {
  return (
    <Card role="alert" className="mx-auto max-w-xl p-6 text-center">
      <p className="text-slate-800">
        Unable to load campaign details. The campaign may have been removed or you don't have permission to view it.
      </p>
      <ButtonLink to={paths.dashboard.getHref()} className="mt-4">
        Return to Dashboard
      </ButtonLink>
    </Card>
  );
}
