import { Description, Dialog, DialogBackdrop, DialogPanel, DialogTitle } from '@headlessui/react';
import { type ReactNode, useEffect, useRef } from 'react';
import { Button } from '@/components/ui/button';
import { useFormat } from '@/i18n/format';
import { useT } from '@/i18n/use-t';
import { platformLabel } from '@/lib/format';
import type { CampaignInput } from '../types';
import { compensationTypeText } from '../messages/campaign-text';
import { campaignsCatalog } from '../messages/catalog';

/**
 * The last step before a campaign goes live (issue 30, item 8): what creators will see (title,
 * compensation, deadline, platforms, requirements), with Publish and Keep editing. Headless UI dialog;
 * "Keep editing" gets the focus (also on touch devices, where Headless UI moves none) so a stray Enter
 * does not publish. Closing keeps everything typed in the form. Platforms are listed in the order the
 * campaign page lists them (stored as a sorted set by app.normalize_platforms).
 */
export function PublishConfirmDialog({ input, pending, onConfirm, onClose }: {
  input: CampaignInput | null;
  pending: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const backRef = useRef<HTMLButtonElement>(null);
  const open = input !== null;
  useEffect(() => {
    if (!open) return;
    const frame = requestAnimationFrame(() => backRef.current?.focus());
    return () => cancelAnimationFrame(frame);
  }, [open]);
  const f = useFormat();
  // The last hook: see useT's note in messages/catalog.ts.
  const { t } = useT(campaignsCatalog);
  return (
    <Dialog open={open} onClose={() => !pending && onClose()} className="relative z-50">
      <DialogBackdrop className="fixed inset-0 bg-slate-900/50" />
      <div className="fixed inset-0 flex items-center justify-center overflow-y-auto p-4">
        <DialogPanel className="w-full max-w-lg rounded-lg bg-white p-6 shadow-xl">
          <DialogTitle className="text-lg font-semibold text-slate-900">{t('campaigns.publish.title')}</DialogTitle>
          <Description className="mt-2 text-sm text-slate-700">{t('campaigns.publish.description')}</Description>
          {input && (
            <section aria-label={t('campaigns.publish.summary')} className="mt-4 rounded-md border border-slate-200 p-4">
              <h3 className="text-base font-semibold break-words text-slate-900">{input.title}</h3>
              <dl className="mt-3 space-y-2 text-sm">
                <SummaryRow term={t('campaigns.field.compensation')}>
                  {t('campaigns.facts.compensation', { amount: f.money(input.compensation_cents), type: compensationTypeText(t, input.compensation_type) })}
                </SummaryRow>
                <SummaryRow term={t('campaigns.field.deadline')}>{f.date(input.deadline)}</SummaryRow>
                <SummaryRow term={t('campaigns.field.platforms')}>{[...input.platforms].sort().map(platformLabel).join(', ')}</SummaryRow>
                <SummaryRow term={t('campaigns.field.requirements')}>
                  <span className="whitespace-pre-line">{input.requirements ?? t('campaigns.publish.noRequirements')}</span>
                </SummaryRow>
              </dl>
            </section>
          )}
          <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="secondary" onClick={onClose} disabled={pending} ref={backRef} data-autofocus>
              {t('campaigns.publish.back')}
            </Button>
            <Button onClick={onConfirm} pending={pending}>
              {t('campaigns.publish.confirm')}
            </Button>
          </div>
        </DialogPanel>
      </div>
    </Dialog>
  );
}

function SummaryRow({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="grid gap-1 sm:grid-cols-[8rem_1fr] sm:gap-3">
      <dt className="text-slate-600">{term}</dt>
      <dd className="min-w-0 break-words text-slate-900">{children}</dd>
    </div>
  );
}
