import { useState } from 'react';
import { Button, ButtonLink } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { toast } from '@/components/ui/toast';
import { paths } from '@/config/paths';
import { useCloseCampaign } from '../api/close-campaign';
import { usePauseCampaign } from '../api/pause-campaign';
import type { CampaignDetail } from '../types';

/**
 * The owner's controls: Edit Campaign, and Pause while active or Close otherwise. Closing is final, so it
 * asks first; a completed campaign has nothing left to close.
 */
export function CampaignOwnerActions({ campaign }: { campaign: CampaignDetail }) {
  const [confirmClose, setConfirmClose] = useState(false);
  const onError = (error: Error) => toast({ title: 'Error updating campaign', description: error.message, variant: 'destructive' });
  const pause = usePauseCampaign({ onSuccess: () => toast({ title: 'Campaign updated', description: 'The campaign is paused.' }), onError });
  const close = useCloseCampaign({
    onSuccess: () => {
      setConfirmClose(false);
      toast({ title: 'Campaign updated', description: 'The campaign is closed.' });
    },
    onError: (error) => {
      setConfirmClose(false);
      onError(error);
    },
  });
  return (
    <div className="flex flex-wrap gap-2">
      <ButtonLink to={paths.campaignEdit.getHref(campaign.id)} variant="secondary">
        Edit Campaign
      </ButtonLink>
      {campaign.status === 'active' ? (
        <Button variant="secondary" pending={pause.isPending} onClick={() => pause.mutate(campaign.id)}>
          Pause
        </Button>
      ) : (
        <Button variant="danger" disabled={campaign.status === 'completed'} title={campaign.status === 'completed' ? 'This campaign is closed' : undefined} onClick={() => setConfirmClose(true)}>
          Close
        </Button>
      )}
      <ConfirmDialog
        open={confirmClose}
        title="Close this campaign?"
        description="A closed campaign is marked completed and cannot be reopened. Accepted creators can still deliver their content."
        confirmLabel="Close Campaign"
        destructive
        pending={close.isPending}
        onConfirm={() => close.mutate(campaign.id)}
        onClose={() => setConfirmClose(false)}
      />
    </div>
  );
}
