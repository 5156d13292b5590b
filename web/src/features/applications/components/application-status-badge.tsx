import { Badge, type BadgeTone } from '@/components/ui/badge';
import { titleCase } from '@/lib/format';

const tones: Record<string, BadgeTone> = { pending: 'yellow', accepted: 'green', rejected: 'red' };

/** Pending, Accepted or Rejected, as a coloured badge. */
export function ApplicationStatusBadge({ status }: { status: string }) {
  return <Badge tone={tones[status] ?? 'neutral'}>{titleCase(status)}</Badge>;
}
