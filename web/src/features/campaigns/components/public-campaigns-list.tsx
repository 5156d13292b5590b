import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useT } from '@/i18n/use-t';
import { usePageMeta } from '@/lib/use-page-meta';
import { usePublicCampaignPages } from '../api/public-campaigns';
import { campaignsCatalog } from '../messages/catalog';
import { PublicCampaignCard } from './public-campaign-card';
import { PublicFrame } from './public-frame';

/**
 * /explore: the active campaigns for visitors (issue 32), newest first, with "Show more" for the next
 * page. Says so plainly when there are none. No counts or applicant numbers: those are for members.
 */
export function PublicCampaignsList() {
  const pages = usePublicCampaignPages();
  const { t } = useT(campaignsCatalog);
  usePageMeta(t('campaigns.public.pageTitle'), t('campaigns.public.lead'));
  const campaigns = pages.data?.pages.flat() ?? [];
  return (
    <PublicFrame>
      <div className="space-y-6">
        <div>
          <h1 className="text-2xl font-bold text-slate-900">{t('campaigns.public.title')}</h1>
          <p className="mt-1 text-sm text-slate-600">{t('campaigns.public.lead')}</p>
        </div>
        {pages.isError && !pages.isFetchNextPageError ? (
          <div role="alert" className="rounded-lg border border-red-200 bg-red-50 p-6 text-center">
            <p className="font-medium text-red-900">{t('campaigns.loadFailed')}</p>
            <Button variant="secondary" className="mt-3" onClick={() => void pages.refetch()}>
              {t('campaigns.retry')}
            </Button>
          </div>
        ) : pages.isPending ? (
          <p aria-busy="true" className="py-10 text-center">
            <Spinner size="sm" label={t('campaigns.loading')} className="text-brand-600" />
          </p>
        ) : campaigns.length === 0 ? (
          <p className="rounded-lg border border-dashed border-slate-300 bg-white p-10 text-center text-slate-600">{t('campaigns.public.empty')}</p>
        ) : (
          <>
            <ul aria-label={t('campaigns.browse.list')} className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
              {campaigns.map((c) => (
                <li key={c.id}>
                  <PublicCampaignCard campaign={c} />
                </li>
              ))}
            </ul>
            {pages.isFetchNextPageError && (
              <p role="alert" className="text-center text-sm text-red-900">
                {t('campaigns.browse.moreFailed')}
              </p>
            )}
            {pages.hasNextPage ? (
              <div className="text-center">
                <Button variant="secondary" pending={pages.isFetchingNextPage} onClick={() => void pages.fetchNextPage()}>
                  {t('campaigns.public.loadMore')}
                </Button>
              </div>
            ) : (
              <p className="py-4 text-center text-sm text-slate-500">{t('campaigns.browse.end')}</p>
            )}
          </>
        )}
      </div>
    </PublicFrame>
  );
}
