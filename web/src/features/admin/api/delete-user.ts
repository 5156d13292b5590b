import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminKeys } from '@/lib/query-keys';
import { callAdminUsers } from './call-admin-users';

export function deleteUser(id: string): Promise<{ id: string }> {
  return callAdminUsers(`users/${encodeURIComponent(id)}`, 'DELETE');
}

export function useDeleteUser(options: { onSuccess?: () => void; onError?: (e: Error) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteUser,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: adminKeys.all });
      options.onSuccess?.();
    },
    onError: options.onError,
  });
}
