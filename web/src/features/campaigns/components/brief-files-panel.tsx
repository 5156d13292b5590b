import { useId } from 'react';
import { Card } from '@/components/ui/card';
import { buttonClasses } from '@/components/ui/button';
import { useT } from '@/i18n/use-t';
import { useBriefAttachments } from '../api/brief-attachments';
import { campaignsCatalog } from '../messages/catalog';
import { FileSize } from './file-size';

/**
 * The brief's files with download links (signed, five minutes) for the campaign's brand, its hired
 * creators and admins. Anyone else gets no rows from the database, so nothing is drawn: an applicant does
 * not learn that there are files (decision 0050).
 */
export function BriefFilesPanel({ campaignId }: { campaignId: string }) {
  const list = useBriefAttachments(campaignId);
  const headingId = useId();
  const { t } = useT(campaignsCatalog);
  const files = list.data ?? [];
  if (!files.length) return null;
  return (
    <Card className="p-4 sm:p-6">
      <section aria-labelledby={headingId}>
        <h2 id={headingId} className="text-lg font-semibold text-slate-900">
          {t('campaigns.brief.title')}
        </h2>
        <p className="mt-1 text-sm text-slate-600">{t('campaigns.brief.panelLead')}</p>
        <ul className="mt-3 divide-y divide-slate-200 rounded-md border border-slate-200">
          {files.map((f) => (
            <li key={f.id} className="flex items-center justify-between gap-3 px-3 py-2 text-sm">
              <span className="min-w-0 truncate text-slate-800" title={f.file_name}>
                {f.file_name}
              </span>
              <span className="flex shrink-0 items-center gap-3">
                <FileSize bytes={f.size_bytes} />
                {f.url && (
                  <a href={f.url} download={f.file_name} className={buttonClasses('secondary', 'sm')} aria-label={t('campaigns.brief.downloadName', { name: f.file_name })}>
                    {t('campaigns.brief.download')}
                  </a>
                )}
              </span>
            </li>
          ))}
        </ul>
      </section>
    </Card>
  );
}
