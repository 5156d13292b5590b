import { Badge } from '@/components/ui/badge';
import { useT } from '@/i18n/use-t';
import { HIRE_STATUS_TONES, type HireStatus } from '@contract/hire';
import { paymentsCatalog } from '../messages/catalog';
import { hireStatusKey } from '../messages/payments-text';

/** A hire's state as a badge, coloured as on the applications screens. */
export function HireStatusBadge({ status }: { status: HireStatus }) {
  const { t } = useT(paymentsCatalog);
  return <Badge tone={HIRE_STATUS_TONES[status]}>{t(hireStatusKey(status))}</Badge>;
}
