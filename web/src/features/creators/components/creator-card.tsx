import { Link } from 'react-router-dom';
import { buttonClasses } from '@/components/ui/button';
import { PortfolioThumb } from '@/components/portfolio/portfolio-media';
import { portfolioItems } from '@/components/portfolio/portfolio-item';
import { Card } from '@/components/ui/card';
import { RatingSummary } from '@/components/ui/rating/rating-summary';
import { ReachValue } from '@/components/ui/reach/reach-value';
import { paths } from '@/config/paths';
import { useT } from '@/i18n/use-t';
import { creatorsCatalog } from '../messages/catalog';
import { nicheText } from '../messages/creators-text';
import type { CreatorCard as CreatorCardData } from '../types';
import { CreatorAvatar } from './creator-avatar';

/**
 * One creator in the discovery grid. The name links to the profile (its click area covers the card);
 * Invite sits above that area and opens a conversation with the creator.
 */
export function CreatorCard({ creator }: { creator: CreatorCardData }) {
  const { t } = useT(creatorsCatalog);
  const samples = portfolioItems(creator.portfolio).slice(0, 3);
  return (
    <Card className="relative flex h-full flex-col p-5 focus-within:ring-2 focus-within:ring-brand-500 hover:border-brand-300">
      <div className="flex items-center gap-4">
        <CreatorAvatar name={creator.full_name} url={creator.avatar_url} />
        <div className="min-w-0">
          <h2 className="truncate font-semibold text-slate-900">
            <Link to={paths.creator.getHref(creator.id)} className="outline-none after:absolute after:inset-0 after:content-['']">
              {creator.full_name}
            </Link>
          </h2>
          <p className="truncate text-sm text-slate-600">@{creator.username}</p>
        </div>
      </div>
      {samples.length > 0 && (
        <ul className="mt-4 grid grid-cols-3 gap-2" aria-label={t('creators.card.portfolio')}>
          {samples.map((item, i) => (
            <li key={item.id}>
              <PortfolioThumb item={item} label={t(item.kind === 'video' ? 'creators.showcase.videoN' : 'creators.showcase.imageN', { n: i + 1 })} />
            </li>
          ))}
        </ul>
      )}
      <dl className="mt-4 grid grid-cols-2 gap-x-3 gap-y-2 text-sm">
        <div className="col-span-2">
          <dt className="sr-only">{t('creators.field.rating')}</dt>
          <dd>
            <RatingSummary rating={creator.rating} reviewCount={creator.review_count} />
          </dd>
        </div>
        <div>
          <dt className="text-slate-600">{t('creators.field.niche')}</dt>
          <dd className="text-slate-900">{creator.niche ? nicheText(t, creator.niche) : t('creators.notSpecified')}</dd>
        </div>
        <div>
          <dt className="text-slate-600">{t('creators.field.location')}</dt>
          <dd className="text-slate-900">{creator.location ?? t('creators.notSpecified')}</dd>
        </div>
        {/* Full width: the Verified mark names its platforms and the date follows it. */}
        <div className="col-span-2">
          <dt className="text-slate-600">{t('creators.field.followers')}</dt>
          <dd>
            <ReachValue card={creator} />
          </dd>
        </div>
      </dl>
      <div className="mt-auto pt-4">
        <Link
          to={paths.messages.getHref({ userId: creator.id })}
          className={buttonClasses('secondary', 'sm', 'relative z-10 w-full')}
          aria-label={t('creators.card.inviteLabel', { name: creator.full_name })}
        >
          {t('creators.card.invite')}
        </Link>
      </div>
    </Card>
  );
}
