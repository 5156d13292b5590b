import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { uploadCatalog } from '@/lib/upload-catalog';
import { useT } from '@/i18n/use-t';
import { UploadRefused } from '@/lib/verified-upload';
import { useAttachBriefFile, useBriefAttachments, useRemoveBriefFile } from '../api/brief-attachments';
import { campaignsCatalog } from '../messages/catalog';
import { BRIEF_MAX_BYTES, BRIEF_MAX_FILES, briefFileMegabytes } from '../utils/brief-files';
import { BriefFilePicker } from './brief-file-picker';
import { FileSize } from './file-size';

interface Row {
  key: string;
  name: string;
  size: number;
  onRemove: () => void;
}

/** One list of files with their remove buttons, for both ways of editing the brief. */
function BriefFileRows({ rows, busy }: { rows: Row[]; busy?: boolean }) {
  const { t } = useT(campaignsCatalog);
  if (!rows.length) return <p className="text-sm text-slate-600">{t('campaigns.brief.empty')}</p>;
  return (
    <ul className="divide-y divide-slate-200 rounded-md border border-slate-200">
      {rows.map((r) => (
        <li key={r.key} className="flex items-center justify-between gap-3 px-3 py-2 text-sm">
          <span className="min-w-0 truncate text-slate-800" title={r.name}>
            {r.name}
          </span>
          <span className="flex shrink-0 items-center gap-3">
            <FileSize bytes={r.size} />
            <Button variant="ghost" size="sm" disabled={busy} aria-label={t('campaigns.brief.remove', { name: r.name })} onClick={r.onRemove}>
              ✕
            </Button>
          </span>
        </li>
      ))}
    </ul>
  );
}

function BriefSection({ children, note }: { children: React.ReactNode; note?: string }) {
  const headingId = useId();
  const { t } = useT(campaignsCatalog);
  return (
    <section aria-labelledby={headingId} className="space-y-3">
      <div>
        <h2 id={headingId} className="text-lg font-semibold text-slate-900">
          {t('campaigns.brief.title')}
        </h2>
        <p className="mt-1 text-sm text-slate-600">{t('campaigns.brief.lead', { max: briefFileMegabytes(BRIEF_MAX_BYTES), count: BRIEF_MAX_FILES })}</p>
        {note && <p className="mt-1 text-sm text-slate-600">{note}</p>}
      </div>
      {children}
    </section>
  );
}

function ProblemText({ id, problem }: { id: string; problem: string | null }) {
  if (!problem) return null;
  return (
    <p id={id} role="alert" className="text-sm text-red-700">
      {problem}
    </p>
  );
}

/** The create screen's files: kept in the page until the campaign exists, then attached (create-campaign.tsx). */
export function QueuedBriefFiles({ files, onChange }: { files: File[]; onChange: (files: File[]) => void }) {
  const [problem, setProblem] = useState<string | null>(null);
  const errorId = useId();
  const { t } = useT(campaignsCatalog);
  const rows = files.map((f, i) => ({ key: `${i}-${f.name}`, name: f.name, size: f.size, onRemove: () => onChange(files.filter((x) => x !== f)) }));
  return (
    <BriefSection note={t('campaigns.brief.queuedNote')}>
      <BriefFileRows rows={rows} />
      <ProblemText id={errorId} problem={problem} />
      <BriefFilePicker count={files.length} onPick={(picked) => onChange([...files, ...picked])} onProblem={setProblem} describedBy={problem ? errorId : undefined} />
    </BriefSection>
  );
}

/** The edit screen's files: each one uploaded, checked and attached at once; removed at once. */
export function LiveBriefFiles({ campaignId }: { campaignId: string }) {
  const list = useBriefAttachments(campaignId);
  const attach = useAttachBriefFile(campaignId);
  const remove = useRemoveBriefFile(campaignId);
  const [problem, setProblem] = useState<string | null>(null);
  const errorId = useId();
  const { t } = useT(campaignsCatalog);
  const uploadText = useT(uploadCatalog).t;
  const files = list.data ?? [];

  const add = async (picked: File[]) => {
    for (const file of picked) {
      try {
        await attach.mutateAsync(file);
      } catch (e) {
        setProblem(e instanceof UploadRefused ? uploadText(e.messageKey, { name: file.name }) : t('campaigns.brief.error.attach', { name: file.name }));
        return;
      }
    }
  };
  const rows = files.map((f) => ({
    key: f.id,
    name: f.file_name,
    size: f.size_bytes,
    onRemove: () => remove.mutate(f.id, { onSuccess: () => setProblem(null), onError: () => setProblem(t('campaigns.brief.error.remove')) }),
  }));
  return (
    <BriefSection>
      {list.isPending ? <Spinner /> : <BriefFileRows rows={rows} busy={remove.isPending} />}
      {attach.isPending && (
        <p role="status" className="text-sm text-slate-600">
          {t('campaigns.brief.uploading')}
        </p>
      )}
      <ProblemText id={errorId} problem={problem} />
      <BriefFilePicker count={files.length} pending={attach.isPending} onPick={(picked) => void add(picked)} onProblem={setProblem} describedBy={problem ? errorId : undefined} />
    </BriefSection>
  );
}
