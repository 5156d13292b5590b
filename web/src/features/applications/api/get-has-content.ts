import { useQuery } from '@tanstack/react-query';
import { deliverableKeys } from '@/lib/query-keys';
import { rpc } from '@/lib/supabase';

/**
 * Whether any content was submitted for an application (a hire can be canceled only before). The same
 * call and key as the deliverables panel's list, so the two share one request and refresh together when
 * content is submitted or removed.
 */
export function useHasContent(applicationId: string, enabled: boolean) {
  return useQuery({
    queryKey: deliverableKeys.ofApplication(applicationId),
    queryFn: () => rpc<unknown[]>('application_deliverables', { application_id: applicationId }),
    select: (rows: unknown[]) => rows.length > 0,
    enabled,
  });
}
