import { useFormat } from '@/i18n/format';
import { commonCatalog } from '@/i18n/common-catalog';
import { useT } from '@/i18n/use-t';
import { platformLabel } from '@/lib/format';
import { isFreshlyVerified, type SocialAccountFigure } from './reach';
import { VerifiedMark } from './verified-mark';

/**
 * The profile's connected accounts: handle (linked), the count the platform reported and its date. A count
 * reported within VERIFIED_MARK_DAYS carries the Verified mark; an older one (an account that needs
 * reconnecting, or whose refresh keeps failing) reads "Last verified {date}" without it (decision 0054).
 */
export function SocialAccountList({ accounts, now = new Date() }: { accounts: SocialAccountFigure[]; now?: Date }) {
  const f = useFormat();
  const { t } = useT(commonCatalog);
  return (
    <ul className="divide-y divide-slate-100" aria-label={t('common.reach.accounts')}>
      {accounts.map((a) => {
        const fresh = isFreshlyVerified(a, now);
        return (
          <li key={a.platform} className="flex flex-col gap-1 py-2">
            <div className="min-w-0">
              <span className="text-sm text-slate-600">{platformLabel(a.platform)} </span>
              {a.profile_url ? (
                <a href={a.profile_url} target="_blank" rel="noopener noreferrer" className="font-medium break-words text-brand-700 hover:underline">
                  @{a.handle}
                  <span className="sr-only"> {t('common.reach.opensInNewTab')}</span>
                </a>
              ) : (
                <span className="font-medium break-words text-slate-900">@{a.handle}</span>
              )}
            </div>
            <div className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm">
              <span className="font-medium text-slate-900">
                {a.followers == null ? t('common.reach.hidden') : t('common.reach.followers', { followers: f.compact(a.followers) })}
              </span>
              {fresh ? (
                <>
                  <VerifiedMark platforms={[a.platform]} />
                  {a.followers_as_of && <span className="text-xs text-slate-600">{t('common.reach.asOf', { date: f.date(a.followers_as_of) })}</span>}
                </>
              ) : (
                a.followers_as_of && <span className="text-xs text-slate-600">{t('common.reach.lastVerified', { date: f.date(a.followers_as_of) })}</span>
              )}
            </div>
          </li>
        );
      })}
    </ul>
  );
}
