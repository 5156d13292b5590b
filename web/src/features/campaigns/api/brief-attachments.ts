import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { campaignKeys } from '@/lib/query-keys';
import { rpc, supabase } from '@/lib/supabase';
import { uploadVerified } from '@/lib/verified-upload';
import { briefObjectPath, briefShownName } from '../utils/brief-files';

export interface BriefAttachment {
  id: string;
  file_name: string;
  path: string;
  size_bytes: number;
  mime: string;
  created_at: string;
}

/** A signed link lives this long: long enough to click, short enough that a forwarded link soon dies. */
const LINK_SECONDS = 300;

/**
 * api.brief_attachments with a short-lived download link for each (decision 0050). The campaign's brand,
 * its hired creators and admins get the files; anyone else an empty list, so the section is not drawn.
 */
export async function getBriefAttachments(campaignId: string): Promise<Array<BriefAttachment & { url: string | null }>> {
  const rows = await rpc<BriefAttachment[]>('brief_attachments', { campaign_id: campaignId });
  if (!rows.length) return [];
  const { data } = await supabase.storage.from('briefs').createSignedUrls(rows.map((r) => r.path), LINK_SECONDS, { download: true });
  const urls = new Map((data ?? []).map((d) => [d.path, d.error ? null : d.signedUrl]));
  return rows.map((r) => ({ ...r, url: urls.get(r.path) ?? null }));
}

export function useBriefAttachments(campaignId: string) {
  // Refetched before the links expire.
  return useQuery({ queryKey: campaignKeys.briefFiles(campaignId), queryFn: () => getBriefAttachments(campaignId), staleTime: (LINK_SECONDS - 60) * 1000 });
}

/**
 * Uploads the file into the campaign's folder, has its content checked (UploadRefused otherwise), then
 * lists it on the brief; a refused attach removes the uploaded file again.
 */
export async function attachBriefFile(campaignId: string, file: File): Promise<void> {
  const path = briefObjectPath(campaignId, file.name, Date.now());
  await uploadVerified('briefs', path, file, { contentType: file.type });
  try {
    await rpc<string>('attach_brief_file', { campaign_id: campaignId, path, file_name: briefShownName(file.name) });
  } catch (e) {
    await supabase.storage.from('briefs').remove([path]);
    throw e;
  }
}

/** Takes the file off the brief, then deletes it from Storage. */
export async function removeBriefFile(attachmentId: string): Promise<void> {
  const path = await rpc<string>('remove_brief_file', { attachment_id: attachmentId });
  // A file left behind is unreachable (nothing lists it): its error is not the brand's.
  await supabase.storage.from('briefs').remove([path]);
}

export function useAttachBriefFile(campaignId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => attachBriefFile(campaignId, file),
    onSettled: () => queryClient.invalidateQueries({ queryKey: campaignKeys.briefFiles(campaignId) }),
  });
}

export function useRemoveBriefFile(campaignId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeBriefFile,
    onSettled: () => queryClient.invalidateQueries({ queryKey: campaignKeys.briefFiles(campaignId) }),
  });
}
