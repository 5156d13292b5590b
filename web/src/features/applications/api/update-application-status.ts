import { useMutation, useQueryClient } from '@tanstack/react-query';
import { applicationKeys, brandDashboardKeys, campaignKeys } from '@/lib/query-keys';
import { rpc } from '@/lib/supabase';

export type ApplicationDecision = 'accepted' | 'rejected';

/** api.accept_application / api.reject_application: the campaign owner decides on a pending application. */
export async function updateApplicationStatus({ applicationId, status }: { applicationId: string; status: ApplicationDecision }): Promise<void> {
  await rpc<null>(status === 'accepted' ? 'accept_application' : 'reject_application', { application_id: applicationId });
}

/** Accepts or rejects, then refreshes the applications, the campaign and the brand's figures. */
export function useUpdateApplicationStatus(options: { onSuccess?: (status: ApplicationDecision) => void; onError?: (error: Error) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateApplicationStatus,
    onSuccess: async (_data, { status }) => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: applicationKeys.all }),
        queryClient.invalidateQueries({ queryKey: campaignKeys.all }),
        queryClient.invalidateQueries({ queryKey: brandDashboardKeys.all }),
      ]);
      options.onSuccess?.(status);
    },
    onError: options.onError,
  });
}
