import { useQuery } from '@tanstack/react-query';
import { disputeKeys } from '@/lib/query-keys';
import { rpc } from '@/lib/supabase';

interface DeliveredContent {
  id: string;
  content_url: string;
}

/**
 * The link of the hire's content an admin reviews a dispute against. The deliverable page is for the
 * two parties only; api.application_deliverables also answers admins. Null when nothing was delivered.
 */
export async function getDisputedContentUrl(applicationId: string, deliverableId: string | null): Promise<string | null> {
  if (!deliverableId) return null;
  const rows = await rpc<DeliveredContent[]>('application_deliverables', { application_id: applicationId });
  return rows.find((r) => r.id === deliverableId)?.content_url ?? rows[0]?.content_url ?? null;
}

export function useDisputedContentUrl(applicationId: string, deliverableId: string | null) {
  return useQuery({
    queryKey: disputeKeys.content(applicationId, deliverableId),
    queryFn: () => getDisputedContentUrl(applicationId, deliverableId),
    enabled: deliverableId !== null,
  });
}
