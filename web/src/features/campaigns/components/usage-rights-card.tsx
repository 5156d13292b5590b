import type { LicenceTerms } from '@contract/licence';
import { Card } from '@/components/ui/card';
import { useFormat } from '@/i18n/format';
import { useLocale } from '@/i18n/locale-store';
import { FORMAT_TAG } from '@/i18n/locales';
import { useT } from '@/i18n/use-t';
import { campaignsCatalog } from '../messages/catalog';
import { usageRightsText } from '../utils/usage-rights-text';

/**
 * The licence the campaign buys, in plain words, where a creator reads it before applying (decision 0056).
 * `padding` follows the cards beside it (the signed-out page pads its cards p-5).
 */
export function UsageRightsCard({ usage, padding = 'p-4 sm:p-6' }: { usage: LicenceTerms; padding?: string }) {
  const f = useFormat();
  const locale = useLocale();
  const { t } = useT(campaignsCatalog);
  return (
    <Card className={padding}>
      <section aria-labelledby="campaign-usage-rights">
        <h2 id="campaign-usage-rights" className="text-lg font-semibold text-slate-900">
          {t('campaigns.usage.title')}
        </h2>
        <p data-testid="usage-rights-summary" className="mt-2 text-sm text-slate-800">
          {usageRightsText(t, usage, FORMAT_TAG[locale], f.money)}
        </p>
      </section>
    </Card>
  );
}
