import { useId, useRef, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/toast';
import { useT } from '@/i18n/use-t';
import { uploadCatalog } from '@/lib/upload-catalog';
import { UploadRefused, verifyUploaded } from '@/lib/verified-upload';
import { useRegisterDraft } from '../api/drafts';
import { uploadDraft, type DraftUploadProgress } from '../api/upload-draft';
import { deliverablesCatalog } from '../messages/catalog';
import { draftErrorText } from '../messages/deliverables-text';
import { DRAFT_TYPES, draftFileProblem } from '../utils/draft-file';

/**
 * "Upload draft for review": the file's type and size checked before a byte is sent, then a resumable
 * upload with its progress (a dropped connection shows as reconnecting and continues), then the file is
 * registered as the hire's next round.
 */
export function DraftUploadForm({ applicationId }: { applicationId: string }) {
  const ids = { field: useId(), hint: useId(), error: useId(), status: useId() };
  const input = useRef<HTMLInputElement>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [progress, setProgress] = useState<DraftUploadProgress | null>(null);
  const register = useRegisterDraft(applicationId);
  const { t } = useT(deliverablesCatalog);
  const uploadText = useT(uploadCatalog).t;
  const busy = progress !== null || register.isPending;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const file = input.current?.files?.[0];
    const wrong = file ? draftFileProblem(file) : 'required';
    if (wrong || !file) {
      setProblem(t(`deliverables.drafts.problem.${wrong ?? 'required'}`));
      input.current?.focus();
      return;
    }
    setProblem(null);
    setProgress({ sent: 0, total: file.size, reconnecting: false });
    try {
      const path = await uploadDraft(applicationId, file, setProgress);
      // Registered only once its bytes were found to be what its type says (decision 0050).
      await verifyUploaded('drafts', path);
      await register.mutateAsync(path);
      if (input.current) input.current.value = '';
      toast({ title: t('deliverables.drafts.upload.done'), description: t('deliverables.drafts.upload.doneText') });
    } catch (error) {
      const description = error instanceof UploadRefused ? uploadText(error.messageKey, { name: file.name }) : draftErrorText(t, error);
      toast({ title: t('deliverables.drafts.upload.failed'), description, variant: 'destructive' });
    } finally {
      setProgress(null);
    }
  };

  const percent = progress && progress.total > 0 ? Math.floor((progress.sent / progress.total) * 100) : 0;
  return (
    <form noValidate onSubmit={submit} aria-labelledby={`${ids.field}-title`} className="space-y-3 rounded-md border border-slate-200 bg-white p-3">
      <h4 id={`${ids.field}-title`} className="text-sm font-semibold text-slate-900">
        {t('deliverables.drafts.upload.title')}
      </h4>
      <div className="space-y-1">
        <label htmlFor={ids.field} className="block text-sm font-medium text-slate-700">
          {t('deliverables.drafts.upload.field')}
        </label>
        <input
          ref={input}
          id={ids.field}
          type="file"
          accept={Object.keys(DRAFT_TYPES).join(',')}
          disabled={busy}
          aria-describedby={problem ? `${ids.error} ${ids.hint}` : ids.hint}
          aria-invalid={problem ? true : undefined}
          onChange={() => setProblem(null)}
          className="block w-full text-sm text-slate-700 file:mr-3 file:rounded-md file:border-0 file:bg-slate-100 file:px-3 file:py-2 file:text-sm file:font-medium file:text-slate-800 hover:file:bg-slate-200"
        />
        {problem && (
          <p id={ids.error} className="text-sm text-red-700">
            {problem}
          </p>
        )}
        <p id={ids.hint} className="text-xs text-slate-500">
          {t('deliverables.drafts.upload.hint')}
        </p>
      </div>
      {progress && (
        <div className="space-y-1">
          <div
            role="progressbar"
            aria-label={t('deliverables.drafts.upload.progress')}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={percent}
            aria-valuetext={t('deliverables.drafts.upload.percent', { percent })}
            className="h-2 w-full overflow-hidden rounded-full bg-slate-200"
          >
            <div className="h-full rounded-full bg-indigo-600 transition-[width]" style={{ width: `${percent}%` }} />
          </div>
          <p id={ids.status} role="status" className="text-xs text-slate-600">
            {progress.reconnecting ? t('deliverables.drafts.upload.reconnecting') : t('deliverables.drafts.upload.percent', { percent })}
          </p>
        </div>
      )}
      <Button type="submit" size="sm" pending={busy}>
        {t('deliverables.drafts.upload.submit')}
      </Button>
    </form>
  );
}
