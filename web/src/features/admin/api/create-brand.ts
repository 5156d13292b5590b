import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { adminKeys } from '@/lib/query-keys';
import { callAdminUsers } from './call-admin-users';

export const createBrandSchema = z.object({
  email: z.string().trim().email('Please enter a valid email'),
  fullName: z.string().trim().min(2, 'Full name must be at least 2 characters'),
  companyName: z.string().trim().min(1, 'Company name is required').max(200, 'Company name must be 200 characters or fewer'),
});
export type CreateBrandInput = z.infer<typeof createBrandSchema>;

export interface CreatedBrand {
  user: { id: string; email: string; username: string; fullName: string; companyName: string };
  /** Shown to the admin once; the brand must replace it at the first sign-in. */
  temporaryPassword: string;
}

export function createBrand(input: CreateBrandInput): Promise<CreatedBrand> {
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
