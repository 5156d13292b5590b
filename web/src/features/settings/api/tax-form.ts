import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { earningsKeys, settingsKeys } from '@/lib/query-keys';
import { rpc } from '@/lib/supabase';
import type { ApiRow } from '@/types/api-contract';


/** The creator's form on file as api.my_tax_form() gives it: number masked, state valid / expiring_soon / expired / missing. */
export type MyTaxForm = Pick<ApiRow<'my_tax_form'>, 'form_type' | 'legal_name' | 'tin_kind' | 'tin_masked' | 'signed_on' | 'expires_on' | 'state'>;

export const taxFormQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: settingsKeys.taxForm(userId),
    queryFn: async (): Promise<MyTaxForm | null> => (await rpc<MyTaxForm[]>('my_tax_form'))[0] ?? null,
  });

export const useTaxForm = (userId: string) => useQuery(taxFormQueryOptions(userId));

/** Signs a form (api.tax_form_submit, the body from w8benBody, w8beneBody or w9Body); the earnings screen's hold notice is read again after it. */
export function useSubmitTaxForm(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Record<string, unknown>) => rpc<unknown>('tax_form_submit', { form: body }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: settingsKeys.taxForm(userId) }),
        queryClient.invalidateQueries({ queryKey: earningsKeys.all }),
      ]),
  });
}
