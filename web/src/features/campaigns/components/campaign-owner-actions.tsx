import { useState } from 'react';
import { Button, ButtonLink } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { toast } from '@/components/ui/toast';
import { paths } from '@/config/paths';
import { useT } from '@/i18n/use-t';
import { useCloseCampaign } from '../api/close-campaign';
import { usePauseCampaign } from '../api/pause-campaign';
import { campaignErrorText } from '../messages/campaign-text';
import { campaignsCatalog } from '../messages/catalog';
import type { CampaignDetail } from '../types';

/**
 * The owner's controls: Edit Campaign, and Pause while active or Close otherwise. Closing is final, so it
 * asks first; a completed campaign has nothing left to close.
 */
export function CampaignOwnerActions({ campaign }: { campaign: CampaignDetail }) {
  const [confirmClose, setConfirmClose] = useState(false);
  const onError = (error: Error) => toast({ title: t('campaigns.toast.updateError'), description: campaignErrorText(t, error), variant: 'destructive' });
  const pause = usePauseCampaign({ onSuccess: () => toast({ title: t('campaigns.toast.updated'), description: t('campaigns.owner.toast.paused') }), onError });
  const close = useCloseCampaign({
    onSuccess: () => {
      setConfirmClose(false);
      toast({ title: t('campaigns.toast.updated'), description: t('campaigns.owner.toast.closed') });
    },
    onError: (error) => {
      setConfirmClose(false);
      onError(error);
    },
  });
  const { t } = useT(campaignsCatalog);
  const completed = campaign.status === 'completed';
  return (
    <div className="flex flex-wrap gap-2">
      <ButtonLink to={paths.campaignEdit.getHref(campaign.id)} variant="secondary">
        {t('campaigns.owner.edit')}
      </ButtonLink>
      {campaign.status === 'active' ? (
        <Button variant="secondary" pending={pause.isPending} onClick={() => pause.mutate(campaign.id)}>
          {t('campaigns.owner.pause')}
        </Button>
      ) : (
        <Button variant="danger" disabled={completed} title={completed ? t('campaigns.owner.closed') : undefined} onClick={() => setConfirmClose(true)}>
          {t('campaigns.owner.close')}
        </Button>
      )}
      <ConfirmDialog
        open={confirmClose}
        title={t('campaigns.owner.confirm.title')}
        description={t('campaigns.owner.confirm.description')}
        confirmLabel={t('campaigns.owner.confirm.action')}
        cancelLabel={t('campaigns.form.cancel')}
        destructive
        pending={close.isPending}
        onConfirm={() => close.mutate(campaign.id)}
        onClose={() => setConfirmClose(false)}
      />
    </div>
  );
}
