// Draws the PDFs of documents that have none yet and stores them in the private `documents` bucket at
// <owner id>/<document number>.pdf. Re-running is harmless: the upload overwrites the same bytes and the
// recorded path never changes once set.
import { receiptPdf, type ReceiptData, statementPdf, type StatementData } from '../_shared/documents/builders.ts';
import type { ApiClient } from '../_shared/user-client.ts';

interface Pending {
  id: string;
  kind: 'receipt' | 'refund_receipt' | 'statement';
  owner_id: string;
  document_number: string;
  content: unknown;
}

export async function renderPending(service: ApiClient, log: (line: string) => void): Promise<{ rendered: string[]; failed: string[] }> {
  const { data, error } = await service.rpc('documents_to_render' as never, { max_rows: 50 } as never);
  if (error) throw new Error(`documents_to_render: ${error.message}`);
  const rendered: string[] = [];
  const failed: string[] = [];
  for (const d of (data ?? []) as Pending[]) {
    try {
      const pdf = d.kind === 'statement' ? await statementPdf(d.content as StatementData) : await receiptPdf(d.content as ReceiptData);
      const path = `${d.owner_id}/${d.document_number}.pdf`;
      const up = await service.storage.from('documents').upload(path, new Blob([pdf as Uint8Array<ArrayBuffer>], { type: 'application/pdf' }), {
        contentType: 'application/pdf',
        upsert: true,
      });
      if (up.error) throw new Error(up.error.message);
      const done = await service.rpc('document_rendered' as never, { document_id: d.id, path } as never);
      if (done.error) throw new Error(done.error.message);
      rendered.push(d.document_number);
    } catch (e) {
      log(`documents: ${d.document_number} not rendered: ${(e as Error).message}`);
      failed.push(d.document_number);
    }
  }
  return { rendered, failed };
}
