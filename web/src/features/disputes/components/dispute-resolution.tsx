import { useFormat } from '@/i18n/format';
import { useT } from '@/i18n/use-t';
import { disputesCatalog } from '../messages/catalog';
import { outcomeText } from '../messages/disputes-text';
import type { ExistingDispute } from '../types';

/** An admin's decision: the outcome in words, the fee note when the creator got money, the admin's note, who and when. */
export function DisputeResolution({ dispute }: { dispute: ExistingDispute }) {
  const f = useFormat();
  const { t } = useT(disputesCatalog);
  const { outcome } = dispute;
  if (!outcome) return null;
  return (
    <div className="space-y-3 rounded-md border border-green-200 bg-green-50 p-4">
      <p className="text-sm font-semibold text-green-900">{outcomeText(t, f.money, { ...dispute, outcome })}</p>
      {Number(dispute.creator_cents ?? 0) > 0 && <p className="text-sm text-green-900">{t('disputes.resolved.fee')}</p>}
      {dispute.resolution_note && (
        <figure>
          <figcaption className="text-sm font-medium text-slate-700">{t('disputes.resolved.note')}</figcaption>
          <blockquote className="mt-1 text-sm whitespace-pre-line break-words text-slate-900">{dispute.resolution_note}</blockquote>
        </figure>
      )}
      {dispute.resolved_at && (
        <p className="text-xs text-slate-700">
          {t('disputes.resolved.by', { name: dispute.resolved_by_name ?? t('disputes.deletedUser'), date: f.dateTime(dispute.resolved_at) })}
        </p>
      )}
    </div>
  );
}
