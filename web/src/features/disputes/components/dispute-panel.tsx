import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { useFormat } from '@/i18n/format';
import { useT } from '@/i18n/use-t';
import { isActive, useHireDispute } from '../api/hire-dispute';
import { disputesCatalog } from '../messages/catalog';
import type { ExistingDispute, HireDispute } from '../types';
import { DisputeDetails } from './dispute-details';
import { DisputeResolution } from './dispute-resolution';
import { DisputeStatusBadge } from './dispute-status-badge';
import { DisputeThread } from './dispute-thread';
import { OpenDisputeDialog } from './open-dispute-dialog';
import { WithdrawDisputeButton } from './withdraw-dispute-button';

/**
 * A hire's dispute on its deliverable page, for its brand and its creator. While the money is held
 * either may open one (a quiet card); an open dispute is shown prominently with its thread and, for
 * whoever opened it, Withdraw; a resolved one says where the money went and why. Nothing shows for a
 * hire that never had a dispute and cannot have one (no money held).
 */
export function DisputePanel({ applicationId, viewerId }: { applicationId: string; viewerId: string }) {
  const { data, isPending, isError, error, refetch } = useHireDispute(applicationId);
  const { t } = useT(disputesCatalog);

  if (isPending) return null;
  if (isError) {
    // Someone who is not a party gets PT404: there is nothing of theirs to show.
    if ((error as { code?: unknown }).code === 'PT404') return null;
    return (
      <p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-800">
        {t('disputes.panel.loadError')}
      </p>
    );
  }
  if (!data) return null;
  const dispute = data.id !== null && data.status !== null ? (data as ExistingDispute) : null;
  if (dispute && isActive(dispute.status)) return <ActiveDispute dispute={dispute} applicationId={applicationId} viewerId={viewerId} />;
  if (dispute?.status === 'resolved') return <ResolvedDispute dispute={dispute} />;
  if (!data.can_open && dispute?.status !== 'withdrawn') return null;
  return <NoOpenDispute hire={data} withdrawn={dispute} viewerId={viewerId} applicationId={applicationId} onStale={() => void refetch()} />;
}

/** The quiet card: something wrong? Open a dispute; with the dispute withdrawn before, if any. */
function NoOpenDispute({
  hire,
  withdrawn,
  viewerId,
  applicationId,
  onStale,
}: {
  hire: HireDispute;
  withdrawn: ExistingDispute | null;
  viewerId: string;
  applicationId: string;
  onStale: () => void;
}) {
  const f = useFormat();
  const headingId = useId();
  const [opening, setOpening] = useState(false);
  const { t } = useT(disputesCatalog);
  return (
    <Card className="p-5">
      <section aria-labelledby={headingId} className="space-y-3">
        <h2 id={headingId} className="text-base font-semibold text-slate-900">
          {t(hire.can_open ? 'disputes.open.cardTitle' : 'disputes.panel.title')}
        </h2>
        {withdrawn && (
          <p className="text-sm text-slate-600">
            {withdrawn.opened_by === viewerId
              ? t('disputes.withdrawn.mine', { date: f.date(withdrawn.withdrawn_at ?? withdrawn.created_at ?? new Date()) })
              : t('disputes.withdrawn.text', {
                  name: withdrawn.opened_by_name ?? t('disputes.deletedUser'),
                  date: f.date(withdrawn.withdrawn_at ?? withdrawn.created_at ?? new Date()),
                })}
          </p>
        )}
        {hire.can_open && (
          <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
            <p className="text-sm text-slate-700">{t('disputes.open.cardText')}</p>
            <Button variant="secondary" className="shrink-0" onClick={() => setOpening(true)}>
              {t('disputes.open.button')}
            </Button>
          </div>
        )}
      </section>
      {hire.can_open && (
        <OpenDisputeDialog
          open={opening}
          applicationId={applicationId}
          heldCents={hire.held_cents}
          onClose={() => setOpening(false)}
          onStale={onStale}
        />
      )}
    </Card>
  );
}

/** An open dispute (or one an admin's decision is being carried out on): prominent, with its thread. */
function ActiveDispute({ dispute, applicationId, viewerId }: { dispute: ExistingDispute; applicationId: string; viewerId: string }) {
  const f = useFormat();
  const headingId = useId();
  const { t } = useT(disputesCatalog);
  const resolving = dispute.status === 'resolving';
  return (
    <Card className="border-red-300 p-6 ring-1 ring-red-200">
      <section aria-labelledby={headingId} className="space-y-5">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <div className="flex flex-wrap items-center gap-3">
            <h2 id={headingId} className="text-lg font-semibold text-slate-900">
              {t('disputes.active.title')}
            </h2>
            <DisputeStatusBadge status={dispute.status} />
          </div>
          {dispute.opened_by === viewerId && dispute.status === 'open' && <WithdrawDisputeButton disputeId={dispute.id} applicationId={applicationId} />}
        </div>
        <p className="rounded-md bg-red-50 p-3 text-sm text-red-900">
          {resolving ? t('disputes.active.resolving') : t('disputes.active.frozen', { amount: f.money(Number(dispute.held_cents ?? dispute.amount_cents ?? 0)) })}
        </p>
        <DisputeDetails dispute={dispute} showHeld />
        <DisputeThread messages={dispute.messages} reply={{ disputeId: dispute.id, applicationId }} />
      </section>
    </Card>
  );
}

/** A resolved dispute: where the money went, the admin's note and who decided, then the record read-only. */
function ResolvedDispute({ dispute }: { dispute: ExistingDispute }) {
  const headingId = useId();
  const { t } = useT(disputesCatalog);
  return (
    <Card className="p-6">
      <section aria-labelledby={headingId} className="space-y-5">
        <div className="flex flex-wrap items-center gap-3">
          <h2 id={headingId} className="text-lg font-semibold text-slate-900">
            {t('disputes.resolved.title')}
          </h2>
          <DisputeStatusBadge status={dispute.status} />
        </div>
        <DisputeResolution dispute={dispute} />
        <DisputeDetails dispute={dispute} showHeld={false} />
        <DisputeThread messages={dispute.messages} />
      </section>
    </Card>
  );
}
