import { commonCatalog } from '@/i18n/common-catalog';
import { useT } from '@/i18n/use-t';
import { platformLabel } from '@/lib/format';
import type { SocialPlatform } from './reach';

/** The Verified mark, naming the platform(s) that reported the count ("Verified · Instagram, TikTok"). */
export function VerifiedMark({ platforms }: { platforms: SocialPlatform[] }) {
  const { t } = useT(commonCatalog);
  return (
    <span className="inline-flex items-center gap-1 rounded-full bg-green-100 px-2 py-0.5 text-xs font-medium text-green-800">
      <svg aria-hidden="true" viewBox="0 0 16 16" className="h-3 w-3 fill-current">
        <path d="M6.5 11.2 3.3 8l1.1-1.1 2.1 2.1 5.1-5.1 1.1 1.1z" />
      </svg>
      {t('common.reach.verifiedOn', { platforms: platforms.map(platformLabel).join(', ') })}
    </span>
  );
}
