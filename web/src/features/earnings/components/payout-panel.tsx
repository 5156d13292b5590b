import { Link } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { toast } from '@/components/ui/toast';
import { useFormat } from '@/i18n/format';
import { useT } from '@/i18n/use-t';
import { useRequestPayout, type TaxHold } from '../api/earnings-api';
import type { MoneyHistoryLine, PayoutsOverview } from '../api/earnings-types';
import { earningsCatalog } from '../messages/catalog';
import { earningsErrorText, percentOfBps } from '../messages/earnings-text';
import { usePayoutProblem } from '@/i18n/payout-problem';
import { lastPaidAt, nextAutomaticPayout, openPayout, REQUEST_MINIMUM_CENTS, withdrawState } from '../utils/money-lines';
import { PAYOUT_SETTINGS_HREF } from '../utils/links';

const linkClasses = 'font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800';

/**
 * How the creator is paid: the platform's rule (schedule, minimum, fee), the next automatic payout when
 * one is due, where the money goes (or what to fix first), and "Withdraw now" for the whole available
 * balance.
 */
export function PayoutPanel({ overview: o, lines, taxHold }: { overview: PayoutsOverview; lines: MoneyHistoryLine[]; taxHold: TaxHold }) {
  const f = useFormat();
  const request = useRequestPayout();
  const { t, locale } = useT(earningsCatalog);
  const open = openPayout(lines);
  const state = withdrawState(o, !!open);
  const next = nextAutomaticPayout({ overview: o, open: !!open, lastPaidAt: lastPaidAt(lines) }, new Date());
  const minimum = f.money(o.payout_minimum_cents);
  const rule =
    o.payout_schedule === 'weekly'
      ? t('earnings.rule.weekly', { minimum })
      : o.payout_schedule === 'on_request'
        ? t('earnings.rule.on_request')
        : t('earnings.rule.daily', { minimum });

  const withdraw = () =>
    request.mutate(undefined, {
      onSuccess: (payout) => toast({ kind: 'earnings.withdraw', title: t('earnings.withdraw.toast.title'), description: t('earnings.withdraw.toast.text', { amount: f.money(payout.amountCents) }) }),
      onError: (error) => toast({ kind: 'earnings.withdraw', title: t('earnings.withdraw.failed'), description: earningsErrorText(t, f.money, error), variant: 'destructive' }),
    });

  const hint = {
    ready: t('earnings.withdraw.hint.ready', { amount: f.money(o.available_cents) }),
    nothing: t('earnings.withdraw.hint.nothing', { minimum: f.money(REQUEST_MINIMUM_CENTS) }),
    in_progress: t('earnings.withdraw.hint.inProgress', { amount: f.money(open?.amount_cents ?? o.in_transit_cents) }),
    no_account: t('earnings.withdraw.hint.noAccount'),
    not_ready: t('earnings.withdraw.hint.notReady'),
  }[state];

  return (
    <Card className="p-5 sm:p-6">
      <section aria-labelledby="earnings-payouts" className="grid gap-6 lg:grid-cols-[1fr_auto] lg:items-start">
        <div className="space-y-3 text-sm text-slate-700">
          <h2 id="earnings-payouts" className="text-lg font-semibold text-slate-900">
            {t('earnings.payouts.title')}
          </h2>
          <p>{rule}</p>
          <p>{t('earnings.rule.fee', { fee: percentOfBps(o.fee_bps, locale) })}</p>
          {next && (
            <p className="font-medium text-slate-900">
              {t('earnings.rule.next', { when: f.dateTime(next) })}
            </p>
          )}
          <AccountLine overview={o} />
          {taxHold && <TaxHoldNotice hold={taxHold} />}
        </div>
        <div className="flex flex-col gap-2 lg:w-64 lg:items-stretch">
          <Button onClick={withdraw} disabled={state !== 'ready'} pending={request.isPending} aria-describedby="earnings-withdraw-hint">
            {request.isPending ? t('earnings.withdraw.pending') : t('earnings.withdraw')}
          </Button>
          <p id="earnings-withdraw-hint" className="text-xs text-slate-600">
            {hint}
          </p>
        </div>
      </section>
    </Card>
  );
}

/** Payouts wait for a valid tax form (decision 0044): why, and the way to the form. */
function TaxHoldNotice({ hold }: { hold: NonNullable<TaxHold> }) {
  const f = useFormat();
  const { t } = useT(earningsCatalog);
  return (
    <div className="rounded-md border border-amber-300 bg-amber-50 p-3 text-amber-900">
      <p className="font-semibold">{t('earnings.taxHold.title')}</p>
      <p className="mt-1">
        {hold.state === 'expired' && hold.expiresOn
          ? t('earnings.taxHold.expired', { date: f.date(new Date(`${hold.expiresOn}T12:00:00`)) })
          : hold.state === 'name_mismatch'
            ? t('earnings.taxHold.name_mismatch')
            : t('earnings.taxHold.missing')}
      </p>
      <Link to={PAYOUT_SETTINGS_HREF} className={`mt-2 inline-block ${linkClasses}`}>
        {t('earnings.taxHold.action')}
      </Link>
    </div>
  );
}

/** Where payouts go, or what the creator must do before they can be paid. */
function AccountLine({ overview: o }: { overview: PayoutsOverview }) {
  const problem = usePayoutProblem();
  const { t } = useT(earningsCatalog);
  if (o.account_status === 'active') {
    return (
      <p>
        {o.bank_summary ? t('earnings.account.active', { bank: o.bank_summary }) : t('earnings.account.activeNoBank')}{' '}
        <Link to={PAYOUT_SETTINGS_HREF} className={linkClasses}>
          {t('earnings.account.change')}
        </Link>
      </p>
    );
  }
  if (o.account_status === 'needs_attention') {
    return (
      <div role="note" className="rounded-md border border-red-200 bg-red-50 p-3 text-red-900">
        <p className="font-medium">{t('earnings.account.needsAttention')}</p>
        {o.account_status === 'needs_attention' && <p className="mt-1">{t('earnings.account.problem', { problem: problem(o.problem_code) })}</p>}
        <p className="mt-2">
          <Link to={PAYOUT_SETTINGS_HREF} className={linkClasses}>
            {t('earnings.account.fix')}
          </Link>
        </p>
      </div>
    );
  }
  return (
    <div role="note" className="rounded-md border border-amber-200 bg-amber-50 p-3 text-amber-900">
      <p>{o.account_status === 'onboarding' ? t('earnings.account.onboarding') : t('earnings.account.none')}</p>
      <p className="mt-2">
        <Link to={PAYOUT_SETTINGS_HREF} className={linkClasses}>
          {o.account_status === 'onboarding' ? t('earnings.account.finish') : t('earnings.account.setUp')}
        </Link>
      </p>
    </div>
  );
}
