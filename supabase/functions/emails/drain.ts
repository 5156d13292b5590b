import type { ApiClient } from '../_shared/user-client.ts';
import { renderEmail, type OutboxEmail } from './render/render-email.ts';
import { type EmailAttachment, type EmailTransport, SendFailure } from './transport.ts';
import { type Category, signUnsubscribeToken } from './unsubscribe-token.ts';

export interface DrainOptions {
  from: string;
  siteUrl: string;
  /** Where one-click unsubscribe POSTs go (RFC 8058): this function's /emails/unsubscribe. */
  functionsUrl: string;
  secret: string;
  batchSize?: number;
  /** Stop claiming new batches after this long, so a run ends before the next minute's. */
  budgetMs?: number;
  log?: (line: string) => void;
  /** Has the documents function draw the PDFs not drawn yet (a receipt emailed before its minute's run). */
  renderDocuments: () => Promise<void>;
}

/** What api.email_document returns for a payment_receipt email. */
interface EmailDocument {
  document_id: string;
  kind: 'receipt' | 'refund_receipt';
  document_number: string;
  storage_path: string | null;
  amount_cents: number;
  fee_cents: number;
  campaign_title: string | null;
}

async function emailDocument(db: ApiClient, emailId: string): Promise<EmailDocument> {
  const rows = dataOf('email_document', await db.rpc('email_document' as never, { email_id: emailId } as never)) as EmailDocument[] | null;
  // The outbox row names a document that is not its recipient's receipt: no retry can change that.
  if (!rows?.length) throw new SendFailure('the receipt of this email was not found', false);
  return rows[0]!;
}

/**
 * A receipt email: its figures (merged into the row's data for the text) and its PDF, drawn first by the
 * documents function if the minute's run has not drawn it yet, then read from the private bucket.
 */
async function receiptAttachment(db: ApiClient, email: OutboxEmail, o: DrainOptions): Promise<{ data: Record<string, unknown>; file: EmailAttachment }> {
  let doc = await emailDocument(db, email.id);
  if (!doc.storage_path) {
    await o.renderDocuments();
    doc = await emailDocument(db, email.id);
    if (!doc.storage_path) throw new SendFailure(`${doc.document_number} is not drawn yet`, false);
  }
  const file = await db.storage.from('documents').download(doc.storage_path);
  if (file.error || !file.data) throw new SendFailure(`${doc.document_number}: ${file.error?.message ?? 'no file'}`, false);
  return {
    data: { ...email.data, kind: doc.kind, document_number: doc.document_number, amount_cents: doc.amount_cents, fee_cents: doc.fee_cents, campaign_title: doc.campaign_title },
    file: { filename: `${doc.document_number}.pdf`, contentType: 'application/pdf', content: new Uint8Array(await file.data.arrayBuffer()) },
  };
}

export interface DrainResult {
  sent: number;
  retrying: number;
  failed: number;
}

/** The data of an rpc answer, or its error thrown with the function's name. */
function dataOf<T>(fn: string, answer: { data: T; error: { message: string } | null }): T {
  if (answer.error) throw new Error(`${fn}: ${answer.error.message}`);
  return answer.data;
}

/**
 * Sends what the outbox holds: claims a batch (rows are held for two minutes, so two runs never send
 * the same row), sends each, records the outcome; again until nothing is due or the budget is spent.
 */
export async function drainOutbox(db: ApiClient, transport: EmailTransport, o: DrainOptions): Promise<DrainResult> {
  const result: DrainResult = { sent: 0, retrying: 0, failed: 0 };
  const started = Date.now();
  while (Date.now() - started < (o.budgetMs ?? 45_000)) {
    const batch = dataOf('email_claim', await db.rpc('email_claim', { batch_size: o.batchSize ?? 50 })) as OutboxEmail[];
    if (!batch.length) break;
    await Promise.all(batch.map((email) => sendOne(db, transport, email, o, result)));
  }
  return result;
}

async function sendOne(db: ApiClient, transport: EmailTransport, email: OutboxEmail, o: DrainOptions, result: DrainResult) {
  try {
    // Account emails (a brand's approval) are not a setting's: no unsubscribe link or header.
    const token = email.category === 'account' ? null : await signUnsubscribeToken(o.secret, email.user_id, email.category as Category);
    const unsubscribeUrl = token ? `${o.siteUrl}/unsubscribe?token=${encodeURIComponent(token)}` : null;
    const receipt = email.template === 'payment_receipt' ? await receiptAttachment(db, email, o) : null;
    const rendered = renderEmail(receipt ? { ...email, data: receipt.data } : email, { siteUrl: o.siteUrl, unsubscribeUrl });
    await transport.send({
      id: email.id,
      from: o.from,
      to: email.to_address,
      ...rendered,
      headers: token
        ? {
            'List-Unsubscribe': `<${o.functionsUrl}/emails/unsubscribe?token=${encodeURIComponent(token)}>`,
            'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
          }
        : {},
      attachments: receipt ? [receipt.file] : [],
    });
    dataOf('email_sent', await db.rpc('email_sent', { email_id: email.id }));
    result.sent += 1;
  } catch (e) {
    const permanent = e instanceof SendFailure && e.permanent;
    const message = (e as Error).message ?? String(e);
    o.log?.(`emails: ${email.id} to ${email.to_address} failed (attempt ${email.attempts}${permanent ? ', permanent' : ''}): ${message}`);
    const outcome = dataOf('email_failed', await db.rpc('email_failed', { email_id: email.id, error: message, permanent }));
    if (outcome === 'failed') result.failed += 1;
    else result.retrying += 1;
  }
}
