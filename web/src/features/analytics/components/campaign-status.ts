import { titleCase } from '@/lib/format';
import type { AnalyticsT } from '../messages/catalog';

const CAMPAIGN_STATUSES = ['draft', 'active', 'paused', 'completed'] as const;

/** A campaign's status by name; the database allows no other, anything new shows as stored. */
export function campaignStatusText(t: AnalyticsT, status: string): string {
  const known = CAMPAIGN_STATUSES.find((s) => s === status);
  return known ? t(`analytics.campaignStatus.${known}`) : titleCase(status);
}
