import { Link } from 'react-router-dom';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { formatDate } from '@/lib/format';
import { useCreatorPortfolio } from '../api/get-creator-portfolio';

/** The creator's approved campaign content: each link with the campaign it was made for and its approval date. */
export function CreatorPortfolioTab({ creatorId, firstName }: { creatorId: string; firstName: string }) {
  const { data, isPending, isError, error } = useCreatorPortfolio(creatorId);
  if (isPending) return <Spinner label="Loading portfolio..." />;
  if (isError) return <p role="alert" className="text-sm text-red-700">Could not load the portfolio: {error.message}</p>;
  if (data.length === 0) {
    return (
      <div className="rounded-lg border border-dashed border-slate-300 p-8 text-center">
        <p className="font-medium text-slate-900">No approved content yet</p>
        <p className="mt-1 text-sm text-slate-600">Content {firstName} delivers for campaigns shows here once a brand approves it.</p>
      </div>
    );
  }
  return (
    <ul className="divide-y divide-slate-200">
      {data.map((item) => (
        <li key={item.deliverable_id} className="flex flex-col gap-1 py-3 sm:flex-row sm:items-center sm:justify-between">
          <div className="min-w-0">
            <a href={item.content_url} target="_blank" rel="noopener noreferrer" className="block truncate font-medium text-brand-700 hover:underline">
              {item.content_url}
              <span className="sr-only"> (opens in a new tab)</span>
            </a>
            <p className="text-sm text-slate-600">
              For{' '}
              <Link to={paths.campaign.getHref(item.campaign_id)} className="text-slate-800 hover:underline">
                {item.campaign_title}
              </Link>
            </p>
          </div>
          <p className="shrink-0 text-sm text-slate-600">Approved {formatDate(item.approved_at)}</p>
        </li>
      ))}
    </ul>
  );
}
