import { useId, useRef } from 'react';
import { Button } from '@/components/ui/button';
import { useT } from '@/i18n/use-t';
import { campaignsCatalog } from '../messages/catalog';
import { BRIEF_FILE_TYPES, BRIEF_MAX_BYTES, BRIEF_MAX_FILES, briefFileMegabytes, briefFileProblem } from '../utils/brief-files';

export interface BriefFilePickerProps {
  /** How many files the brief has or will have: the button stops at the limit. */
  count: number;
  pending?: boolean;
  /** The files that passed the type and size checks, at most as many as still fit. */
  onPick: (files: File[]) => void;
  /** The first refusal in the reader's words, or null once a pick is clean. */
  onProblem: (problem: string | null) => void;
  describedBy?: string;
}

/** The "Add files" button of the brief: refuses a wrong type, a file over 25 MB or a sixth file before any upload. */
export function BriefFilePicker({ count, pending, onPick, onProblem, describedBy }: BriefFilePickerProps) {
  const input = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const { t } = useT(campaignsCatalog);
  const max = briefFileMegabytes(BRIEF_MAX_BYTES);

  const pick = (list: FileList | null) => {
    const files = [...(list ?? [])];
    if (input.current) input.current.value = '';
    if (!files.length) return;
    for (const file of files) {
      const problem = briefFileProblem(file);
      if (problem) return onProblem(t(problem === 'type' ? 'campaigns.brief.error.type' : 'campaigns.brief.error.size', { name: file.name, max }));
    }
    if (count + files.length > BRIEF_MAX_FILES) return onProblem(t('campaigns.brief.error.full', { count: BRIEF_MAX_FILES }));
    onProblem(null);
    onPick(files);
  };

  return (
    <>
      <input
        ref={input}
        id={inputId}
        type="file"
        multiple
        accept={BRIEF_FILE_TYPES.join(',')}
        className="sr-only"
        tabIndex={-1}
        aria-hidden="true"
        data-testid="brief-file-input"
        onChange={(e) => pick(e.target.files)}
      />
      <Button variant="secondary" size="sm" pending={pending} disabled={count >= BRIEF_MAX_FILES} aria-describedby={describedBy} onClick={() => input.current?.click()}>
        {t('campaigns.brief.add')}
      </Button>
    </>
  );
}
