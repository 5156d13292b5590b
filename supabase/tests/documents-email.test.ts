import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acceptAndFund, become, ISABELLA } from '../../testkit/db/hire-scene.ts';
import { clearMail, mailPart, waitForMail } from '../../testkit/mail.ts';
import { startTestStack, type TestStack } from '../../testkit/test-stack.ts';
import { extractPdfText } from '../functions/_shared/documents/pdf-extract.ts';

// Decision 0057 on the whole local stack: a funding's receipt email, drained by the emails function, reaches
// the mailbox (the stack's catcher) with the receipt's PDF attached, drawn by the documents function on the
// way since no render job ran; the PDF's text names the receipt's number and amount.

let ts: TestStack;
let payment: string;
let brandEmail: string;

async function drain(): Promise<{ sent: number; retrying: number; failed: number }> {
  const res = await fetch(`${ts.url}/functions/v1/emails/drain`, { method: 'POST', headers: { authorization: `Bearer ${ts.serviceRoleKey}`, apikey: ts.anonKey } });
  expect(res.status).toBe(200);
  return (await res.json()) as { sent: number; retrying: number; failed: number };
}

beforeAll(async () => {
  ts = await startTestStack({ seed: true });
  await clearMail(ts.url);
  await ts.database.db.transaction(async (q) => {
    await q.query(`update app.platform_settings set escrow_enabled = true`);
    payment = (await acceptAndFund(q)).payment;
    await become(q, 'postgres');
    brandEmail = (await q.query<{ email: string }>(`select email from app.profiles where id = $1`, [ISABELLA.brand])).rows[0]!.email;
  });
}, 180_000);
afterAll(async () => {
  await ts?.close();
});

describe('the receipt email', () => {
  it('goes to the brand with its PDF, whose text has the receipt number and amount; sent once', async () => {
    const { rows } = await ts.database.db.query<{ document_number: string; storage_path: string | null }>(
      `select document_number, storage_path from app.documents where payment_id = $1 and kind = 'receipt'`, [payment]);
    const receipt = rows[0]!;
    expect(receipt.storage_path).toBeNull();
    expect((await drain()).failed).toBe(0);
    const mail = await waitForMail(ts.url, { to: brandEmail, subject: new RegExp(`^Receipt ${receipt.document_number}: \\$500\\.00$`) });
    expect(mail.text).toContain(`Your receipt ${receipt.document_number} is attached as a PDF.`);
    expect(mail.links.some((l) => l.endsWith('/payments/history'))).toBe(true);
    expect(mail.attachments).toEqual([{ partId: '1', filename: `${receipt.document_number}.pdf`, contentType: 'application/pdf', size: expect.any(Number) }]);
    const pdf = await mailPart(ts.url, mail.id, '1');
    expect(new TextDecoder().decode(pdf.slice(0, 5))).toBe('%PDF-');
    const text = (await extractPdfText(pdf)).join('\n');
    expect(text).toContain(`Receipt ${receipt.document_number}`);
    expect(text).toContain('Amount: USD 500.00');
    // Drawn on the way and recorded: the Payment History download is the same file.
    const after = await ts.database.db.query<{ storage_path: string }>(`select storage_path from app.documents where payment_id = $1 and kind = 'receipt'`, [payment]);
    expect(after.rows[0]!.storage_path).toBe(`${ISABELLA.brand}/${receipt.document_number}.pdf`);
    const before = (await fetch(`${ts.url}/_mail/api/v1/messages?to=${encodeURIComponent(brandEmail)}`).then((r) => r.json())) as { total: number };
    await drain();
    const again = (await fetch(`${ts.url}/_mail/api/v1/messages?to=${encodeURIComponent(brandEmail)}`).then((r) => r.json())) as { total: number };
    expect(again.total).toBe(before.total);
  }, 120_000);
});
