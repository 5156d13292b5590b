import { infiniteQueryOptions, useInfiniteQuery, useMutation } from '@tanstack/react-query';
import { documentKeys } from '@/lib/query-keys';
import { rpc, supabase } from '@/lib/supabase';
import type { ApiRow, Refine } from '@/types/api-contract';

export type DocumentKind = 'receipt' | 'refund_receipt' | 'statement';

/** One row of api.my_documents: a brand's receipts or a creator's statements, newest first. */
export type MyDocument = Refine<
  ApiRow<'my_documents'>,
  {
    kind: DocumentKind | (string & {});
    period_start: string | null;
    campaign_title: string | null;
    amount_cents: number | null;
    /** Null until the PDF is drawn. */
    storage_path: string | null;
  }
>;

export const DOCUMENTS_PAGE_SIZE = 20;

/** One page of documents and whether older ones follow. */
export interface DocumentsPage {
  rows: MyDocument[];
  more: boolean;
}

/** Where a page starts: after the last document shown. */
export interface DocumentsCursor {
  at: string;
  id: string;
}

/** A page of api.my_documents older than `after` (null: the newest); one row more tells whether another follows. */
export async function getDocumentsPage(after: DocumentsCursor | null): Promise<DocumentsPage> {
  const rows = await rpc<MyDocument[]>('my_documents', { before_at: after?.at ?? null, before_id: after?.id ?? null, page_size: DOCUMENTS_PAGE_SIZE + 1 });
  return { rows: rows.slice(0, DOCUMENTS_PAGE_SIZE), more: rows.length > DOCUMENTS_PAGE_SIZE };
}

/** How often the list is read again while a PDF is still being drawn (the job runs every minute). */
const PREPARING_POLL_MS = 5_000;

export function useMyDocuments() {
  return useInfiniteQuery(
    infiniteQueryOptions({
      queryKey: documentKeys.mine(),
      queryFn: ({ pageParam }) => getDocumentsPage(pageParam),
      initialPageParam: null as DocumentsCursor | null,
      getNextPageParam: (last): DocumentsCursor | undefined => {
        const tail = last.rows.at(-1);
        return last.more && tail ? { at: tail.created_at, id: tail.id } : undefined;
      },
      // Documents are drawn by a background job: read fresh on every visit, and again while one is preparing.
      staleTime: 0,
      refetchInterval: (query) => (query.state.data?.pages.some((p) => p.rows.some((d) => !d.storage_path)) ? PREPARING_POLL_MS : false),
    }),
  );
}

const SIGNED_SECONDS = 60;

/** A short-lived link to the private PDF (the bucket's policy decides who may sign it). */
export async function documentLink(path: string, fileName: string): Promise<string> {
  const { data, error } = await supabase.storage.from('documents').createSignedUrl(path, SIGNED_SECONDS, { download: fileName });
  if (error || !data) throw error ?? new Error('no link');
  return data.signedUrl;
}

export function useDownloadDocument() {
  return useMutation({
    mutationFn: async (doc: MyDocument) => {
      if (!doc.storage_path) throw new Error('not ready');
      const url = await documentLink(doc.storage_path, `${doc.document_number}.pdf`);
      window.location.assign(url);
    },
  });
}
