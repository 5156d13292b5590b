import { Tab, TabGroup, TabList, TabPanel, TabPanels } from '@headlessui/react';
import { type ReactNode, Suspense } from 'react';
import { useSearchParams } from 'react-router-dom';
import { cn } from '@/components/ui/cn';
import { Spinner } from '@/components/ui/spinner';
import { useFormat } from '@/i18n/format';
import { useT } from '@/i18n/use-t';
import { platformLabel } from '@/lib/format';
import { compensationTypeText, contentTypeText, revisionRoundsText } from '../messages/campaign-text';
import { campaignsCatalog } from '../messages/catalog';
import type { CampaignDetail } from '../types';

const tabClass = ({ selected }: { selected: boolean }) =>
  cn(
    'rounded-t-md border-b-2 px-4 py-2 text-sm font-medium whitespace-nowrap',
    selected ? 'border-brand-600 text-brand-700' : 'border-transparent text-slate-600 hover:text-slate-900',
  );

/**
 * Details, Requirements and, for the owner, Applications (Headless UI tabs: arrow keys move between
 * them). The Applications panel is given by the caller, which owns the applications feature. A link
 * with `?tab=applications` (back from funding a hire) opens on the Applications tab.
 */
export function CampaignTabs({ campaign, applications }: { campaign: CampaignDetail; applications?: ReactNode }) {
  const f = useFormat();
  const [params] = useSearchParams();
  const initialTab = applications !== undefined && params.get('tab') === 'applications' ? 2 : 0;
  const { t } = useT(campaignsCatalog);
  return (
    <TabGroup defaultIndex={initialTab}>
      <TabList aria-label={t('campaigns.tabs.label')} className="flex gap-1 overflow-x-auto border-b border-slate-200">
        <Tab className={tabClass}>{t('campaigns.tabs.details')}</Tab>
        <Tab className={tabClass}>{t('campaigns.tabs.requirements')}</Tab>
        {applications !== undefined && <Tab className={tabClass}>{t('campaigns.tabs.applications', { count: f.number(campaign.application_count) })}</Tab>}
      </TabList>
      <TabPanels className="pt-4">
        <TabPanel>
          <p className="text-sm whitespace-pre-line text-slate-800">{campaign.description}</p>
          <dl className="mt-4 grid gap-4 text-sm sm:grid-cols-2">
            <div>
              <dt className="text-slate-600">{t('campaigns.field.compensation')}</dt>
              <dd className="font-medium text-slate-900">
                {t('campaigns.tabs.compensation', { amount: f.money(campaign.compensation_cents), type: compensationTypeText(t, campaign.compensation_type) })}
              </dd>
            </div>
            <div>
              <dt className="text-slate-600">{t('campaigns.field.deadline')}</dt>
              <dd className="font-medium text-slate-900">{campaign.deadline ? f.date(campaign.deadline) : t('campaigns.noDeadline')}</dd>
            </div>
            <div>
              <dt className="text-slate-600">{t('campaigns.field.platforms')}</dt>
              <dd className="font-medium text-slate-900">{campaign.platforms.map(platformLabel).join(', ')}</dd>
            </div>
            <div>
              <dt className="text-slate-600">{t('campaigns.field.contentType')}</dt>
              <dd className="font-medium text-slate-900">{contentTypeText(t, campaign.content_type)}</dd>
            </div>
            <div>
              <dt className="text-slate-600">{t('campaigns.field.revisionRounds')}</dt>
              <dd className="font-medium text-slate-900">
                <span className="block">{revisionRoundsText(t, campaign.revision_rounds)}</span>
                <span className="block text-xs font-normal text-slate-600">{t('campaigns.revisionRounds.hint')}</span>
              </dd>
            </div>
            {campaign.draft_review && (
              <div>
                <dt className="text-slate-600">{t('campaigns.draftReview.title')}</dt>
                <dd className="font-medium text-slate-900">{t('campaigns.draftReview.on')}</dd>
              </div>
            )}
          </dl>
        </TabPanel>
        <TabPanel>
          {campaign.requirements ? (
            <p className="text-sm whitespace-pre-line text-slate-800">{campaign.requirements}</p>
          ) : (
            <p className="text-sm text-slate-600">{t('campaigns.tabs.noRequirements')}</p>
          )}
        </TabPanel>
        {applications !== undefined && (
          <TabPanel>
            {/* The panel's texts may still be loading: wait inside it, so the tabs keep their selection. */}
            <Suspense fallback={<Spinner />}>{applications}</Suspense>
          </TabPanel>
        )}
      </TabPanels>
    </TabGroup>
  );
}
