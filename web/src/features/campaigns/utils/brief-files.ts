/** The briefs bucket's rules (supabase/migrations/20250128000000_storage_buckets_and_policies.sql), checked before an upload starts. */
export const BRIEF_FILE_TYPES = ['application/pdf', 'image/jpeg', 'image/png', 'image/webp'] as const;
export const BRIEF_MAX_BYTES = 25 * 1024 * 1024;
/** api.attach_brief_file's limit. */
export const BRIEF_MAX_FILES = 5;
/** The name shown is cut to the database's 200 characters. */
const MAX_NAME = 200;

export type BriefFileProblem = 'type' | 'size';

/** Why a chosen file cannot be a brief attachment, or null. */
export function briefFileProblem(file: { type: string; size: number }): BriefFileProblem | null {
  if (!(BRIEF_FILE_TYPES as readonly string[]).includes(file.type)) return 'type';
  if (file.size > BRIEF_MAX_BYTES) return 'size';
  return null;
}

/** The name shown for a file: its own, without control characters, at most 200 characters. */
export function briefShownName(name: string): string {
  const clean = name.replace(/[\u0000-\u001f\u007f]/g, '').trim().slice(0, MAX_NAME);
  return clean || 'file';
}

/**
 * The object's key: the campaign's folder (which the Storage policy and attach_brief_file check), then a
 * time and a plain-ASCII form of the name, so no key carries characters Storage refuses.
 */
export function briefObjectPath(campaignId: string, name: string, now: number): string {
  const plain = name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/[^\w.-]+/g, '-')
    .replace(/-+\./g, '.')
    .replace(/^[-.]+|-+$/g, '')
    .toLowerCase()
    .slice(-80);
  return `${campaignId}/${now}-${plain || 'file'}`;
}

/** Megabytes with one decimal, for the limits. */
export function briefFileMegabytes(bytes: number): number {
  return Math.max(0.1, Math.round((bytes / (1024 * 1024)) * 10) / 10);
}

/** A file's size as the list shows it: whole kilobytes under a megabyte, else megabytes with one decimal. */
export function briefFileSize(bytes: number): { unit: 'kb' | 'mb'; size: number } {
  return bytes < 1024 * 1024 ? { unit: 'kb', size: Math.max(1, Math.round(bytes / 1024)) } : { unit: 'mb', size: briefFileMegabytes(bytes) };
}
