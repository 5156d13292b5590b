import { Link } from 'react-router-dom';
import { Badge } from '@/components/ui/badge';
import { ButtonLink } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { paths } from '@/config/paths';
import { useFormat } from '@/i18n/format';
import { useT } from '@/i18n/use-t';
import type { MoneyHistoryLine } from '../api/earnings-types';
import { earningsCatalog } from '../messages/catalog';
import { payoutFailureText } from '../messages/earnings-text';
import { usePayoutProblem } from '@/i18n/payout-problem';
import { PAYOUT_SETTINGS_HREF } from '../utils/links';
import { lineKind, lineState, STATE_TONE } from '../utils/money-lines';

const linkClasses = 'text-brand-700 underline-offset-2 hover:underline';

/**
 * Every movement of the creator's money, newest first: what it is, its state, when, and how much, each
 * linked to its campaign. A failed payout says why and, while it keeps the account needing attention,
 * links to the Payouts tab. On phones the status and date move under the movement's name, so the table
 * fits without scrolling sideways.
 */
export function MoneyHistoryTable({ lines, fixPayoutId }: { lines: MoneyHistoryLine[]; fixPayoutId: string | null }) {
  const { t } = useT(earningsCatalog);
  return (
    <section aria-labelledby="earnings-history" className="space-y-3">
      <h2 id="earnings-history" className="text-lg font-semibold text-slate-900">
        {t('earnings.history.title')}
      </h2>
      <Card className="overflow-hidden">
        {lines.length === 0 ? (
          <div className="space-y-4 p-6 text-sm text-slate-600">
            <p>{t('earnings.history.empty')}</p>
            <ButtonLink to={paths.campaigns.getHref()} variant="secondary">
              {t('earnings.history.browse')}
            </ButtonLink>
          </div>
        ) : (
          <table className="min-w-full divide-y divide-slate-200 text-sm">
            <caption className="sr-only">{t('earnings.history.caption')}</caption>
            <thead className="bg-slate-50 text-left text-xs font-semibold tracking-wide text-slate-600 uppercase">
              <tr>
                <th scope="col" className="px-4 py-3">{t('earnings.history.movement')}</th>
                <th scope="col" className="hidden px-4 py-3 sm:table-cell">{t('earnings.history.status')}</th>
                <th scope="col" className="hidden px-4 py-3 sm:table-cell">{t('earnings.history.date')}</th>
                <th scope="col" className="px-4 py-3 text-right">{t('earnings.history.amount')}</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100 bg-white">
              {lines.map((line, i) => (
                <HistoryRow
                  key={`${line.kind}-${line.payout_id ?? line.application_id ?? ''}-${line.occurred_at ?? i}`}
                  line={line}
                  fixable={!!fixPayoutId && line.payout_id === fixPayoutId}
                />
              ))}
            </tbody>
          </table>
        )}
      </Card>
    </section>
  );
}

/** `fixable`: this failed payout is why the payout account needs attention now, so it links to the fix. */
function HistoryRow({ line, fixable }: { line: MoneyHistoryLine; fixable: boolean }) {
  const f = useFormat();
  const problem = usePayoutProblem();
  const { t } = useT(earningsCatalog);
  const kind = lineKind(line);
  const state = lineState(line);
  const badge = <Badge tone={STATE_TONE[state]}>{t(`earnings.state.${state}`)}</Badge>;
  const when = line.occurred_at ? (
    <time dateTime={new Date(line.occurred_at).toISOString()} title={f.dateTime(line.occurred_at)}>
      {f.date(line.occurred_at)}
    </time>
  ) : null;
  return (
    <tr className="align-top">
      <td className="px-4 py-3">
        <p className="font-medium text-slate-900">{t(`earnings.kind.${kind}`)}</p>
        {line.campaign_id ? (
          // A block of its own: beside the line's name a link must not be told apart by colour alone (axe).
          <p>
            <Link to={paths.campaign.getHref(line.campaign_id)} className={`${linkClasses} break-words`}>
              {line.campaign_title ?? t('earnings.history.campaign')}
            </Link>
          </p>
        ) : kind !== 'payout' ? (
          <p className="text-slate-500">{t('earnings.history.noCampaign')}</p>
        ) : null}
        <div className="mt-1 flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-slate-600 sm:hidden">
          {badge}
          {when}
        </div>
        {state === 'failed' && (
          <div className={`mt-2 space-y-1 text-sm ${fixable ? 'text-red-800' : 'text-slate-600'}`}>
            {line.status === 'failed' && <p>{t('earnings.history.failure', { message: payoutFailureText(t, problem, line.failure_code) })}</p>}
            {fixable && (
              <Link to={PAYOUT_SETTINGS_HREF} className="font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800">
                {t('earnings.account.fix')}
              </Link>
            )}
          </div>
        )}
      </td>
      <td className="hidden px-4 py-3 sm:table-cell">{badge}</td>
      <td className="hidden px-4 py-3 whitespace-nowrap text-slate-700 sm:table-cell">{when}</td>
      <td className="px-4 py-3 text-right">
        <span className="font-medium whitespace-nowrap text-slate-900 tabular-nums">{f.money(line.amount_cents)}</span>
        {line.fee_cents > 0 && <span className="mt-0.5 block text-xs text-slate-600">{t('earnings.history.fee', { fee: f.money(line.fee_cents) })}</span>}
      </td>
    </tr>
  );
}
