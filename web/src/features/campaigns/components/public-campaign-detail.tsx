import { Link } from 'react-router-dom';
import { Badge } from '@/components/ui/badge';
import { ButtonLink } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { authHrefReturningTo } from '@/config/return-path';
import { useFormat } from '@/i18n/format';
import { useT } from '@/i18n/use-t';
import { usePageMeta } from '@/lib/use-page-meta';
import type { PublicCampaignDetail } from '@/types/api';
import { usePublicCampaign } from '../api/public-campaigns';
import { compensationTypeText, contentTypeText } from '../messages/campaign-text';
import { campaignsCatalog } from '../messages/catalog';
import { CampaignFacts } from './campaign-facts';
import { PublicFrame } from './public-frame';
import { UsageRightsCard } from './usage-rights-card';

/**
 * /explore/:id: one active campaign for visitors (issue 32): what it asks for and pays, by which brand,
 * until when. Apply leads to sign-up and, once in, back to this campaign's page for members (where the
 * application form is); "Sign in" does the same for those with an account.
 */
export function PublicCampaignDetailView({ id }: { id: string }) {
  const campaign = usePublicCampaign(id);
  const { t } = useT(campaignsCatalog);
  return (
    <PublicFrame>
      <p className="mb-4">
        <Link to={paths.publicCampaigns.getHref()} className="text-sm font-medium text-brand-700 underline">
          ← {t('campaigns.public.back')}
        </Link>
      </p>
      {campaign.isError ? (
        <div role="alert" className="rounded-lg border border-red-200 bg-red-50 p-6 text-center">
          <p className="font-medium text-red-900">{t('campaigns.loadFailed')}</p>
        </div>
      ) : campaign.isPending ? (
        <p aria-busy="true" className="py-10 text-center">
          <Spinner size="sm" label={t('campaigns.loading')} className="text-brand-600" />
        </p>
      ) : campaign.data ? (
        <CampaignBody campaign={campaign.data} />
      ) : (
        <p className="rounded-lg border border-dashed border-slate-300 bg-white p-10 text-center text-slate-600">{t('campaigns.public.notFound')}</p>
      )}
    </PublicFrame>
  );
}

function CampaignBody({ campaign: c }: { campaign: PublicCampaignDetail }) {
  const f = useFormat();
  const { t } = useT(campaignsCatalog);
  const compensation = t('campaigns.facts.compensation', { amount: f.money(c.compensation_cents), type: compensationTypeText(t, c.compensation_type) });
  usePageMeta(
    t('campaigns.public.campaignTitle', { title: c.title, brand: c.brand_name }),
    t('campaigns.public.campaignDescription', { brand: c.brand_name, compensation, deadline: f.date(c.deadline) }),
  );
  const memberPage = paths.campaign.getHref(c.id);
  return (
    <div className="grid gap-6 lg:grid-cols-3">
      <article className="space-y-4 lg:col-span-2">
        <Badge tone="blue">{contentTypeText(t, c.content_type)}</Badge>
        <h1 className="text-2xl font-bold break-words text-slate-900 sm:text-3xl">{c.title}</h1>
        <p className="text-slate-600">{c.brand_name}</p>
        <Card className="p-5">
          <h2 className="font-semibold text-slate-900">{t('campaigns.field.description')}</h2>
          <p className="mt-2 break-words whitespace-pre-line text-slate-700">{c.description}</p>
          {c.requirements && (
            <>
              <h2 className="mt-5 font-semibold text-slate-900">{t('campaigns.field.requirements')}</h2>
              <p className="mt-2 break-words whitespace-pre-line text-slate-700">{c.requirements}</p>
            </>
          )}
        </Card>
        {/* The licence the campaign buys, in the words the signed-in page uses (decision 0056). */}
        {c.usage_rights && <UsageRightsCard usage={c.usage_rights} padding="p-5" />}
      </article>
      <aside>
        <Card className="p-5">
          <p className="text-sm font-medium text-slate-600">{t('campaigns.field.contentType')}</p>
          <p className="text-slate-900">{contentTypeText(t, c.content_type)}</p>
          <CampaignFacts campaign={c} showDaysLeft />
          <ButtonLink to={authHrefReturningTo(memberPage, 'register')} className="mt-5 w-full">
            {t('campaigns.public.apply')}
          </ButtonLink>
          <p className="mt-3 text-sm text-slate-600">{t('campaigns.public.applyNote')}</p>
          <p className="mt-3 text-sm">
            <Link to={authHrefReturningTo(memberPage)} className="font-medium text-brand-700 underline">
              {t('campaigns.public.haveAccount')}
            </Link>
          </p>
        </Card>
      </aside>
    </div>
  );
}
