import { Link } from 'react-router-dom';
import { ButtonLink } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { titleCase } from '@/lib/format';
import { useBrowseCampaigns } from '../api/browse-campaigns';
import { CampaignFacts } from './campaign-facts';

/** The first three open campaigns, for the creator dashboard (spec: "Available Campaigns (first 3)"). */
export function AvailableCampaigns() {
  const { data, isPending, isError } = useBrowseCampaigns({ page_size: 3 });
  return (
    <section aria-labelledby="available-campaigns">
      <div className="flex items-center justify-between">
        <h2 id="available-campaigns" className="text-lg font-semibold text-slate-900">
          Available Campaigns
        </h2>
        <Link to={paths.campaigns.getHref()} className="text-sm font-medium text-brand-700 hover:underline">
          Browse all
        </Link>
      </div>
      <div className="mt-3">
        {isPending ? (
          <Spinner label="Loading campaigns..." />
        ) : isError ? (
          <p role="alert" className="text-sm text-red-700">Failed to load campaigns</p>
        ) : data.length === 0 ? (
          <p className="text-sm text-slate-600">No campaigns available right now.</p>
        ) : (
          <ul className="grid gap-4 md:grid-cols-3">
            {data.map((c) => (
              <li key={c.id}>
                <Card className="flex h-full flex-col p-5">
                  <p className="text-xs font-medium tracking-wide text-brand-700 uppercase">{titleCase(c.content_type)}</p>
                  <h3 className="mt-1 font-semibold text-slate-900">{c.title}</h3>
                  <p className="text-sm text-slate-600">{c.brand_name}</p>
                  <CampaignFacts campaign={c} />
                  <ButtonLink
                    to={paths.campaign.getHref(c.id)}
                    variant={c.has_applied ? 'secondary' : 'primary'}
                    className="mt-4 w-full"
                    aria-label={`${c.has_applied ? 'View Details' : 'View Details & Apply'}: ${c.title}`}
                  >
                    {c.has_applied ? 'View Details' : 'View Details & Apply'}
                  </ButtonLink>
                </Card>
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
