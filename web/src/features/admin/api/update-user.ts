import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { adminKeys } from '@/lib/query-keys';
import { callAdminUsers } from './call-admin-users';

/** The Edit User form (spec section 5), enforced again by the function and the database. */
export const editUserSchema = z.object({
  fullName: z.string().trim().min(2, 'Full name must be at least 2 characters'),
  email: z.string().trim().email('Please enter a valid email'),
  username: z.string().trim().min(3, 'Username must be at least 3 characters'),
  role: z.enum(['brand', 'creator', 'admin']),
  bio: z.string().nullable().optional(),
});
export type EditUserInput = z.infer<typeof editUserSchema>;

export interface UpdatedUser {
  id: string;
  email: string;
  username: string;
  fullName: string;
  role: string;
  bio: string | null;
}

export function updateUser(id: string, input: EditUserInput): Promise<{ user: UpdatedUser }> {
  return callAdminUsers(`users/${encodeURIComponent(id)}`, 'PATCH', { ...input, bio: input.bio?.trim() ? input.bio : null });
}

export function useUpdateUser(options: { onSuccess?: () => void; onError?: (e: Error) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: EditUserInput }) => updateUser(id, input),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: adminKeys.all });
      options.onSuccess?.();
    },
    onError: options.onError,
  });
}
