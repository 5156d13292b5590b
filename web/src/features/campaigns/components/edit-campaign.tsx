import { format } from 'date-fns';
import { useNavigate } from 'react-router-dom';
import { Card } from '@/components/ui/card';
import { PageSpinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/toast';
import { paths } from '@/config/paths';
import { useT } from '@/i18n/use-t';
import { toCampaignInput, type CampaignFormValues } from '../api/campaign-schema';
import { useCampaign } from '../api/get-campaign';
import { usageRightsFormValues } from '../api/usage-rights-schema';
import { useUpdateCampaign } from '../api/update-campaign';
import { campaignErrorField, campaignErrorText } from '../messages/campaign-text';
import { campaignsCatalog } from '../messages/catalog';
import type { CampaignDetail } from '../types';
import { centsToDollarsInput } from '@contract/money';
import { BrandApprovalBanner } from './brand-approval-banner';
import { LiveBriefFiles } from './brief-files-editor';
import { CampaignForm } from './campaign-form';
import { CampaignLoadError } from './campaign-load-error';

function formValues(c: CampaignDetail): CampaignFormValues {
  return {
    title: c.title,
    description: c.description,
    contentType: c.content_type,
    platforms: c.platforms,
    compensationType: c.compensation_type,
    compensation: centsToDollarsInput(c.compensation_cents),
    deadline: c.deadline ? format(new Date(c.deadline), 'yyyy-MM-dd') : '',
    requirements: c.requirements ?? '',
    status: c.status,
    revisionRounds: String(c.revision_rounds),
    draftReview: c.draft_review === true,
    usage: usageRightsFormValues(c.usage_rights),
  };
}

/**
 * The edit screen. Only the owning brand gets the form; anyone else sees 'Unauthorized' (the database
 * refuses their update all the same).
 */
export function EditCampaign({ campaignId, userId }: { campaignId: string; userId: string }) {
  const navigate = useNavigate();
  const campaign = useCampaign(campaignId);
  const update = useUpdateCampaign({
    onSuccess: (id) => {
      toast({ kind: 'campaigns.edit', title: t('campaigns.toast.updated'), description: t('campaigns.edit.toast.successText') });
      navigate(paths.campaign.getHref(id));
    },
    // A refusal about the compensation or the deadline shows on that field (the form); others here.
    onError: (error) => {
      if (!campaignErrorField(error)) toast({ kind: 'campaigns.edit', title: t('campaigns.toast.updateError'), description: campaignErrorText(t, error), variant: 'destructive' });
    },
  });
  const { t } = useT(campaignsCatalog);

  if (campaign.isPending) return <PageSpinner label={t('campaigns.detail.loading')} />;
  if (campaign.isError || !campaign.data) return <CampaignLoadError />;
  const c = campaign.data;
  if (c.brand_id !== userId) {
    return (
      <Card role="alert" className="mx-auto max-w-xl p-6 text-center">
        <h1 className="text-xl font-semibold text-red-900">{t('campaigns.edit.unauthorized.title')}</h1>
        <p className="mt-2 text-slate-700">{t('campaigns.edit.unauthorized.text')}</p>
      </Card>
    );
  }
  return (
    <div className="mx-auto max-w-3xl">
      <h1 className="text-2xl font-bold text-slate-900">{t('campaigns.edit.title')}</h1>
      <p className="mt-1 text-sm break-words text-slate-600">{c.title}</p>
      <BrandApprovalBanner className="mt-4" />
      <Card className="mt-6 p-4 sm:p-6">
        <CampaignForm
          // A fresh form when another campaign's data arrives.
          key={c.id}
          mode="edit"
          defaultValues={formValues(c)}
          currentStatus={c.status}
          pending={update.isPending}
          serverError={update.error}
          submitLabel={t('campaigns.edit.submit')}
          onSubmit={(values) => update.mutate({ id: c.id, input: toCampaignInput(values) })}
          onCancel={() => navigate(paths.campaign.getHref(c.id))}
          attachments={<LiveBriefFiles campaignId={c.id} />}
        />
      </Card>
    </div>
  );
}
