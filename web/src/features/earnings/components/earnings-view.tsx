import { Spinner } from '@/components/ui/spinner';
import { useT } from '@/i18n/use-t';
import { useEarnings } from '../api/earnings-api';
import { earningsCatalog } from '../messages/catalog';
import { BalanceCards } from './balance-cards';
import { MoneyHistoryTable } from './money-history-table';
import { PayoutPanel } from './payout-panel';

/**
 * /payments/history for creators: where their money is (held, available, on its way, paid out), how and
 * when it is paid out, "Withdraw now", and every movement linked to its campaign. While a payout is on
 * its way the screen reads again by itself, so it moves from processing to paid without a reload.
 */
export function EarningsView() {
  const earnings = useEarnings();
  const { t } = useT(earningsCatalog);
  if (earnings.isPending) {
    return (
      <div className="flex justify-center py-12 text-brand-600">
        <Spinner label={t('earnings.loading')} />
      </div>
    );
  }
  const overview = earnings.data?.overview;
  if (earnings.isError || !overview) {
    return (
      <p role="alert" className="rounded-md bg-red-50 p-4 text-sm text-red-800">
        {t('earnings.loadError')}
      </p>
    );
  }
  return (
    <div className="space-y-6">
      <BalanceCards overview={overview} />
      <PayoutPanel overview={overview} lines={earnings.data.lines} taxHold={earnings.data.taxHold} />
      <MoneyHistoryTable lines={earnings.data.lines} fixPayoutId={overview.account_status === 'needs_attention' ? overview.last_failed_payout_id : null} />
    </div>
  );
}
