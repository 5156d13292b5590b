import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callAdminUsers } from './call-admin-users';

export function deleteUser(id: string): Promise<{ id: string }> {
  return callAdminUsers(`users/${encodeURIComponent(id)}`, 'DELETE');
}

export function useDeleteUser(options: { onSuccess?: () => void; onError?: (e: Error) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteUser,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ['admin'] });
      options.onSuccess?.();
    },
    onError: options.onError,
  });
}
