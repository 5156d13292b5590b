import { useId } from 'react';
import { useFormat } from '@/i18n/format';
import { useT } from '@/i18n/use-t';
import type { Draft } from '../api/drafts';
import { deliverablesCatalog } from '../messages/catalog';

const STATUS_STYLE: Record<string, string> = {
  submitted: 'bg-amber-50 text-amber-800 ring-amber-200',
  changes_requested: 'bg-orange-50 text-orange-800 ring-orange-200',
  approved: 'bg-emerald-50 text-emerald-800 ring-emerald-200',
};
const STATUSES = ['submitted', 'changes_requested', 'approved'] as const;

/** A size as people read it: KB under a megabyte, MB with one decimal under a gigabyte. */
function useSize(): (bytes: number) => string {
  const f = useFormat();
  return (bytes) => {
    if (bytes < 1024 * 1024) return `${f.number(Math.max(1, Math.round(bytes / 1024)))} KB`;
    if (bytes < 1024 ** 3) return `${f.number(Math.round((bytes / 1024 ** 2) * 10) / 10)} MB`;
    return `${f.number(Math.round((bytes / 1024 ** 3) * 100) / 100)} GB`;
  };
}

/** Every draft of the hire, newest first: its round, file, date, the brand's decision and note. Both sides read it. */
export function DraftRounds({ drafts }: { drafts: Draft[] }) {
  const f = useFormat();
  const size = useSize();
  const titleId = useId();
  const { t } = useT(deliverablesCatalog);
  return (
    <section aria-labelledby={titleId}>
      <h4 id={titleId} className="text-sm font-semibold text-slate-900">
        {t('deliverables.drafts.history')}
      </h4>
      <ol className="mt-2 divide-y divide-slate-200 rounded-md border border-slate-200 bg-white">
        {[...drafts].reverse().map((d) => {
          const status = STATUSES.find((s) => s === d.status);
          return (
            <li key={d.id} className="space-y-1 p-3 text-sm">
              <article aria-label={t('deliverables.drafts.round', { round: d.round })}>
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <h5 className="font-medium text-slate-900">{t('deliverables.drafts.round', { round: d.round })}</h5>
                  {status && (
                    <span className={`inline-flex rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset ${STATUS_STYLE[status]}`}>
                      {t(`deliverables.drafts.status.${status}`)}
                    </span>
                  )}
                </div>
                <p className="text-slate-600">
                  {t(d.kind === 'image' ? 'deliverables.drafts.file.image' : 'deliverables.drafts.file.video', { size: size(d.size_bytes) })} ·{' '}
                  {t('deliverables.drafts.uploadedOn', { date: f.dateTime(d.uploaded_at) })}
                </p>
                {d.brand_note && (
                  <p className="mt-1 whitespace-pre-line break-words text-slate-800">
                    <span className="font-medium">{t('deliverables.drafts.noteLabel')}</span> {d.brand_note}
                  </p>
                )}
              </article>
            </li>
          );
        })}
      </ol>
    </section>
  );
}
