import { useFormat } from '@/i18n/format';
import { commonCatalog } from '@/i18n/common-catalog';
import { useT } from '@/i18n/use-t';
import { cn } from '../cn';
import { reachFigure } from './reach';
import { VerifiedMark } from './verified-mark';

export interface ReachValueProps {
  card: { followers: number | null; verified_reach?: number | string | null; social_accounts?: unknown };
  /** `stacked` puts the label under the number (cards); `inline` beside it (one-line facts). */
  layout?: 'stacked' | 'inline';
  className?: string;
}

/**
 * A creator's follower figure wherever a count shows: the verified reach with its Verified mark and date
 * when an account is connected, otherwise the typed number labelled self-reported (decision 0054).
 */
export function ReachValue({ card, layout = 'stacked', className }: ReachValueProps) {
  const f = useFormat();
  const { t } = useT(commonCatalog);
  const figure = reachFigure(card);
  return (
    <span className={cn('inline-flex flex-wrap gap-x-2 gap-y-1', layout === 'stacked' ? 'flex-col items-start' : 'items-center', className)}>
      <span className="font-medium text-slate-900">
        {figure.value == null ? t('common.reach.hidden') : t('common.reach.followers', { followers: f.compact(figure.value) })}
      </span>
      {figure.kind === 'verified' ? (
        <span className="inline-flex flex-wrap items-center gap-x-1.5 text-xs text-slate-600">
          <VerifiedMark platforms={figure.platforms} />
          {figure.asOf && <span>{t('common.reach.asOf', { date: f.date(figure.asOf) })}</span>}
        </span>
      ) : (
        <span className="text-xs text-slate-600">{t('common.reach.selfReported')}</span>
      )}
    </span>
  );
}
