import { useQuery } from '@tanstack/react-query';
import { campaignKeys } from '@/lib/query-keys';
import { rpc } from '@/lib/supabase';
import type { ApiRow, Nullable, Refine } from '@/types/api-contract';

/** One licence of api.brand_licences: days_left and status are the database's (one rule, decision 0056). */
export type BrandLicence = Refine<
  Nullable<ApiRow<'brand_licences'>, 'campaign_title' | 'creator_name' | 'content_url' | 'usage_territory' | 'usage_price_cents' | 'exclusivity_category' | 'exclusivity_days'>,
  { status: 'active' | 'ending_soon' | 'expired' | (string & {}) }
>;

/** The signed-in brand's licences of standing hires, soonest ending first. */
export async function getBrandLicences(): Promise<BrandLicence[]> {
  return (await rpc<BrandLicence[] | null>('brand_licences', {})) ?? [];
}

export function useBrandLicences() {
  return useQuery({ queryKey: campaignKeys.licences(), queryFn: getBrandLicences });
}
