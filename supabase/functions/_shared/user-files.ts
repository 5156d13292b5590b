import type { ApiClient } from './user-client.ts';

/** The buckets whose objects sit under their owner's id as the first folder (supabase/schemas/files.sql). */
export const OWNER_FOLDER_BUCKETS = ['avatars', 'logos', 'portfolio'] as const;

const PAGE = 100;

/**
 * Removes every object a user owns by folder, through Storage (which deletes the bytes, not only the rows),
 * and answers how many went. Drafts and briefs are not theirs alone: they belong to a hire or a campaign,
 * and go when that hire or campaign went with the profile. Called with the service role after the user is deleted.
 */
export async function removeUserFiles(service: ApiClient, userId: string): Promise<number> {
  let removed = 0;
  for (const bucket of OWNER_FOLDER_BUCKETS) removed += await removeFolder(service, bucket, userId);
  // The hires and campaigns that went with the profile leave their drafts and brief folders unreachable.
  const { data, error } = await service.rpc('orphan_file_folders');
  if (error) throw new Error(`finding orphaned folders: ${error.message}`);
  for (const { bucket, folder } of data ?? []) removed += await removeFolder(service, bucket, folder);
  return removed;
}

async function removeFolder(service: ApiClient, bucket: string, folder: string): Promise<number> {
  const store = service.storage.from(bucket);
  let removed = 0;
  let previous = '';
  for (;;) {
    const { data, error } = await store.list(folder, { limit: PAGE });
    if (error) throw new Error(`listing ${bucket}/${folder}: ${error.message}`);
    const entries = data ?? [];
    // A folder is listed with a null id: its objects are removed by going into it.
    for (const sub of entries.filter((e) => e.id === null)) removed += await removeFolder(service, bucket, `${folder}/${sub.name}`);
    const names = entries.filter((e) => e.id !== null).map((e) => `${folder}/${e.name}`);
    if (names.length === 0) return removed;
    // The same page twice means nothing was removed: stop rather than loop.
    const page = names.join('\n');
    if (page === previous) throw new Error(`removing ${bucket}/${folder}: the objects are still there`);
    previous = page;
    const { error: removeError } = await store.remove(names);
    if (removeError) throw new Error(`removing from ${bucket}/${folder}: ${removeError.message}`);
    removed += names.length;
  }
}
