import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Card } from '@/components/ui/card';
import { toast } from '@/components/ui/toast';
import { paths } from '@/config/paths';
import { createDefaults, toCampaignInput } from '../api/campaign-schema';
import { useCreateCampaign } from '../api/create-campaign';
import { CampaignForm } from './campaign-form';

/** The create screen: the form with the spec's defaults; on success the new campaign's detail opens. */
export function CreateCampaign() {
  const navigate = useNavigate();
  // Defaults are computed once: "today" must not change under the user while they type.
  const [defaults] = useState(() => createDefaults());
  const create = useCreateCampaign({
    onSuccess: (id) => {
      toast({ title: 'Campaign created', description: 'Your campaign has been created successfully.' });
      navigate(paths.campaign.getHref(id));
    },
    onError: (error) => toast({ title: 'Error creating campaign', description: error.message, variant: 'destructive' }),
  });
  return (
    <div className="mx-auto max-w-3xl">
      <h1 className="text-2xl font-bold text-slate-900">Create Campaign</h1>
      <p className="mt-1 text-sm text-slate-600">Describe what you need; creators see active campaigns right away.</p>
      <Card className="mt-6 p-4 sm:p-6">
        <CampaignForm
          mode="create"
          defaultValues={defaults}
          pending={create.isPending}
          submitLabel="Create Campaign"
          onSubmit={(values) => create.mutate(toCampaignInput(values))}
          onCancel={() => navigate(-1)}
        />
      </Card>
    </div>
  );
}
