import { Link } from 'react-router-dom';
import { Card } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useFormat } from '@/i18n/format';
import { useT } from '@/i18n/use-t';
import { type CampaignMoney, useBrandMoney } from '../api/get-brand-money';
import { brandDashboardCatalog } from '../messages/catalog';
import { type MoneyColumns, moneyTotals } from '../utils/money-totals';

const cell = 'px-4 py-3 text-right whitespace-nowrap tabular-nums';

/**
 * The brand's money per campaign: what it paid (funded), what is held until it approves content (in
 * escrow), what went to creators (released) and what came back (refunded). From sm up a table (it
 * scrolls sideways inside a focusable region should it not fit: axe scrollable-region-focusable); on a
 * phone the same figures as one card per campaign (MoneyCards), where the table's columns were cut off.
 */
export function BrandMoney() {
  const f = useFormat();
  const { data, isPending, isError } = useBrandMoney();
  const { t } = useT(brandDashboardCatalog);
  return (
    <section aria-labelledby="brand-money" className="space-y-3">
      <div>
        <h2 id="brand-money" className="text-lg font-semibold text-slate-900">
          {t('dashboard-brand.money.title')}
        </h2>
        <p className="mt-1 text-sm text-slate-600">{t('dashboard-brand.money.lead')}</p>
      </div>
      <Card className="overflow-hidden">
        {isPending ? (
          <div className="p-6">
            <Spinner label={t('dashboard-brand.money.loading')} />
          </div>
        ) : isError ? (
          <p role="alert" className="p-6 text-sm text-red-800">
            {t('dashboard-brand.money.error')}
          </p>
        ) : data.length === 0 ? (
          <p className="p-6 text-sm text-slate-600">{t('dashboard-brand.money.empty')}</p>
        ) : (
          <>
            <div role="region" aria-labelledby="brand-money-caption" tabIndex={0} className="relative hidden overflow-x-auto focus-visible:outline-2 focus-visible:outline-brand-600 sm:block">
              <table className="min-w-full divide-y divide-slate-200 text-sm">
                <caption id="brand-money-caption" className="sr-only">
                  {t('dashboard-brand.money.caption')}
                </caption>
                <thead className="bg-slate-50 text-left text-xs font-semibold tracking-wide whitespace-nowrap text-slate-600 uppercase">
                  <tr>
                    <th scope="col" className="px-4 py-3">{t('dashboard-brand.money.campaign')}</th>
                    <th scope="col" className="px-4 py-3 text-right">{t('dashboard-brand.money.funded')}</th>
                    <th scope="col" className="px-4 py-3 text-right">{t('dashboard-brand.money.inEscrow')}</th>
                    <th scope="col" className="px-4 py-3 text-right">{t('dashboard-brand.money.released')}</th>
                    <th scope="col" className="px-4 py-3 text-right">{t('dashboard-brand.money.refunded')}</th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-slate-100 bg-white">
                  {data.map((row) => (
                    <tr key={row.campaign_id ?? 'deleted'}>
                      <th scope="row" className="max-w-64 min-w-40 px-4 py-3 text-left font-medium break-words">
                        {row.campaign_id ? (
                          <Link to={paths.campaign.getHref(row.campaign_id)} className="text-brand-700 underline-offset-2 hover:underline">
                            {row.campaign_title ?? t('dashboard-brand.money.untitled')}
                          </Link>
                        ) : (
                          <span className="text-slate-500">{t('dashboard-brand.money.deleted')}</span>
                        )}
                      </th>
                      <td className={`${cell} text-slate-900`}>{f.money(row.funded_cents)}</td>
                      <td className={`${cell} text-slate-700`}>{f.money(row.in_escrow_cents)}</td>
                      <td className={`${cell} text-slate-700`}>{f.money(row.released_cents)}</td>
                      <td className={`${cell} text-slate-700`}>{f.money(row.refunded_cents)}</td>
                    </tr>
                  ))}
                </tbody>
                {data.length > 1 && <TotalRow rows={data} />}
              </table>
            </div>
            <MoneyCards rows={data} />
          </>
        )}
      </Card>
    </section>
  );
}

function TotalRow({ rows }: { rows: Parameters<typeof moneyTotals>[0] }) {
  const f = useFormat();
  const { t } = useT(brandDashboardCatalog);
  const total = moneyTotals(rows);
  return (
    <tfoot className="border-t-2 border-slate-200 bg-slate-50 font-semibold text-slate-900">
      <tr>
        <th scope="row" className="px-4 py-3 text-left">
          {t('dashboard-brand.money.total')}
        </th>
        <td className={cell}>{f.money(total.funded_cents)}</td>
        <td className={cell}>{f.money(total.in_escrow_cents)}</td>
        <td className={cell}>{f.money(total.released_cents)}</td>
        <td className={cell}>{f.money(total.refunded_cents)}</td>
      </tr>
    </tfoot>
  );
}

/** Below sm: each campaign's paid, in escrow, released and refunded, one per line (two columns cut "USD 125.00" off beside "Reembolsado" at 390 px), then the total. */
function MoneyCards({ rows }: { rows: CampaignMoney[] }) {
  const f = useFormat();
  const { t } = useT(brandDashboardCatalog);
  const figures = (r: MoneyColumns) => (
    <dl className="mt-2 grid gap-y-1 text-sm">
      {(
        [
          ['dashboard-brand.money.funded', r.funded_cents],
          ['dashboard-brand.money.inEscrow', r.in_escrow_cents],
          ['dashboard-brand.money.released', r.released_cents],
          ['dashboard-brand.money.refunded', r.refunded_cents],
        ] as const
      ).map(([key, cents]) => (
        <div key={key} className="flex justify-between gap-2">
          <dt className="text-slate-600">{t(key)}</dt>
          <dd className="font-medium whitespace-nowrap text-slate-900 tabular-nums">{f.money(cents)}</dd>
        </div>
      ))}
    </dl>
  );
  return (
    <ul aria-label={t('dashboard-brand.money.caption')} className="divide-y divide-slate-100 sm:hidden">
      {rows.map((row) => (
        <li key={row.campaign_id ?? 'deleted'} className="px-4 py-3">
          <h3 className="font-medium break-words">
            {row.campaign_id ? (
              <Link to={paths.campaign.getHref(row.campaign_id)} className="text-brand-700 underline-offset-2 hover:underline">
                {row.campaign_title ?? t('dashboard-brand.money.untitled')}
              </Link>
            ) : (
              <span className="text-slate-500">{t('dashboard-brand.money.deleted')}</span>
            )}
          </h3>
          {figures(row)}
        </li>
      ))}
      {rows.length > 1 && (
        <li className="bg-slate-50 px-4 py-3">
          <h3 className="font-semibold text-slate-900">{t('dashboard-brand.money.total')}</h3>
          {figures(moneyTotals(rows))}
        </li>
      )}
    </ul>
  );
}
