import { mkdirSync } from 'node:fs';
import type { Page, TestInfo } from '@playwright/test';
import { en, es } from '../testkit/e2e/catalog-text.ts';
import { rpc, signedInClient } from '../testkit/e2e/clients.ts';
import { downloadedPdfText, renderDocuments } from '../testkit/e2e/documents.ts';
import { accept, fundByApi, pendingHire, runScheduledJobs } from '../testkit/e2e/escrow.ts';
import { expect, test } from '../testkit/e2e/fixtures.ts';
import { sendQueuedEmails, waitForEmail } from '../testkit/e2e/mail.ts';
import { signInAs } from '../testkit/e2e/sign-in.ts';

// Receipts and statements (decision 0057) end to end: a brand funds a hire and downloads its numbered
// receipt from Payment History (the PDF's text read back), and gets it by email too; the creator, after the
// monthly job runs on the test's clock, is told by the bell and downloads the statement. The brand reads
// English, the creator Spanish. Each journey makes its own accounts and campaign.

interface MyDocument { kind: string; document_number: string; storage_path: string | null }

const escape = (s: string) => s.replace(/[.*+?^$()|[\]\\{}]/g, '\\$&');

/** The bell on screen (the phone's top bar or, from lg, above the screen). */
const bell = (page: Page, name: RegExp) => page.getByRole('button', { name }).filter({ visible: true });

/** A full-page screenshot under /tmp/docs-shots, named after the project (desktop 1280 px, mobile 390 px). */
async function shoot(page: Page, testInfo: TestInfo, name: string) {
  mkdirSync('/tmp/docs-shots', { recursive: true });
  await page.screenshot({ path: `/tmp/docs-shots/${testInfo.project.name}-${name}.png`, fullPage: true });
}

async function documentsOf(account: Parameters<typeof signedInClient>[0]): Promise<MyDocument[]> {
  return rpc<MyDocument[]>(await signedInClient(account), 'my_documents');
}

test.describe('receipts and statements', () => {
  test('the brand funds a hire, gets the receipt by email and downloads it from Payment History', async ({ page, accounts }, testInfo) => {
    // Funding, the email drain (which draws the PDF) and a browser walk: steps keep their budgets, the walk a longer limit.
    test.setTimeout(180_000);
    const hire = await pendingHire(accounts);
    await accept(hire);
    await fundByApi(hire);
    const [receipt] = await documentsOf(hire.brand);
    expect(receipt).toMatchObject({ kind: 'receipt', document_number: expect.stringMatching(/^R-\d{4}-\d{6}$/) });
    const number = receipt!.document_number;

    // The email carries the PDF (drawn on the way if the minute's job has not drawn it).
    await sendQueuedEmails();
    const mail = await waitForEmail({ to: hire.brand.email, subject: new RegExp(`^Receipt ${escape(number)}: \\$500\\.00$`) });
    expect(mail.attachments).toMatchObject([{ filename: `${number}.pdf`, contentType: 'application/pdf' }]);
    await renderDocuments();

    await signInAs(page, hire.brand, /\/dashboard\/brand$/);
    await page.goto('/payments/history');
    await expect(page.getByRole('heading', { name: en('app.paymentHistory.title'), level: 1 })).toBeVisible();
    const receipts = page.getByRole('region', { name: en('documents.receipts.title') });
    const row = receipts.getByRole('listitem').filter({ hasText: number });
    await expect(row).toContainText(`${hire.campaignTitle} · $500.00`);
    await shoot(page, testInfo, 'brand-payment-history');
    const downloading = page.waitForEvent('download');
    await row.getByRole('button', { name: `${en('documents.download')} ${number}` }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe(`${number}.pdf`);
    const pdf = await downloadedPdfText(download);
    expect(pdf.head).toBe('%PDF-');
    expect(pdf.text).toContain(`Receipt ${number}`);
    expect(pdf.text).toContain('Amount: USD 500.00');
    expect(pdf.text).toContain(`Campaign: ${hire.campaignTitle}`);
  });

  test('after the monthly job on the test clock the creator is told by the bell and downloads the statement', async ({ page: creator, accounts }, testInfo) => {
    const hire = await pendingHire(accounts);
    await accept(hire);
    await fundByApi(hire);

    // The creator delivers, the brand approves: $425.00 released this month (less the 15% fee).
    const [creatorApi, brandApi] = await Promise.all([signedInClient(hire.creator), signedInClient(hire.brand)]);
    const deliverableId = await rpc<string>(creatorApi, 'submit_deliverable', { campaign_id: hire.campaignId, content_url: `https://www.instagram.com/reel/${hire.creator.username}/` });
    await rpc(brandApi, 'review_deliverable', { deliverable_id: deliverableId, status: 'approved', feedback: 'Great work!' });
    // The 1st of next month, 06:10 UTC: the statement job, then the renderer, run on the test's clock.
    const now = new Date();
    const firstOfNext = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1, 6, 10));
    expect(await runScheduledJobs(firstOfNext)).toEqual(expect.arrayContaining(['issue-monthly-statements', 'render-documents']));
    const [statement] = (await documentsOf(hire.creator)).filter((d) => d.kind === 'statement');
    expect(statement).toMatchObject({ document_number: expect.stringMatching(/^S-\d{4}-\d{6}$/), storage_path: expect.any(String) });

    await signInAs(creator, hire.creator, /\/dashboard\/creator$/);
    const lit = bell(creator, new RegExp(`^${escape(es('notifications.bell.unread', { count: 99 })).replace('99', '\\d+')}$`));
    await lit.click();
    const panel = creator.getByRole('region', { name: es('notifications.title') });
    const sentence = es('notifications.kind.statement_ready', { document: statement!.document_number });
    await panel.getByRole('link', { name: new RegExp(`^${escape(sentence)}`) }).click();
    await expect(creator).toHaveURL(/\/payments\/history$/);
    const statements = creator.getByRole('region', { name: es('documents.statements.title') });
    const line = statements.getByRole('listitem').filter({ hasText: statement!.document_number });
    await expect(line).toContainText(es('documents.kind.statement'));
    await expect(line.getByRole('button', { name: `${es('documents.download')} ${statement!.document_number}` })).toBeVisible();
    await shoot(creator, testInfo, 'creator-statements');
    const gettingStatement = creator.waitForEvent('download');
    await line.getByRole('button', { name: `${es('documents.download')} ${statement!.document_number}` }).click();
    const statementPdf = await downloadedPdfText(await gettingStatement);
    expect(statementPdf.text).toContain(`Estado de cuenta mensual ${statement!.document_number}`);
    expect(statementPdf.text).toContain('Neto: USD 425.00');
    expect(statementPdf.text).toContain(`Servicio: ${hire.campaignTitle}`);
    expect(statementPdf.text).toContain('Licencia de uso: Solo publicación orgánica · todo el mundo · 365 días');
  });
});
