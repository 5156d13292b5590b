import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { documentKeys } from '@/lib/query-keys';
import { rpc, supabase } from '@/lib/supabase';

export type DocumentKind = 'receipt' | 'refund_receipt' | 'statement';

/** One row of api.my_documents: a brand's receipts or a creator's statements, newest first. */
export interface MyDocument {
  id: string;
  kind: DocumentKind | (string & {});
  document_number: string;
  created_at: string;
  period_start: string | null;
  campaign_title: string | null;
  amount_cents: number | null;
  storage_path: string | null;
}

export function useMyDocuments() {
  // Documents are drawn by a background job within a minute: read fresh on every visit.
  return useQuery(queryOptions({ queryKey: documentKeys.mine(), queryFn: () => rpc<MyDocument[]>('my_documents'), staleTime: 0 }));
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
