import { Link } from 'react-router-dom';
import { Avatar } from '@/components/ui/avatar';
import { Card } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useRecommendedCreators } from '../api/get-recommended-creators';

/** Followers in thousands with a K suffix (spec: "followers in thousands with a K suffix"). */
function followersLabel(followers: number | null): string {
  if (!followers) return '0 followers';
  if (followers < 1000) return `${followers} followers`;
  const k = followers / 1000;
  return `${Number.isInteger(k) ? k : k.toFixed(1)}K followers`;
}

/** The first four creators (most followed) for the brand dashboard, with a way to all of them. */
export function RecommendedCreators() {
  const { data, isPending, isError } = useRecommendedCreators();
  return (
    <section aria-labelledby="recommended-creators">
      <div className="flex items-center justify-between">
        <h2 id="recommended-creators" className="text-lg font-semibold text-slate-900">
          Recommended Creators
        </h2>
        <Link to={paths.creatorsDiscover.getHref()} className="text-sm font-medium text-brand-700 hover:underline">
          View all<span className="sr-only"> creators</span>
        </Link>
      </div>
      <div className="mt-3">
        {isPending ? (
          <Spinner label="Loading creators..." />
        ) : isError ? (
          <p role="alert" className="text-sm text-red-800">Could not load creators. Please reload the page.</p>
        ) : data.length === 0 ? (
          <p className="text-sm text-slate-600">No creators found</p>
        ) : (
          <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
            {data.map((c) => (
              <li key={c.id}>
                <Card className="flex h-full items-center gap-3 p-4">
                  <Avatar src={c.avatar_url} name={c.full_name} decorative />
                  <div className="min-w-0">
                    <Link to={paths.creator.getHref(c.id)} className="font-medium break-words text-slate-900 hover:text-brand-700 hover:underline">
                      {c.full_name}
                    </Link>
                    <p className="text-sm text-slate-600">@{c.username}</p>
                    <p className="text-xs text-slate-600">
                      {[c.niche, followersLabel(c.followers), c.location].filter(Boolean).join(' · ')}
                    </p>
                  </div>
                </Card>
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
