import { queryOptions, useQuery } from '@tanstack/react-query';
import { brandDashboardKeys } from '@/lib/query-keys';
import { rpc } from '@/lib/supabase';
import type { ApiRow, Nullable } from '@/types/api-contract';

/** One row of api.brand_money_by_campaign(); the campaign is null for money whose campaign was deleted. */
export type CampaignMoney = Nullable<ApiRow<'brand_money_by_campaign'>, 'campaign_id' | 'campaign_title'>;

/** Under the brand dashboard's key, so whatever refreshes the dashboard refreshes this too. */
export const brandMoneyQueryOptions = () =>
  queryOptions({
    queryKey: brandDashboardKeys.moneyByCampaign(),
    queryFn: () => rpc<CampaignMoney[]>('brand_money_by_campaign'),
    // Refunds and releases happen in the background (webhooks, auto-approval): fresh on every visit.
    staleTime: 0,
  });

export const useBrandMoney = () => useQuery(brandMoneyQueryOptions());
