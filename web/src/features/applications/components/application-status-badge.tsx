import { Badge, type BadgeTone } from '@/components/ui/badge';
import { useT } from '@/i18n/use-t';
import { applicationStatusText } from '../messages/applications-text';
import { applicationsCatalog } from '../messages/catalog';

const tones: Record<string, BadgeTone> = { pending: 'yellow', accepted: 'green', rejected: 'red', canceled: 'neutral' };

/** Pending, Accepted, Rejected or Canceled, as a coloured badge. */
export function ApplicationStatusBadge({ status }: { status: string }) {
  const { t } = useT(applicationsCatalog);
  return <Badge tone={Object.hasOwn(tones, status) ? tones[status] : 'neutral'}>{applicationStatusText(t, status)}</Badge>;
}
