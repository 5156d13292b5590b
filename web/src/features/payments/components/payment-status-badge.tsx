import { Badge } from '@/components/ui/badge';

/**
 * A payment's status as the spec shows it: completed, pending, anything else failed. A refund is shown
 * by name (it is the one "other" status people need told apart) with the failed look.
 */
export function PaymentStatusBadge({ status }: { status: string }) {
  if (status === 'completed') return <Badge tone="green">Completed</Badge>;
  if (status === 'pending') return <Badge tone="yellow">Pending</Badge>;
  if (status === 'refunded') return <Badge tone="red">Refunded</Badge>;
  return <Badge tone="red">Failed</Badge>;
}
