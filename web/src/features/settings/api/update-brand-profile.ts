import { useMutation, useQueryClient } from '@tanstack/react-query';
import { settingsKeys } from '@/lib/query-keys';
import { rpc } from '@/lib/supabase';
import type { BrandProfileValues } from './settings-schemas';

/** api.update_brand_profile: the calling brand's company details (blank optional fields are cleared). */
export function updateBrandProfile(v: BrandProfileValues): Promise<void> {
  return rpc<void>('update_brand_profile', {
    company_name: v.companyName,
    website: v.website || null,
    industry: v.industry || null,
    contact_email: v.contactEmail || null,
    contact_phone: v.contactPhone || null,
  });
}

export function useUpdateBrandProfile(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateBrandProfile,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: settingsKeys.brandProfile(userId) }),
  });
}
