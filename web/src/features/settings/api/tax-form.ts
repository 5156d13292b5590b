import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { earningsKeys, settingsKeys } from '@/lib/query-keys';
import { rpc } from '@/lib/supabase';
import type { ApiRow } from '@/types/api-contract';
import { w8benBody, type W8benFormValues } from './tax-form-schema';

/** The creator's form on file as api.my_tax_form() gives it: number masked, state valid / expiring_soon / expired / missing. */
export type MyTaxForm = Pick<ApiRow<'my_tax_form'>, 'form_type' | 'legal_name' | 'tin_kind' | 'tin_masked' | 'signed_on' | 'expires_on' | 'state'>;

export const taxFormQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: settingsKeys.taxForm(userId),
    queryFn: async (): Promise<MyTaxForm | null> => (await rpc<MyTaxForm[]>('my_tax_form'))[0] ?? null,
  });

export const useTaxForm = (userId: string) => useQuery(taxFormQueryOptions(userId));

/** Signs a W-8BEN (api.tax_form_submit); the earnings screen's hold notice is read again after it. */
export function useSubmitW8ben(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (values: W8benFormValues) => rpc<unknown>('tax_form_submit', { form: w8benBody(values) }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: settingsKeys.taxForm(userId) }),
        queryClient.invalidateQueries({ queryKey: earningsKeys.all }),
      ]),
  });
}
