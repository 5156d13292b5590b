import { Tab, TabGroup, TabList, TabPanel, TabPanels } from '@headlessui/react';
import type { ReactNode } from 'react';
import { cn } from '@/components/ui/cn';
import { compensationTypeLabel, formatDate, formatMoney, platformLabel, titleCase } from '@/lib/format';
import type { CampaignDetail } from '../types';

const tabClass = ({ selected }: { selected: boolean }) =>
  cn(
    'rounded-t-md border-b-2 px-4 py-2 text-sm font-medium whitespace-nowrap',
    selected ? 'border-brand-600 text-brand-700' : 'border-transparent text-slate-600 hover:text-slate-900',
  );

/**
 * Details, Requirements and, for the owner, Applications (Headless UI tabs: arrow keys move between
 * them). The Applications panel is given by the caller, which owns the applications feature.
 */
export function CampaignTabs({ campaign, applications }: { campaign: CampaignDetail; applications?: ReactNode }) {
  return (
    <TabGroup>
      <TabList aria-label="Campaign sections" className="flex gap-1 overflow-x-auto border-b border-slate-200">
        <Tab className={tabClass}>Details</Tab>
        <Tab className={tabClass}>Requirements</Tab>
        {applications !== undefined && <Tab className={tabClass}>Applications ({campaign.application_count})</Tab>}
      </TabList>
      <TabPanels className="pt-4">
        <TabPanel>
          <p className="text-sm whitespace-pre-line text-slate-800">{campaign.description}</p>
          <dl className="mt-4 grid gap-4 text-sm sm:grid-cols-2">
            <div>
              <dt className="text-slate-600">Compensation</dt>
              <dd className="font-medium text-slate-900">
                {formatMoney(campaign.compensation_cents)} ({compensationTypeLabel(campaign.compensation_type)})
              </dd>
            </div>
            <div>
              <dt className="text-slate-600">Deadline</dt>
              <dd className="font-medium text-slate-900">{campaign.deadline ? formatDate(campaign.deadline) : 'No deadline set'}</dd>
            </div>
            <div>
              <dt className="text-slate-600">Platforms</dt>
              <dd className="font-medium text-slate-900">{campaign.platforms.map(platformLabel).join(', ')}</dd>
            </div>
            <div>
              <dt className="text-slate-600">Content type</dt>
              <dd className="font-medium text-slate-900">{titleCase(campaign.content_type)}</dd>
            </div>
          </dl>
        </TabPanel>
        <TabPanel>
          {campaign.requirements ? (
            <p className="text-sm whitespace-pre-line text-slate-800">{campaign.requirements}</p>
          ) : (
            <p className="text-sm text-slate-600">No specific requirements provided.</p>
          )}
        </TabPanel>
        {applications !== undefined && <TabPanel>{applications}</TabPanel>}
      </TabPanels>
    </TabGroup>
  );
}
