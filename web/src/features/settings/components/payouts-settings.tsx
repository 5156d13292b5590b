import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Badge, type BadgeTone } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { SelectField } from '@/components/ui/select-field';
import { Spinner } from '@/components/ui/spinner';
import { useT } from '@/i18n/use-t';
import { type PayoutAccount, usePayoutAccount, usePayoutCountries, useStartOnboarding, useSyncPayoutAccount } from '../api/payout-account';
import { settingsCatalog } from '../messages/catalog';
import { usePayoutProblem } from '@/i18n/payout-problem';
import { payoutsErrorText } from '../messages/settings-text';
import { accountState, countryList, countryName, countryOptions, onboardingOutcome, OTHER_COUNTRY, setupAction } from '../utils/payouts';

/** What coming back from Stripe's page turned out to be. */
type Returned = { status: 'checking' } | { status: 'active'; bank: string | null } | { status: 'pending' } | { status: 'error'; reason: string };

const STATE_TONE: Record<ReturnType<typeof accountState>, BadgeTone> = { none: 'neutral', onboarding: 'yellow', active: 'green', needs_attention: 'red' };

/**
 * The Payouts tab (creators): the payout account's state, the country, and the way to Stripe's hosted
 * page where the creator types their bank details (we never see them). Stripe sends the creator back to
 * /settings?tab=payouts&onboarding=return, where the account is checked at once (its webhook may not
 * have arrived yet), or ...=refresh when the link expired, where they can start again.
 */
export function PayoutsSettings({ userId }: { userId: string }) {
  const [searchParams, setSearchParams] = useSearchParams();
  const outcome = onboardingOutcome(searchParams.get('onboarding'));
  const [returned, setReturned] = useState<Returned | null>(null);
  const [expired, setExpired] = useState(false);
  const [picked, setPicked] = useState<string | null>(null);
  const [startError, setStartError] = useState<string | null>(null);
  const [leaving, setLeaving] = useState(false);
  const synced = useRef(false);
  const sync = useSyncPayoutAccount(userId);
  const start = useStartOnboarding();
  // Until Stripe confirms the account after a return, read it again every few seconds.
  const account = usePayoutAccount(userId, returned?.status === 'pending');
  const countries = usePayoutCountries();
  const { t, locale } = useT(settingsCatalog);

  useEffect(() => {
    if (!outcome) return;
    // Said once: a reload of the page neither checks again nor repeats the message.
    setSearchParams(
      (params) => {
        const next = new URLSearchParams(params);
        next.delete('onboarding');
        return next;
      },
      { replace: true },
    );
    if (outcome === 'refresh') {
      setExpired(true);
      return;
    }
    if (synced.current) return;
    synced.current = true;
    setReturned({ status: 'checking' });
    sync.mutate(undefined, {
      onSuccess: (r) => setReturned(r.accountStatus === 'active' ? { status: 'active', bank: r.bankSummary } : { status: 'pending' }),
      onError: (error) => setReturned({ status: 'error', reason: payoutsErrorText(t, error) }),
    });
  }, [outcome]); // Runs when an outcome appears in the URL; what it calls is read at that moment.

  if (account.isPending || countries.isPending) return <Spinner label={t('settings.payouts.loading')} />;
  if (account.isError || countries.isError) {
    return (
      <p role="alert" className="text-sm text-red-700">
        {t('settings.payouts.loadError', { reason: payoutsErrorText(t, account.error ?? countries.error) })}
      </p>
    );
  }

  const acc = account.data;
  // A pending return turns into success as soon as a later read finds the account active.
  const shown: Returned | null = returned?.status === 'pending' && acc.account_status === 'active' ? { status: 'active', bank: acc.bank_summary } : returned;
  const supported = countries.data.map((c) => c.country);
  const options = countryOptions(supported, locale);
  const country = picked ?? acc.account_country ?? '';
  const unsupported = country === OTHER_COUNTRY;
  const action = setupAction(acc.account_status);
  const replacing = !!acc.account_country && !!country && !unsupported && country !== acc.account_country;

  const begin = () => {
    if (!country || unsupported) return;
    setStartError(null);
    start.mutate(country, {
      onSuccess: ({ url }) => {
        setLeaving(true);
        window.location.assign(url);
      },
      onError: (error) => setStartError(payoutsErrorText(t, error)),
    });
  };

  return (
    <div className="space-y-6">
      {shown && <ReturnMessage returned={shown} />}
      {expired && (
        <div role="alert" className="rounded-md border border-amber-200 bg-amber-50 p-4 text-sm text-amber-900">
          <p className="font-medium">{t('settings.payouts.expired.title')}</p>
          <p className="mt-1">{t('settings.payouts.expired.text')}</p>
        </div>
      )}

      <section aria-labelledby="payouts-account" className="space-y-2">
        <h3 id="payouts-account" className="text-base font-semibold text-slate-900">
          {t('settings.payouts.account.title')}
        </h3>
        <AccountCard account={acc} />
      </section>

      <section aria-labelledby="payouts-bank" className="space-y-4">
        <div>
          <h3 id="payouts-bank" className="text-base font-semibold text-slate-900">
            {t('settings.payouts.bank.title')}
          </h3>
          <p className="mt-1 text-sm text-slate-600">{t('settings.payouts.bank.text')}</p>
        </div>
        <SelectField
          label={t('settings.payouts.country')}
          value={country}
          onChange={(e) => {
            setPicked(e.target.value);
            setStartError(null);
          }}
          hint={t('settings.payouts.country.hint', { countries: countryList(options.map((o) => o.label), locale) })}
          className="max-w-sm"
        >
          <option value="" disabled>
            {t('settings.payouts.country.placeholder')}
          </option>
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
          <option value={OTHER_COUNTRY}>{t('settings.payouts.country.other')}</option>
        </SelectField>
        {unsupported && (
          <p role="status" className="max-w-xl rounded-md border border-slate-200 bg-slate-50 p-3 text-sm text-slate-800">
            {t('settings.payouts.country.notAvailable')}
          </p>
        )}
        {replacing && <p className="max-w-xl text-sm text-amber-800">{t('settings.payouts.country.replaces', { country: countryName(acc.account_country!, locale) })}</p>}
        <div className="flex flex-col items-start gap-2">
          <Button onClick={begin} disabled={!country || unsupported} pending={start.isPending || leaving}>
            {start.isPending || leaving ? t('settings.payouts.opening') : expired ? t('settings.payouts.startAgain') : t(`settings.payouts.action.${action}`)}
          </Button>
          {startError && (
            <p role="alert" className="text-sm text-red-700">
              {startError}
            </p>
          )}
        </div>
      </section>
    </div>
  );
}

/** The account's state with what it means for the creator and, when something is wrong, what to do. */
function AccountCard({ account: acc }: { account: PayoutAccount }) {
  const problem = usePayoutProblem();
  const { t, locale } = useT(settingsCatalog);
  const state = accountState(acc.account_status);
  return (
    <div className="rounded-md border border-slate-200 p-4 text-sm text-slate-700">
      <div className="flex flex-wrap items-center gap-2">
        <Badge tone={STATE_TONE[state]}>{t(`settings.payouts.state.${state}`)}</Badge>
        {acc.account_country && <span className="text-slate-600">{countryName(acc.account_country, locale)}</span>}
      </div>
      {state === 'active' && (
        <p className="mt-2">{acc.bank_summary ? t('settings.payouts.state.active.bank', { bank: acc.bank_summary }) : t('settings.payouts.state.active.text')}</p>
      )}
      {state === 'none' && <p className="mt-2">{t('settings.payouts.state.none.text')}</p>}
      {state === 'onboarding' && <p className="mt-2">{t('settings.payouts.state.onboarding.text')}</p>}
      {state === 'needs_attention' && (
        <div className="mt-2 space-y-2">
          <p className="font-medium text-red-800">{t('settings.payouts.state.needs_attention.text')}</p>
          <p className="text-red-800">{t('settings.payouts.state.needs_attention.problem', { problem: problem(acc.problem_code) })}</p>
          {acc.bank_summary && <p>{t('settings.payouts.state.needs_attention.bank', { bank: acc.bank_summary })}</p>}
          <p>{t('settings.payouts.state.needs_attention.todo')}</p>
        </div>
      )}
    </div>
  );
}

function ReturnMessage({ returned }: { returned: Returned }) {
  const { t } = useT(settingsCatalog);
  if (returned.status === 'checking') {
    return (
      <p className="flex items-center gap-2 rounded-md border border-slate-200 bg-slate-50 p-4 text-sm text-slate-800">
        <Spinner size="sm" label={null} />
        <span role="status">{t('settings.payouts.return.checking')}</span>
      </p>
    );
  }
  if (returned.status === 'error') {
    return (
      <p role="alert" className="rounded-md border border-red-200 bg-red-50 p-4 text-sm text-red-800">
        {t('settings.payouts.return.error', { reason: returned.reason })}
      </p>
    );
  }
  const active = returned.status === 'active';
  return (
    <div role="status" className={active ? 'rounded-md border border-green-200 bg-green-50 p-4 text-sm text-green-900' : 'rounded-md border border-amber-200 bg-amber-50 p-4 text-sm text-amber-900'}>
      <p className="font-medium">{active ? t('settings.payouts.return.active.title') : t('settings.payouts.return.pending.title')}</p>
      <p className="mt-1">
        {active
          ? returned.bank
            ? t('settings.payouts.return.active.bank', { bank: returned.bank })
            : t('settings.payouts.return.active.text')
          : t('settings.payouts.return.pending.text')}
      </p>
    </div>
  );
}
