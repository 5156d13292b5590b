import { useFormat } from '@/i18n/format';
import { useT } from '@/i18n/use-t';
import { platformLabel } from '@/lib/format';
import type { CampaignListItem } from '@/types/api';
import { compensationTypeText, daysLeftText } from '../messages/campaign-text';
import { campaignsCatalog } from '../messages/catalog';

/**
 * The platforms, compensation and deadline of a campaign card, as terms and descriptions. The browse list
 * adds the days left to the deadline; the dashboard's short list leaves them out.
 */
export function CampaignFacts({
  campaign: c,
  showDaysLeft = false,
}: {
  // The facts only: the public pages' rows (no applicant data) have them too.
  campaign: Pick<CampaignListItem, 'platforms' | 'compensation_cents' | 'compensation_type' | 'deadline'>;
  showDaysLeft?: boolean;
}) {
  const f = useFormat();
  const { t } = useT(campaignsCatalog);
  const left = showDaysLeft && c.deadline ? daysLeftText(t, c) : null;
  return (
    <dl className="mt-3 space-y-1 text-sm">
      <div className="flex justify-between gap-2">
        <dt className="shrink-0 text-slate-600">{t('campaigns.field.platforms')}</dt>
        <dd className="text-right text-slate-900">{c.platforms.map(platformLabel).join(', ')}</dd>
      </div>
      <div className="flex justify-between gap-2">
        <dt className="shrink-0 text-slate-600">{t('campaigns.field.compensation')}</dt>
        <dd className="text-right text-slate-900">{t('campaigns.facts.compensation', { amount: f.money(c.compensation_cents), type: compensationTypeText(t, c.compensation_type) })}</dd>
      </div>
      <div className="flex justify-between gap-2">
        <dt className="shrink-0 text-slate-600">{t('campaigns.field.deadline')}</dt>
        <dd className="text-right text-slate-900">
          {c.deadline ? f.date(c.deadline) : t('campaigns.noDeadline')}
          {left && (
            <>
              {' '}
              {/* Whole on its line: "(20 / dias restantes)" split across two in Portuguese. */}
              <span className="whitespace-nowrap text-slate-600">({left})</span>
            </>
          )}
        </dd>
      </div>
    </dl>
  );
}
