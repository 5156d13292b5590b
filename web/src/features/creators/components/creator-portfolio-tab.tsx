import { Trans } from '@lingui/react';
import { Link } from 'react-router-dom';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useFormat } from '@/i18n/format';
import { useT } from '@/i18n/use-t';
import { useCreatorPortfolio } from '../api/get-creator-portfolio';
import { creatorsCatalog } from '../messages/catalog';
import { creatorsErrorText } from '../messages/creators-text';

/** The creator's approved campaign content: each link with the campaign it was made for and its approval date. */
export function CreatorPortfolioTab({ creatorId, firstName }: { creatorId: string; firstName: string }) {
  const f = useFormat();
  const { data, isPending, isError, error } = useCreatorPortfolio(creatorId);
  const { t } = useT(creatorsCatalog);
  if (isPending) return <Spinner label={t('creators.portfolio.loading')} />;
  if (isError) {
    return (
      <p role="alert" className="text-sm text-red-700">
        {t('creators.portfolio.error', { reason: creatorsErrorText(t, error) })}
      </p>
    );
  }
  if (data.length === 0) {
    return (
      <div className="rounded-lg border border-dashed border-slate-300 p-8 text-center">
        <p className="font-medium text-slate-900">{t('creators.portfolio.empty.title')}</p>
        <p className="mt-1 text-sm text-slate-600">{t('creators.portfolio.empty.text', { name: firstName })}</p>
      </div>
    );
  }
  return (
    <ul className="divide-y divide-slate-200">
      {data.map((item) => (
        <li key={item.deliverable_id} className="flex flex-col gap-1 py-3 sm:flex-row sm:items-center sm:justify-between">
          <div className="min-w-0">
            <a href={item.content_url} target="_blank" rel="noopener noreferrer" className="relative block truncate font-medium text-brand-700 hover:underline">
              {item.content_url}
              <span className="sr-only"> {t('creators.opensInNewTab')}</span>
            </a>
            <p className="text-sm text-slate-600">
              <Trans
                id="creators.portfolio.for"
                values={{ campaign: item.campaign_title }}
                components={{ 0: <Link to={paths.campaign.getHref(item.campaign_id)} className="text-slate-800 hover:underline" /> }}
              />
            </p>
          </div>
          <p className="shrink-0 text-sm text-slate-600">{t('creators.portfolio.approved', { date: f.date(item.approved_at) })}</p>
        </li>
      ))}
    </ul>
  );
}
