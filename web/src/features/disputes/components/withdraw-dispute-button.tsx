import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { toast } from '@/components/ui/toast';
import { useT } from '@/i18n/use-t';
import { useWithdrawDispute } from '../api/withdraw-dispute';
import { disputesCatalog } from '../messages/catalog';
import { disputeErrorText } from '../messages/disputes-text';

/** Withdraw, for whoever opened the dispute, after confirming; a refusal is said next to the button. */
export function WithdrawDisputeButton({ disputeId, applicationId }: { disputeId: string; applicationId: string }) {
  const [confirming, setConfirming] = useState(false);
  const [failure, setFailure] = useState<unknown>(null);
  const withdraw = useWithdrawDispute({
    onSuccess: () => {
      setConfirming(false);
      toast({ title: t('disputes.withdraw.toast') });
    },
    onError: (error) => {
      setConfirming(false);
      setFailure(error);
    },
  });
  const { t } = useT(disputesCatalog);
  return (
    <div className="flex flex-col items-end gap-2">
      <Button
        variant="secondary"
        size="sm"
        onClick={() => {
          setFailure(null);
          setConfirming(true);
        }}
      >
        {t('disputes.withdraw.button')}
      </Button>
      {failure !== null && (
        <p role="alert" className="text-sm text-red-700">
          {disputeErrorText(t, failure)}
        </p>
      )}
      <ConfirmDialog
        open={confirming}
        title={t('disputes.withdraw.title')}
        description={t('disputes.withdraw.text')}
        confirmLabel={t('disputes.withdraw.confirm')}
        cancelLabel={t('disputes.withdraw.keep')}
        pending={withdraw.isPending}
        onConfirm={() => withdraw.mutate({ disputeId, applicationId })}
        onClose={() => setConfirming(false)}
      />
    </div>
  );
}
