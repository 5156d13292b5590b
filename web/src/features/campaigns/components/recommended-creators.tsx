import { Trans } from '@lingui/react';
import { Link } from 'react-router-dom';
import { Avatar } from '@/components/ui/avatar';
import { Card } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { ReachValue } from '@/components/ui/reach/reach-value';
import { useT } from '@/i18n/use-t';
import { useRecommendedCreators } from '../api/get-recommended-creators';
import { campaignsCatalog } from '../messages/catalog';

/** The first four creators (most followed) for the brand dashboard, with a way to all of them. */
export function RecommendedCreators() {
  const { data, isPending, isError } = useRecommendedCreators();
  const { t } = useT(campaignsCatalog);
  return (
    <section aria-labelledby="recommended-creators">
      <div className="flex items-center justify-between gap-3">
        <h2 id="recommended-creators" className="text-lg font-semibold text-slate-900">
          {t('campaigns.recommended.title')}
        </h2>
        <Link to={paths.creatorsDiscover.getHref()} className="shrink-0 text-sm font-medium text-brand-700 hover:underline">
          <Trans id="campaigns.recommended.viewAll" components={{ 0: <span className="sr-only" /> }} />
        </Link>
      </div>
      <div className="mt-3">
        {isPending ? (
          <Spinner label={t('campaigns.recommended.loading')} />
        ) : isError ? (
          <p role="alert" className="text-sm text-red-800">
            {t('campaigns.recommended.error')}
          </p>
        ) : data.length === 0 ? (
          <p className="text-sm text-slate-600">{t('campaigns.recommended.empty')}</p>
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
                    <p className="text-xs text-slate-600">{[c.niche, c.location].filter(Boolean).join(' · ')}</p>
                    {/* Followers by the app's one compact count ("120.4K followers"), verified or self-reported (decision 0054). */}
                    <ReachValue card={c} layout="inline" className="mt-1 text-xs" />
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
