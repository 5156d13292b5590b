import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { deliverableKeys } from '@/lib/query-keys';
import { rpc, supabase } from '@/lib/supabase';
import type { ApiRow, Nullable, Refine } from '@/types/api-contract';

/** The status of a draft: awaiting the brand's review, sent back with a note, or approved (final). */
export type DraftStatus = 'submitted' | 'changes_requested' | 'approved';

/** One row of api.hire_drafts(application_id), oldest round first. */
export type Draft = Refine<Nullable<ApiRow<'hire_drafts'>, 'brand_note' | 'decided_at'>, { status: DraftStatus | (string & {}); kind: 'video' | 'image' | (string & {}) }>;

/** api.hire_draft_review: does the hire's campaign ask for draft review, and is a draft approved? */
export type DraftReviewState = ApiRow<'hire_draft_review'>;

// The other party acts from another browser: coming back to the page asks again.
const live = { staleTime: 0, refetchOnWindowFocus: true } as const;

export function useHireDrafts(applicationId: string) {
  return useQuery(queryOptions({ queryKey: deliverableKeys.drafts(applicationId), queryFn: () => rpc<Draft[]>('hire_drafts', { application_id: applicationId }), ...live }));
}

export function useDraftReviewState(applicationId: string) {
  return useQuery(
    queryOptions({
      queryKey: deliverableKeys.draftReviewState(applicationId),
      queryFn: async () => (await rpc<DraftReviewState[]>('hire_draft_review', { application_id: applicationId }))[0] ?? { required: false, approved: false },
      ...live,
    }),
  );
}

/** An hour: long enough to watch a long draft; Storage answers Range requests on it, so the player seeks. */
const SIGNED_SECONDS = 3600;

/** A signed URL of a draft's file, renewed well before it expires. */
export function useDraftUrl(path: string) {
  return useQuery({
    queryKey: deliverableKeys.draftSignedUrl(path),
    queryFn: async () => {
      const { data, error } = await supabase.storage.from('drafts').createSignedUrl(path, SIGNED_SECONDS);
      if (error) throw error;
      return data.signedUrl;
    },
    staleTime: (SIGNED_SECONDS - 600) * 1000,
    refetchInterval: (SIGNED_SECONDS - 600) * 1000,
  });
}

/** api.register_draft: the uploaded file becomes the hire's next round, awaiting the brand's review. */
export function useRegisterDraft(applicationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (storagePath: string) => rpc<string>('register_draft', { application_id: applicationId, storage_path: storagePath }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: deliverableKeys.drafts(applicationId) }),
  });
}

export type DraftDecision = 'approved' | 'changes_requested';

/** api.review_draft: the brand approves the draft or requests changes with a note. */
export function useReviewDraft(applicationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ draftId, decision, note }: { draftId: string; decision: DraftDecision; note: string }) =>
      rpc<null>('review_draft', { draft_id: draftId, decision, note: note.trim() || null }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: deliverableKeys.drafts(applicationId) }),
  });
}
