import { bpsToPercent, platformFeeCents } from '@contract/money';
import { useFormat } from '@/i18n/format';
import { useT } from '@/i18n/use-t';
import { usePlatformSettings } from '../api/get-platform-settings';
import { applicationsCatalog } from '../messages/catalog';

export interface Compensation {
  /** flat_fee, product or performance. */
  type: string;
  /** Integer US cents. */
  cents: number;
  /**
   * The paid-usage price (decision 0056), held in escrow with a flat fee and paid to the creator with it
   * (app.open_hire_on_accept); 0 or absent for organic usage.
   */
  licenceCents?: number;
}

/**
 * What the creator keeps, before applying: for a flat fee, the amount after the platform fee (rounded
 * down to the cent, as the database does) and how escrow pays it; otherwise that the fee applies to what
 * they are paid. Says nothing until the settings are in (or if they cannot be read).
 */
export function FeeNote({ compensation }: { compensation: Compensation }) {
  const f = useFormat();
  const settings = usePlatformSettings();
  const { t } = useT(applicationsCatalog);
  if (!settings.data) return null;
  const { fee_bps: bps, escrow_enabled: escrow } = settings.data;
  const percent = f.number(bpsToPercent(bps));
  const flat = compensation.type === 'flat_fee' && compensation.cents > 0;
  if (!flat) {
    return (
      <p className="rounded-md bg-slate-50 p-3 text-sm text-slate-700">
        {t('applications.apply.fee.variable', { percent })}
      </p>
    );
  }
  // With escrow the licence price is funded with the fee and released with it; without, it is not charged.
  const gross = compensation.cents + (escrow ? (compensation.licenceCents ?? 0) : 0);
  const fee = platformFeeCents(gross, bps);
  return (
    <div className="space-y-1 rounded-md bg-slate-50 p-3 text-sm text-slate-700">
      <p className="font-medium text-slate-900">{t('applications.apply.fee.flat', { net: f.money(gross - fee), percent, fee: f.money(fee) })}</p>
      {escrow && <p>{t('applications.apply.fee.escrow')}</p>}
    </div>
  );
}
