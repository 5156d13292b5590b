/**
 * The drafts bucket's rules (migration 20250128000000), checked before a byte is sent so the creator
 * reads what is wrong at once; Storage checks them again on the server.
 */
export const DRAFT_TYPES: Readonly<Record<string, string>> = {
  'video/mp4': 'mp4',
  'video/quicktime': 'mov',
  'video/webm': 'webm',
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
};
/** 1 GB, the bucket's file_size_limit. */
export const DRAFT_MAX_BYTES = 1024 * 1024 * 1024;

export type DraftFileProblem = 'type' | 'size' | 'empty';

/** What is wrong with a chosen file for a draft, or null. */
export function draftFileProblem(file: Pick<File, 'type' | 'size'>): DraftFileProblem | null {
  if (!(file.type in DRAFT_TYPES)) return 'type';
  if (file.size === 0) return 'empty';
  if (file.size > DRAFT_MAX_BYTES) return 'size';
  return null;
}

/**
 * Where a draft goes: the hire's folder (the policies read the hire from the first folder), a name of our
 * own (the file's name may hold anything; Storage refuses control characters and the like).
 */
export function draftObjectPath(applicationId: string, type: string, now: number): string {
  return `${applicationId}/draft-${now}.${DRAFT_TYPES[type] ?? 'bin'}`;
}
