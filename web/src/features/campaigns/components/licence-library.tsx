import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Badge, type BadgeTone } from '@/components/ui/badge';
import { Card } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useFormat } from '@/i18n/format';
import { useLocale } from '@/i18n/locale-store';
import { FORMAT_TAG } from '@/i18n/locales';
import { useT } from '@/i18n/use-t';
import { platformLabel } from '@/lib/format';
import { type BrandLicence, useBrandLicences } from '../api/get-brand-licences';
import { latestByHire, type LicenceRenewal, useLicenceRenewals } from '../api/licence-renewals';
import { campaignsCatalog } from '../messages/catalog';
import { BrandRenewal, type RenderPayRenewal } from './licence-renewal';

const statusTone: Record<string, BadgeTone> = { active: 'green', ending_soon: 'yellow', expired: 'red' };

/**
 * The brand's licence library (decision 0056): for each standing hire, what it may use (the content link),
 * how (organic or ads on which platforms), where, from when until when and how many days are left (the
 * database's count). Cards, so a phone reads each licence whole.
 */
export function LicenceLibrary({ renderPayRenewal }: { renderPayRenewal?: RenderPayRenewal } = {}) {
  const query = useBrandLicences();
  const renewals = useLicenceRenewals();
  const { t } = useT(campaignsCatalog);
  const latest = renewals.data ? latestByHire(renewals.data) : new Map<string, LicenceRenewal>();
  return (
    <section aria-labelledby="licence-library" className="space-y-3">
      <div>
        <h2 id="licence-library" className="text-lg font-semibold text-slate-900">
          {t('campaigns.licences.title')}
        </h2>
        <p className="text-sm text-slate-600">{t('campaigns.licences.lead')}</p>
      </div>
      {query.isPending ? (
        <Spinner label={t('campaigns.licences.loading')} />
      ) : query.isError ? (
        <p role="alert" className="text-sm text-red-800">
          {t('campaigns.licences.error')}
        </p>
      ) : query.data.length === 0 ? (
        <Card className="p-4 text-sm text-slate-600">{t('campaigns.licences.empty')}</Card>
      ) : (
        <ul className="grid gap-3 md:grid-cols-2 xl:grid-cols-3">
          {query.data.map((l) => (
            <li key={l.application_id}>
              <LicenceCard licence={l} renewal={latest.get(l.application_id)} renderPay={renderPayRenewal} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function LicenceCard({ licence: l, renewal, renderPay }: { licence: BrandLicence; renewal: LicenceRenewal | undefined; renderPay: RenderPayRenewal | undefined }) {
  const f = useFormat();
  const tag = FORMAT_TAG[useLocale()];
  const { t } = useT(campaignsCatalog);
  const names = new Intl.DisplayNames([tag], { type: 'region' });
  const list = (items: string[]) => new Intl.ListFormat(tag, { type: 'conjunction' }).format(items);
  const territory = l.usage_territory?.length ? list(l.usage_territory.map((c) => names.of(c) ?? c)) : t('campaigns.licences.worldwide');
  const how = l.usage_kind === 'paid' ? t('campaigns.licences.kind.paid', { platforms: list(l.usage_platforms.map(platformLabel)) }) : t('campaigns.licences.kind.organic');
  const status = statusTone[l.status] ? (l.status as 'active' | 'ending_soon' | 'expired') : 'active';
  return (
    <Card className="h-full p-4" data-testid="licence-card">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="font-medium break-words text-slate-900">{l.creator_name ?? t('campaigns.licences.deletedAccount')}</p>
          {l.campaign_title && (
            <Link to={paths.campaign.getHref(l.campaign_id)} className="text-sm break-words text-brand-700 underline-offset-2 hover:underline">
              {l.campaign_title}
            </Link>
          )}
        </div>
        <Badge tone={statusTone[status]}>{t(`campaigns.licences.status.${status}`)}</Badge>
      </div>
      <dl className="mt-3 space-y-1.5 text-sm">
        <Row term={t('campaigns.licences.usage')}>{how}</Row>
        <Row term={t('campaigns.licences.territory')}>{territory}</Row>
        <Row term={t('campaigns.licences.period')}>{t('campaigns.licences.fromUntil', { from: f.date(l.starts_at), until: f.date(l.ends_at) })}</Row>
        <Row term={t('campaigns.licences.daysLeft')}>{f.number(l.days_left)}</Row>
        {l.exclusivity_category && l.exclusivity_days !== null && (
          <Row term={t('campaigns.licences.exclusivity')}>{t('campaigns.licences.exclusivityValue', { category: l.exclusivity_category, days: l.exclusivity_days })}</Row>
        )}
        <Row term={t('campaigns.licences.content')}>
          {l.content_url ? (
            <a href={l.content_url} target="_blank" rel="noopener noreferrer" className="break-all text-brand-700 underline-offset-2 hover:underline">
              {t('campaigns.licences.openContent')}
            </a>
          ) : (
            <span className="text-slate-600">{t('campaigns.licences.noContent')}</span>
          )}
        </Row>
      </dl>
      <BrandRenewal applicationId={l.application_id} latest={renewal} renderPay={renderPay} />
    </Card>
  );
}

function Row({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="flex justify-between gap-3">
      <dt className="shrink-0 text-slate-600">{term}</dt>
      <dd className="min-w-0 text-right text-slate-900">{children}</dd>
    </div>
  );
}
