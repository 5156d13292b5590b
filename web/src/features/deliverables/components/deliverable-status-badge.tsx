import { Badge, type BadgeTone } from '@/components/ui/badge';
import { useT } from '@/i18n/use-t';
import { deliverablesCatalog } from '../messages/catalog';
import { deliverableStatusKey } from '../messages/deliverables-text';

const tones: Record<string, BadgeTone> = { pending: 'yellow', submitted: 'blue', changes_requested: 'yellow', approved: 'green', rejected: 'red' };

/** A deliverable's review state as a coloured badge (its words say the state; the colour only repeats it). */
export function DeliverableStatusBadge({ status }: { status: string }) {
  const { t } = useT(deliverablesCatalog);
  const key = deliverableStatusKey(status);
  return <Badge tone={tones[status] ?? 'red'}>{key ? t(key) : status}</Badge>;
}
