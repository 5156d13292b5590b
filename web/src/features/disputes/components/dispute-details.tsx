import type { ReactNode } from 'react';
import { useFormat } from '@/i18n/format';
import { useT } from '@/i18n/use-t';
import { disputesCatalog } from '../messages/catalog';
import { disputeRoleText, reasonText } from '../messages/disputes-text';
import type { ExistingDispute } from '../types';

/**
 * What a dispute is about: its reason, who opened it and when, the money it holds (while it does), the
 * opener's description and evidence links. The same for the parties and for the admin deciding it.
 */
export function DisputeDetails({ dispute, showHeld }: { dispute: ExistingDispute; showHeld: boolean }) {
  const f = useFormat();
  const { t } = useT(disputesCatalog);
  const links = dispute.evidence_urls ?? [];
  return (
    <dl className="grid gap-4 sm:grid-cols-3">
      <Item label={t('disputes.details.reason')}>{reasonText(t, dispute.reason)}</Item>
      <Item label={t('disputes.details.openedBy')}>
        {t('disputes.details.openedByValue', {
          name: dispute.opened_by_name ?? t('disputes.deletedUser'),
          role: disputeRoleText(t, dispute.opened_by_role),
          date: dispute.created_at ? f.dateTime(dispute.created_at) : '',
        })}
      </Item>
      {showHeld && dispute.held_cents !== null && (
        <Item label={t('disputes.details.held')}>
          <span className="font-semibold">{f.money(Number(dispute.held_cents))}</span>
        </Item>
      )}
      <Item label={t('disputes.details.details')} wide>
        <span className="whitespace-pre-line break-words">{dispute.details}</span>
      </Item>
      <Item label={t('disputes.details.evidence')} wide>
        {links.length === 0 ? (
          <span className="text-slate-600">{t('disputes.details.noEvidence')}</span>
        ) : (
          <ul className="list-disc space-y-1 pl-5">
            {links.map((url, i) => (
              // The same link may be given twice: its position keeps the keys apart (links never move).
              <li key={`${i}-${url}`}>
                <a href={url} target="_blank" rel="noopener noreferrer nofollow" className="break-all text-brand-700 hover:underline">
                  {url}
                </a>
              </li>
            ))}
          </ul>
        )}
      </Item>
    </dl>
  );
}

function Item({ label, wide, children }: { label: string; wide?: boolean; children: ReactNode }) {
  return (
    <div className={wide ? 'sm:col-span-3' : undefined}>
      <dt className="text-sm font-medium text-slate-600">{label}</dt>
      <dd className="mt-1 text-sm text-slate-900">{children}</dd>
    </div>
  );
}
