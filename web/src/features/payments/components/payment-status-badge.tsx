import { Badge } from '@/components/ui/badge';
import { useT } from '@/i18n/use-t';
import { paymentsCatalog } from '../messages/catalog';
import { paymentStatusKey } from '../messages/payments-text';

/**
 * A payment's status as the spec shows it: completed, pending, anything else failed. A refund is shown
 * by name (it is the one "other" status people need told apart) with the failed look.
 */
export function PaymentStatusBadge({ status }: { status: string }) {
  const { t } = useT(paymentsCatalog);
  const tone = status === 'completed' ? 'green' : status === 'pending' ? 'yellow' : 'red';
  return <Badge tone={tone}>{t(paymentStatusKey(status))}</Badge>;
}
