import { Tab, TabGroup, TabList, TabPanel, TabPanels } from '@headlessui/react';
import type { ReactNode } from 'react';
import { ButtonLink } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { cn } from '@/components/ui/cn';
import { RatingSummary } from '@/components/ui/rating/rating-summary';
import { reachFigure, socialAccounts } from '@/components/ui/reach/reach';
import { ReachValue } from '@/components/ui/reach/reach-value';
import { SocialAccountList } from '@/components/ui/reach/social-account-list';
import { PageSpinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useFormat } from '@/i18n/format';
import { useT } from '@/i18n/use-t';
import { useCreatorProfile } from '../api/get-creator-profile';
import { socialLinks } from '../utils/creator-format';
import { creatorsCatalog } from '../messages/catalog';
import { creatorsErrorText, nicheText } from '../messages/creators-text';
import { portfolioItems } from '@/components/portfolio/portfolio-item';
import { CreatorAvatar } from './creator-avatar';
import { CreatorPortfolioGrid } from './creator-portfolio-grid';
import { CreatorPortfolioTab } from './creator-portfolio-tab';
import { CreatorStatisticsTab } from './creator-statistics-tab';

export interface CreatorProfileProps {
  creatorId: string;
  /** Brands get Invite to Campaign; who may message whom is decided by the caller (messaging rules). */
  canInvite: boolean;
  canMessage: boolean;
  /** The creator looking at their own profile gets a link to edit it instead. */
  isOwnProfile: boolean;
  /** The creator's reviews, from the reviews feature (placed by the route: features do not import each other). */
  reviews?: ReactNode;
}

/** /creators/{id}: identity and rating, actions, the portfolio, About (bio, social links, rate), reviews and the Portfolio and Statistics tabs. */
export function CreatorProfile({ creatorId, canInvite, canMessage, isOwnProfile, reviews }: CreatorProfileProps) {
  const f = useFormat();
  const { data: creator, isPending, isError, error } = useCreatorProfile(creatorId);
  const { t } = useT(creatorsCatalog);
  if (isPending) return <PageSpinner label={t('creators.profile.loading')} />;
  if (isError) {
    return (
      <Card role="alert" className="p-6">
        <h1 className="text-xl font-semibold text-slate-900">{t('creators.profile.error')}</h1>
        <p className="mt-1 text-sm text-slate-600">{creatorsErrorText(t, error)}</p>
      </Card>
    );
  }
  if (!creator) {
    return (
      <Card className="p-8 text-center">
        <h1 className="text-xl font-semibold text-slate-900">{t('creators.profile.notFound.title')}</h1>
        <p className="mt-1 text-sm text-slate-600">{t('creators.profile.notFound.text')}</p>
        <ButtonLink to={paths.dashboard.getHref()} variant="secondary" className="mt-4">
          {t('creators.profile.returnToDashboard')}
        </ButtonLink>
      </Card>
    );
  }

  const firstName = creator.full_name.split(/\s+/)[0] ?? creator.full_name;
  const links = socialLinks(creator);
  const accounts = socialAccounts(creator.social_accounts);
  const verified = reachFigure(creator).kind === 'verified';
  // A connected account's verified handle replaces the typed one of its platform (decision 0054).
  const typedLinks = links.filter((l) => !accounts.some((a) => a.platform === l.platform));
  return (
    <div className="space-y-6">
      <Card className="p-6">
        <div className="flex flex-col gap-5 sm:flex-row sm:items-center">
          <CreatorAvatar name={creator.full_name} url={creator.avatar_url} size="lg" />
          <div className="min-w-0 flex-1">
            <h1 className="text-2xl font-bold break-words text-slate-900">{creator.full_name}</h1>
            <p className="text-slate-600">@{creator.username}</p>
            <dl className="mt-3 flex flex-wrap gap-x-6 gap-y-2 text-sm">
              <div>
                <dt className="text-slate-600">{t('creators.field.niche')}</dt>
                <dd className="font-medium text-slate-900">{creator.niche ? nicheText(t, creator.niche) : t('creators.notSpecified')}</dd>
              </div>
              <div>
                <dt className="text-slate-600">{t('creators.field.location')}</dt>
                <dd className="font-medium text-slate-900">{creator.location ?? t('creators.notSpecified')}</dd>
              </div>
              <div>
                <dt className="text-slate-600">{t('creators.field.followers')}</dt>
                <dd>
                  <ReachValue card={creator} />
                  {verified && (
                    <span className="block text-xs text-slate-600">
                      {t('creators.profile.selfReportedTotal', { followers: f.compact(creator.followers) })}
                    </span>
                  )}
                </dd>
              </div>
              <div>
                <dt className="text-slate-600">{t('creators.field.rating')}</dt>
                <dd className="font-medium">
                  <RatingSummary rating={creator.rating} reviewCount={creator.review_count} />
                </dd>
              </div>
            </dl>
          </div>
          <div className="flex flex-col gap-2 sm:w-48">
            {canInvite && <ButtonLink to={paths.campaignCreate.getHref()}>{t('creators.profile.invite')}</ButtonLink>}
            {canMessage && (
              <ButtonLink to={paths.messages.getHref({ userId: creator.id })} variant="secondary">
                {t('creators.profile.message')}
              </ButtonLink>
            )}
            {isOwnProfile && (
              <ButtonLink to={paths.settings.getHref()} variant="secondary">
                {t('creators.profile.edit')}
              </ButtonLink>
            )}
          </div>
        </div>
      </Card>

      <CreatorPortfolioGrid items={portfolioItems(creator.portfolio)} firstName={firstName} />

      <Card className="p-6">
        <h2 className="text-lg font-semibold text-slate-900">{t('creators.profile.about')}</h2>
        <p className="mt-2 whitespace-pre-line text-slate-700">{creator.bio ?? t('creators.profile.noBio')}</p>
        <div className="mt-5 grid gap-5 sm:grid-cols-2">
          <div>
            <h3 className="text-sm font-semibold text-slate-900">{t('creators.profile.social')}</h3>
            {accounts.length > 0 && <SocialAccountList accounts={accounts} />}
            {typedLinks.length === 0 && accounts.length === 0 ? (
              <p className="mt-1 text-sm text-slate-600">{t('creators.profile.noSocial')}</p>
            ) : (
              typedLinks.length > 0 && (
                <ul className="mt-1 space-y-1 text-sm">
                  {typedLinks.map((l) => (
                    <li key={l.platform}>
                      <a href={l.url} target="_blank" rel="noopener noreferrer" className="text-brand-700 hover:underline">
                        {l.label}: @{l.handle}
                        <span className="sr-only"> {t('creators.opensInNewTab')}</span>
                      </a>{' '}
                      <span className="text-xs text-slate-600">({t('creators.profile.selfReported')})</span>
                    </li>
                  ))}
                </ul>
              )
            )}
          </div>
          <div>
            <h3 className="text-sm font-semibold text-slate-900">{t('creators.profile.rates')}</h3>
            <p className="mt-1 text-sm text-slate-700">
              {creator.rate_per_post_cents == null
                ? t('creators.profile.noRate')
                : t('creators.profile.rate', { amount: f.money(creator.rate_per_post_cents) })}
            </p>
          </div>
        </div>
      </Card>

      {reviews}

      <Card className="p-6">
        <TabGroup>
          <TabList aria-label={t('creators.profile.tabs')} className="flex gap-2 border-b border-slate-200">
            {(['portfolio', 'statistics'] as const).map((tab) => (
              <Tab
                key={tab}
                className={({ selected }) =>
                  cn(
                    '-mb-px border-b-2 px-4 py-2 text-sm font-medium',
                    selected ? 'border-brand-600 text-brand-700' : 'border-transparent text-slate-600 hover:text-slate-900',
                  )
                }
              >
                {t(`creators.profile.tab.${tab}`)}
              </Tab>
            ))}
          </TabList>
          <TabPanels className="mt-4">
            <TabPanel>
              <CreatorPortfolioTab creatorId={creator.id} firstName={firstName} />
            </TabPanel>
            <TabPanel>
              <CreatorStatisticsTab creatorId={creator.id} firstName={firstName} />
            </TabPanel>
          </TabPanels>
        </TabGroup>
      </Card>
    </div>
  );
}
