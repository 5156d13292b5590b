import { Badge, type BadgeTone } from '@/components/ui/badge';
import { useT } from '@/i18n/use-t';
import { disputesCatalog } from '../messages/catalog';
import { disputeStatusText } from '../messages/disputes-text';

const TONES: Record<string, BadgeTone> = { open: 'red', resolving: 'yellow', resolved: 'green', withdrawn: 'neutral' };

/** A dispute's state by name, coloured: open red, being resolved amber, resolved green, withdrawn grey. */
export function DisputeStatusBadge({ status }: { status: string }) {
  const { t } = useT(disputesCatalog);
  return <Badge tone={TONES[status] ?? 'neutral'}>{disputeStatusText(t, status)}</Badge>;
}
