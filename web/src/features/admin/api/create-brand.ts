import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreatedBrand, NewBrandAccount } from '@contract/admin-users';
import { adminKeys } from '@/lib/query-keys';
import { callAdminUsers } from './call-admin-users';

/** The Create brand account form's rules and the answer's shape come from the contract shared with the function. */
export { newBrandAccountSchema as createBrandSchema } from '@contract/admin-users';
export type { CreatedBrand, NewBrandAccount as CreateBrandInput } from '@contract/admin-users';

export function createBrand(input: NewBrandAccount): Promise<CreatedBrand> {
  return callAdminUsers('brands', 'POST', input);
}

export function useCreateBrand(options: { onSuccess?: (created: CreatedBrand) => void; onError?: (e: Error) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createBrand,
    onSuccess: async (created) => {
      await queryClient.invalidateQueries({ queryKey: adminKeys.all });
      options.onSuccess?.(created);
    },
    onError: options.onError,
  });
}
