import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { platformLabel } from '@/lib/format';
import type { SocialPlatform } from '@/components/ui/reach/reach';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/toast';
import { useFormat } from '@/i18n/format';
import { FORMAT_TAG } from '@/i18n/locales';
import { useT } from '@/i18n/use-t';
import { SOCIAL_PLATFORMS, type MySocialAccount, useDisconnectSocialAccount, useMySocialAccounts, useStartSocialConnect } from '../api/social-accounts';
import { settingsCatalog } from '../messages/catalog';
import { socialErrorText } from '../messages/social-text';
import { type SocialReturn, socialReturn, withoutSocialReturn } from '../utils/social-return';

/** The anchor the social-connect callback and the reconnect notification link to. */
export const CONNECTED_ACCOUNTS_ID = 'connected-accounts';

/**
 * Settings › Connected accounts (creators, decision 0053): one row per platform with the handle and the
 * follower count the platform reported, its date and status, and the way to the platform's consent page.
 * The callback sends the creator back to /settings?social=…&result=…#connected-accounts: the result is said
 * once (a toast for success, an alert that stays for a failure) and the address cleaned.
 */
export function ConnectedAccountsSettings({ userId }: { userId: string }) {
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const { hash, key } = useLocation();
  const accounts = useMySocialAccounts(userId);
  const start = useStartSocialConnect();
  const disconnect = useDisconnectSocialAccount(userId);
  const [failure, setFailure] = useState<SocialReturn | null>(null);
  const [actionError, setActionError] = useState<string | null>(null);
  const [leavingFor, setLeavingFor] = useState<SocialPlatform | null>(null);
  const [confirming, setConfirming] = useState<MySocialAccount | null>(null);
  const sectionRef = useRef<HTMLElement>(null);
  const scrolledFor = useRef<string | null>(null);
  const returned = socialReturn(searchParams);

  useEffect(() => {
    if (!returned) return;
    // The anchor stays, so the page still opens on this section; only the one-time result goes.
    navigate({ search: withoutSocialReturn(searchParams).toString(), hash }, { replace: true });
    if (returned.result === 'connected' && returned.platform) {
      const platform = platformLabel(returned.platform);
      setFailure(null);
      toast({ kind: 'settings.social', title: t('settings.social.result.connected.title', { platform }), description: t('settings.social.result.connected.text') });
    } else {
      setFailure(returned);
    }
  }, [returned?.platform, returned?.result]); // Once per return that appears in the address.

  // The browser's own jump to #connected-accounts happened before the list existed (or, from the bell, in
  // an app that was already on this page): go there once it does, once per visit.
  useEffect(() => {
    if (scrolledFor.current === key || hash !== `#${CONNECTED_ACCOUNTS_ID}` || !accounts.isSuccess) return;
    scrolledFor.current = key;
    sectionRef.current?.scrollIntoView({ block: 'start' });
  }, [hash, key, accounts.isSuccess]);
  const { t, locale } = useT(settingsCatalog);

  const connect = (platform: SocialPlatform) => {
    setActionError(null);
    setFailure(null);
    start.mutate(
      { platform, locale: FORMAT_TAG[locale] },
      {
        onSuccess: ({ url }) => {
          setLeavingFor(platform);
          window.location.assign(url);
        },
        onError: (error) => setActionError(socialErrorText(t, error, platformLabel(platform))),
      },
    );
  };

  const confirmDisconnect = () => {
    if (!confirming) return;
    const platform = confirming.platform;
    setActionError(null);
    disconnect.mutate(platform, {
      onSuccess: () => {
        setConfirming(null);
        toast({ kind: 'settings.social', title: t('settings.social.disconnected', { platform: platformLabel(platform) }) });
      },
      onError: (error) => {
        setConfirming(null);
        setActionError(socialErrorText(t, error, platformLabel(platform)));
      },
    });
  };

  return (
    <section ref={sectionRef} id={CONNECTED_ACCOUNTS_ID} aria-labelledby="connected-accounts-title" className="scroll-mt-20">
      <h2 id="connected-accounts-title" className="text-lg font-semibold text-slate-900">
        {t('settings.social.title')}
      </h2>
      <p className="mt-1 mb-4 text-sm text-slate-600">{t('settings.social.lead')}</p>
      {failure && <FailureAlert failure={failure} onDismiss={() => setFailure(null)} />}
      {actionError && (
        <p role="alert" className="mb-4 rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-800">
          {actionError}
        </p>
      )}
      {accounts.isPending ? (
        <Spinner label={t('settings.social.loading')} />
      ) : accounts.isError ? (
        <p role="alert" className="text-sm text-red-700">
          {t('settings.social.loadError', { reason: socialErrorText(t, accounts.error, '') })}
        </p>
      ) : (
        <ul className="divide-y divide-slate-200 rounded-md border border-slate-200" aria-labelledby="connected-accounts-title">
          {SOCIAL_PLATFORMS.map((platform) => (
            <PlatformRow
              key={platform}
              platform={platform}
              account={accounts.data.find((a) => a.platform === platform) ?? null}
              opening={leavingFor === platform || (start.isPending && start.variables?.platform === platform)}
              busy={start.isPending || leavingFor !== null}
              onConnect={() => connect(platform)}
              onDisconnect={(account) => setConfirming(account)}
            />
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={confirming !== null}
        title={confirming ? t('settings.social.disconnect.title', { platform: platformLabel(confirming.platform) }) : ''}
        description={confirming ? t('settings.social.disconnect.text', { platform: platformLabel(confirming.platform), handle: confirming.handle }) : ''}
        confirmLabel={t('settings.social.disconnect.confirm')}
        destructive
        pending={disconnect.isPending}
        onConfirm={confirmDisconnect}
        onClose={() => setConfirming(null)}
      />
    </section>
  );
}

function PlatformRow({
  platform,
  account,
  opening,
  busy,
  onConnect,
  onDisconnect,
}: {
  platform: SocialPlatform;
  account: MySocialAccount | null;
  opening: boolean;
  busy: boolean;
  onConnect: () => void;
  onDisconnect: (account: MySocialAccount) => void;
}) {
  const f = useFormat();
  const { t } = useT(settingsCatalog);
  const name = platformLabel(platform);
  const reconnect = account?.status === 'reconnect_needed';
  const titleId = `connected-accounts-${platform}`;
  return (
    <li aria-labelledby={titleId} className="flex flex-col gap-3 p-4 sm:flex-row sm:items-start sm:justify-between">
      <div className="min-w-0 space-y-1">
        <div className="flex flex-wrap items-center gap-2">
          <h3 id={titleId} className="text-base font-semibold text-slate-900">
            {name}
          </h3>
          {account ? (
            <Badge tone={reconnect ? 'red' : 'green'}>{t(reconnect ? 'settings.social.status.reconnect_needed' : 'settings.social.status.connected')}</Badge>
          ) : (
            <Badge>{t('settings.social.status.none')}</Badge>
          )}
        </div>
        {account ? (
          <>
            <p className="text-sm break-words">
              {account.profile_url ? (
                <a href={account.profile_url} target="_blank" rel="noopener noreferrer" className="font-medium text-brand-700 hover:underline">
                  @{account.handle}
                  <span className="sr-only"> {t('settings.social.opensInNewTab')}</span>
                </a>
              ) : (
                <span className="font-medium text-slate-900">@{account.handle}</span>
              )}
            </p>
            <p className="text-sm text-slate-700">
              {account.followers == null
                ? t(platform === 'youtube' ? 'settings.social.subscribers.hidden' : 'settings.social.followers.hidden')
                : t(platform === 'youtube' ? 'settings.social.subscribers' : 'settings.social.followers', { count: account.followers, followers: f.number(account.followers) })}
              {account.followers_as_of && (
                <span className="text-slate-600"> · {t(reconnect ? 'settings.social.lastVerified' : 'settings.social.asOf', { date: f.date(account.followers_as_of) })}</span>
              )}
            </p>
            {reconnect && <p className="max-w-xl text-sm text-red-800">{t('settings.social.reconnect.text', { platform: name })}</p>}
          </>
        ) : (
          <p className="max-w-xl text-sm text-slate-600">{t('settings.social.none.text', { platform: name })}</p>
        )}
      </div>
      {/* Full width on a phone, where two buttons side by side would not fit the row. */}
      <div className="flex shrink-0 flex-wrap gap-2 *:flex-1 *:whitespace-nowrap sm:*:flex-none">
        {(!account || reconnect) && (
          <Button onClick={onConnect} pending={opening} disabled={busy} aria-label={opening ? undefined : t(reconnect ? 'settings.social.reconnect.named' : 'settings.social.connect.named', { platform: name })}>
            {opening ? t('settings.social.opening', { platform: name }) : t(reconnect ? 'settings.social.reconnect' : 'settings.social.connect')}
          </Button>
        )}
        {account && (
          <Button variant="secondary" onClick={() => onDisconnect(account)} disabled={busy} aria-label={t('settings.social.disconnect.named', { platform: name })}>
            {t('settings.social.disconnect')}
          </Button>
        )}
      </div>
    </li>
  );
}

/** A consent that did not end connected: what happened and what to do, until the creator closes it or tries again. */
function FailureAlert({ failure, onDismiss }: { failure: SocialReturn; onDismiss: () => void }) {
  const { t } = useT(settingsCatalog);
  const platform = failure.platform ? platformLabel(failure.platform) : '';
  const result = failure.result === 'connected' ? 'state_invalid' : failure.result;
  return (
    <div role="alert" className="mb-4 flex items-start justify-between gap-3 rounded-md border border-red-200 bg-red-50 p-4 text-sm text-red-900">
      <div>
        <p className="font-medium">{t(`settings.social.result.${result}.title`, { platform })}</p>
        <p className="mt-1">{t(`settings.social.result.${result}.text`, { platform })}</p>
      </div>
      <button type="button" onClick={onDismiss} className="-m-1 shrink-0 rounded p-1 text-red-900 hover:bg-red-100" aria-label={t('settings.social.dismiss')}>
        <svg aria-hidden="true" viewBox="0 0 20 20" className="h-4 w-4 fill-current">
          <path d="M5.3 4.3 10 9l4.7-4.7 1 1L11 10l4.7 4.7-1 1L10 11l-4.7 4.7-1-1L9 10 4.3 5.3z" />
        </svg>
      </button>
    </div>
  );
}
