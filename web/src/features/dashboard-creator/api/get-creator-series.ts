import { queryOptions, useQuery } from '@tanstack/react-query';
import { creatorDashboardKeys } from '@/lib/query-keys';
import { rpc } from '@/lib/supabase';
import type { ApiRow } from '@/types/api-contract';

export type EarningsMonth = ApiRow<'creator_earnings_series'>;
export type ApplicationsMonth = ApiRow<'creator_application_series'>;

/** The creator dashboard's charts cover the last year, month by month. */
export const CREATOR_SERIES_DAYS = 365;

/** Under the dashboard's key, so whatever refreshes the dashboard's figures refreshes the charts too. */
export const useEarningsSeries = () =>
  useQuery(queryOptions({
    queryKey: creatorDashboardKeys.earningsSeries(),
    queryFn: () => rpc<EarningsMonth[]>('creator_earnings_series', { days: CREATOR_SERIES_DAYS }),
  }));

export const useApplicationSeries = () =>
  useQuery(queryOptions({
    queryKey: creatorDashboardKeys.applicationSeries(),
    queryFn: () => rpc<ApplicationsMonth[]>('creator_application_series', { days: CREATOR_SERIES_DAYS }),
  }));
