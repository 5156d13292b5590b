import { Badge } from '@/components/ui/badge';
import { useT } from '@/i18n/use-t';
import type { HireStatus } from '@contract/hire';
import { hireStatusText } from '../messages/applications-text';
import { applicationsCatalog } from '../messages/catalog';
import { hireTone } from '../utils/hire';

/** A hire's state (Awaiting funding, Funded, Released, Refund pending, Refunded, Canceled, Charged back) as a badge. */
export function HireStatusBadge({ status }: { status: HireStatus }) {
  const { t } = useT(applicationsCatalog);
  return <Badge tone={hireTone(status)}>{hireStatusText(t, status)}</Badge>;
}
