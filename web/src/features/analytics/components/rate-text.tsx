import { useT } from '@/i18n/use-t';
import { analyticsCatalog } from '../messages/catalog';
import { formatRate } from '../utils/rate';

/** An acceptance rate, or a dash that screen readers hear as "No decisions yet". */
export function RateText({ rate }: { rate: number | null }) {
  const { t } = useT(analyticsCatalog);
  if (rate != null) return <>{formatRate(rate)}</>;
  return (
    <>
      <span aria-hidden="true">{formatRate(null)}</span>
      <span className="sr-only">{t('analytics.table.noDecisions')}</span>
    </>
  );
}
