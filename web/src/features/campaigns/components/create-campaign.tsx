import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Card } from '@/components/ui/card';
import { toast } from '@/components/ui/toast';
import { paths } from '@/config/paths';
import { useT } from '@/i18n/use-t';
import { createDefaults, toCampaignInput } from '../api/campaign-schema';
import { attachBriefFile } from '../api/brief-attachments';
import { useCreateCampaign } from '../api/create-campaign';
import { campaignErrorField, campaignErrorText } from '../messages/campaign-text';
import { campaignsCatalog } from '../messages/catalog';
import { BrandApprovalBanner } from './brand-approval-banner';
import { QueuedBriefFiles } from './brief-files-editor';
import { CampaignForm } from './campaign-form';

/** The create screen: the form with the spec's defaults; on success the new campaign's detail opens. */
export function CreateCampaign() {
  const navigate = useNavigate();
  // Defaults are computed once: "today" must not change under the user while they type.
  const [defaults] = useState(() => createDefaults());
  const [files, setFiles] = useState<File[]>([]);
  const [attaching, setAttaching] = useState(false);
  // The campaign exists before its files can go into its folder: they are attached once it is created.
  const attachAll = async (id: string) => {
    setAttaching(true);
    const failed: string[] = [];
    for (const file of files) await attachBriefFile(id, file).catch(() => failed.push(file.name));
    setAttaching(false);
    if (failed.length) {
      toast({ kind: 'campaigns.brief', title: t('campaigns.brief.toast.notAttached'), description: t('campaigns.brief.toast.notAttachedText', { names: failed.join(', ') }), variant: 'destructive' });
    }
  };
  const create = useCreateCampaign({
    onSuccess: async (id) => {
      await attachAll(id);
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
          pending={create.isPending || attaching}
          serverError={create.error}
          submitLabel={t('campaigns.create.submit')}
          onSubmit={(values) => create.mutate(toCampaignInput(values))}
          onCancel={() => navigate(-1)}
          attachments={<QueuedBriefFiles files={files} onChange={setFiles} />}
        />
      </Card>
    </div>
  );
}
