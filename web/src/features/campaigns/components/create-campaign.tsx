import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Card } from '@/components/ui/card';
import { toast } from '@/components/ui/toast';
import { paths } from '@/config/paths';
import { useT } from '@/i18n/use-t';
import { createDefaults, toCampaignInput } from '../api/campaign-schema';
import { useCreateCampaign } from '../api/create-campaign';
import { campaignErrorField, campaignErrorText } from '../messages/campaign-text';
import { campaignsCatalog } from '../messages/catalog';
import { BrandApprovalBanner } from './brand-approval-banner';
import { CampaignForm } from './campaign-form';

/** The create screen: the form with the spec's defaults; on success the new campaign's detail opens. */
export function CreateCampaign() {
  const navigate = useNavigate();
  // Defaults are computed once: "today" must not change under the user while they type.
  const [defaults] = useState(() => createDefaults());
  const create = useCreateCampaign({
    onSuccess: (id) => {
      toast({ kind: 'campaigns.create', title: t('campaigns.create.toast.success'), description: t('campaigns.create.toast.successText') });
      navigate(paths.campaign.getHref(id));
    },
    // A refusal about the compensation or the deadline shows on that field (the form); others here.
    onError: (error) => {
      if (!campaignErrorField(error)) toast({ kind: 'campaigns.create', title: t('campaigns.create.toast.error'), description: campaignErrorText(t, error), variant: 'destructive' });
    },
  });
  const { t } = useT(campaignsCatalog);
  return (
    <div className="mx-auto max-w-3xl">
      <h1 className="text-2xl font-bold text-slate-900">{t('campaigns.create.title')}</h1>
      <p className="mt-1 text-sm text-slate-600">{t('campaigns.create.lead')}</p>
      <BrandApprovalBanner className="mt-4" />
      <Card className="mt-6 p-4 sm:p-6">
        <CampaignForm
          mode="create"
          defaultValues={defaults}
          pending={create.isPending}
          serverError={create.error}
          submitLabel={t('campaigns.create.submit')}
          onSubmit={(values) => create.mutate(toCampaignInput(values))}
          onCancel={() => navigate(-1)}
        />
      </Card>
    </div>
  );
}
