import { Badge, type BadgeTone } from '@/components/ui/badge';
import { useT } from '@/i18n/use-t';
import type { HireStatus } from '@contract/hire';
import { paymentsCatalog } from '../messages/catalog';
import { hireStatusKey } from '../messages/payments-text';

const tones: Record<HireStatus, BadgeTone> = {
  awaiting_funding: 'yellow',
  funded: 'blue',
  disputed: 'red',
  refund_pending: 'yellow',
  released: 'green',
  refunded: 'neutral',
  canceled: 'neutral',
  charged_back: 'red',
};

/** A hire's state as a badge, coloured as on the applications screens. */
export function HireStatusBadge({ status }: { status: HireStatus }) {
  const { t } = useT(paymentsCatalog);
  return <Badge tone={tones[status]}>{t(hireStatusKey(status))}</Badge>;
}
