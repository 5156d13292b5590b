import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminUserUpdate, AdminUserView } from '@contract/admin-users';
import { adminKeys } from '@/lib/query-keys';
import { callAdminUsers } from './call-admin-users';

/** The Edit User form's rules and the answer's shape come from the contract shared with the function. */
export { adminUserUpdateSchema as editUserSchema } from '@contract/admin-users';
export type { AdminUserUpdate as EditUserInput, AdminUserUpdateForm as EditUserFormValues } from '@contract/admin-users';

export function updateUser(id: string, input: AdminUserUpdate): Promise<{ user: AdminUserView }> {
  return callAdminUsers(`users/${encodeURIComponent(id)}`, 'PATCH', input);
}

export function useUpdateUser(options: { onSuccess?: () => void; onError?: (e: Error) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: AdminUserUpdate }) => updateUser(id, input),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: adminKeys.all });
      options.onSuccess?.();
    },
    onError: options.onError,
  });
}
