import type { ReactNode } from 'react';
import { FormDialog } from '@/components/form-dialog';
import { useFormat } from '@/i18n/format';
import { useT } from '@/i18n/use-t';
import { platformLabel } from '@/lib/format';
import type { CampaignInput } from '../types';
import { compensationTypeText } from '../messages/campaign-text';
import { campaignsCatalog } from '../messages/catalog';

/**
 * The last step before a campaign goes live (issue 30, item 8): what creators will see (title,
 * compensation, deadline, platforms, requirements), with Publish and Keep editing. "Keep editing" gets
 * the focus so a stray Enter does not publish. Closing keeps everything typed in the form. Platforms are
 * listed in the order the campaign page lists them (stored as a sorted set by app.normalize_platforms).
 */
export function PublishConfirmDialog({ input, pending, onConfirm, onClose }: {
  input: CampaignInput | null;
  pending: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const f = useFormat();
  const { t } = useT(campaignsCatalog);
  return (
    <FormDialog
      open={input !== null}
      onClose={onClose}
      pending={pending}
      title={t('campaigns.publish.title')}
      description={t('campaigns.publish.description')}
      onSubmit={onConfirm}
      cancelLabel={t('campaigns.publish.back')}
      submitLabel={t('campaigns.publish.confirm')}
      focusCancel
    >
      {input && (
        <section aria-label={t('campaigns.publish.summary')} className="rounded-md border border-slate-200 p-4">
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
    </FormDialog>
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
