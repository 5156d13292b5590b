import { Badge, type BadgeTone } from '@/components/ui/badge';
import { titleCase } from '@/lib/format';

const tones: Record<string, BadgeTone> = { pending: 'yellow', submitted: 'blue', approved: 'green', rejected: 'red' };

/** A deliverable's review state as a coloured badge. */
export function DeliverableStatusBadge({ status }: { status: string }) {
  return <Badge tone={tones[status] ?? 'red'}>{titleCase(status)}</Badge>;
}
