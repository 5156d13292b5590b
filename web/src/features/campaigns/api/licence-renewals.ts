import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { campaignKeys } from '@/lib/query-keys';
import { rpc } from '@/lib/supabase';
import type { ApiRow, Nullable, Refine } from '@/types/api-contract';

/** One renewal offer of api.licence_renewals (decision 0056), as the brand or the hired creator sees it. */
export type LicenceRenewal = Refine<
  Nullable<ApiRow<'licence_renewals'>, 'campaign_title' | 'brand_name' | 'creator_name' | 'decided_at' | 'funded_at' | 'ends_at' | 'licence_ends_at'>,
  { status: 'offered' | 'accepted' | 'declined' | (string & {}) }
>;

/** The caller's renewal offers, newest first (both sides; the table's policy decides which). */
export async function getLicenceRenewals(): Promise<LicenceRenewal[]> {
  return (await rpc<LicenceRenewal[] | null>('licence_renewals', {})) ?? [];
}

export function useLicenceRenewals() {
  return useQuery({ queryKey: campaignKeys.renewals(), queryFn: getLicenceRenewals });
}

/** The newest offer of each hire: what the library and the hire show. */
export function latestByHire(rows: LicenceRenewal[]): Map<string, LicenceRenewal> {
  const latest = new Map<string, LicenceRenewal>();
  for (const r of rows) if (!latest.has(r.application_id)) latest.set(r.application_id, r);
  return latest;
}

export interface RenewalOffer {
  applicationId: string;
  termDays: number | null;
  priceCents: number | null;
}

/** api.offer_licence_renewal: the brand offers a longer licence; the database checks term and price. */
export async function offerLicenceRenewal(v: RenewalOffer): Promise<string> {
  return rpc<string>('offer_licence_renewal', { application_id: v.applicationId, term_days: v.termDays, price_cents: v.priceCents });
}

/** api.decide_licence_renewal: the hired creator accepts or declines. */
export async function decideLicenceRenewal(v: { renewalId: string; accept: boolean }): Promise<void> {
  await rpc<null>('decide_licence_renewal', { renewal_id: v.renewalId, accept: v.accept });
}

function useRenewalMutation<V, R>(fn: (v: V) => Promise<R>, options: { onSuccess?: () => void; onError?: (error: Error) => void }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: async () => {
      await Promise.all([queryClient.invalidateQueries({ queryKey: campaignKeys.renewals() }), queryClient.invalidateQueries({ queryKey: campaignKeys.licences() })]);
      options.onSuccess?.();
    },
    onError: options.onError,
  });
}

export const useOfferLicenceRenewal = (options: { onSuccess?: () => void; onError?: (error: Error) => void } = {}) => useRenewalMutation(offerLicenceRenewal, options);
export const useDecideLicenceRenewal = (options: { onSuccess?: () => void; onError?: (error: Error) => void } = {}) => useRenewalMutation(decideLicenceRenewal, options);

/** The codes the renewal functions refuse with that the screens explain (ApiError.details). */
export const RENEWAL_CODES = ['renewal_term_invalid', 'renewal_price_invalid', 'renewal_pending', 'hire_closed', 'hire_not_found', 'renewal_decided', 'not_owner'] as const;
export type RenewalCode = (typeof RENEWAL_CODES)[number];

export function renewalErrorCode(e: unknown): RenewalCode | 'failed' {
  const details = (e as { details?: unknown } | null)?.details;
  return RENEWAL_CODES.find((c) => c === details) ?? 'failed';
}
