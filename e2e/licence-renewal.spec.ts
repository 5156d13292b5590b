import { en, es } from '../testkit/e2e/catalog-text.ts';
import { payOnCheckout } from '../testkit/e2e/checkout.ts';
import { rpc, signedInClient } from '../testkit/e2e/clients.ts';
import { downloadedPdfText, renderDocuments } from '../testkit/e2e/documents.ts';
import { accept, fundByApi, pendingHire } from '../testkit/e2e/escrow.ts';
import { expect, test } from '../testkit/e2e/fixtures.ts';
import { shot } from '../testkit/e2e/shot.ts';
import { signInAs } from '../testkit/e2e/sign-in.ts';

/**
 * Licence renewal (issue 36 item 2, decisions 0056 and 0060): on a funded hire whose licence ends tomorrow,
 * the brand offers a renewal from its licence library (a zero-day term is refused with its own words),
 * the creator accepts it on the hire, the brand pays it by card on the checkout, and the library shows
 * the licence running 30 days longer. On the test clock (`brand_licences(as_of)`, two days ahead) the licence
 * has expired before the renewal is paid, and is active again after it, until the new end.
 */

interface LicenceRow { application_id: string; ends_at: string; days_left: number; status: string }

/** The hire's licence as the brand's library reads it at `asOf` (the database's test clock). */
async function licenceAt(hire: { brand: Parameters<typeof signedInClient>[0]; applicationId: string }, asOf: Date): Promise<LicenceRow> {
  const rows = await rpc<LicenceRow[]>(await signedInClient(hire.brand), 'brand_licences', { as_of: asOf.toISOString() });
  const row = rows.find((r) => r.application_id === hire.applicationId);
  if (!row) throw new Error(`no licence for ${hire.applicationId}`);
  return row;
}

test('the brand offers a renewal, the creator accepts, the brand pays and the licence runs longer', async ({ page, accounts, openPersonPage }) => {
  test.setTimeout(180_000);
  const hire = await pendingHire(accounts);
  // A one-day organic licence, so the library counts 1 day left before the renewal.
  await rpc(await signedInClient(hire.brand), 'set_campaign_usage_rights', {
    campaign_id: hire.campaignId, usage_kind: 'organic', usage_platforms: [], usage_territory: null, usage_term_days: 1,
    usage_price_cents: null, exclusivity_category: null, exclusivity_days: null,
  });
  await accept(hire);
  await fundByApi(hire);

  const twoDaysOn = new Date(Date.now() + 2 * 86_400_000);
  const agreed = await licenceAt(hire, twoDaysOn);
  expect(agreed.status).toBe('expired');

  await signInAs(page, hire.brand, /\/dashboard\/brand$/);
  await page.goto('/payments/history');
  const library = page.getByRole('region', { name: en('campaigns.licences.title') });
  const card = library.getByTestId('licence-card');
  await expect(card).toHaveCount(1);
  await expect(card.getByRole('definition').filter({ hasText: /^1$/ })).toBeVisible();
  await card.getByRole('button', { name: en('campaigns.renewal.offer') }).click();
  const form = card.getByRole('form', { name: en('campaigns.renewal.formTitle') });
  await form.getByLabel(en('campaigns.renewal.termDays')).fill('0');
  await form.getByLabel(en('campaigns.renewal.price')).fill('150');
  await form.getByRole('button', { name: en('campaigns.renewal.send') }).click();
  await expect(form.getByRole('alert')).toHaveText(en('campaigns.renewal.error.renewal_term_invalid'));
  await form.getByLabel(en('campaigns.renewal.termDays')).fill('30');
  await form.getByRole('button', { name: en('campaigns.renewal.send') }).click();
  await expect(card).toContainText(en('campaigns.renewal.latest', { days: '30', price: '$150.00' }));
  await expect(card).toContainText(en('campaigns.renewal.status.offered'));
  await card.scrollIntoViewIfNeeded();
  await shot(page, 'renewal-offered');

  // The creator (in Spanish) sees the offer on the hire and accepts it.
  const creatorPage = await openPersonPage();
  await signInAs(creatorPage, hire.creator, /\/dashboard\/creator$/);
  await creatorPage.goto(`/campaigns/${hire.campaignId}`);
  const offer = creatorPage.getByTestId('creator-renewal-offer');
  await expect(offer.getByRole('heading', { name: es('campaigns.renewal.creatorTitle') })).toBeVisible();
  await expect(offer).toContainText('30 días más');
  await offer.scrollIntoViewIfNeeded();
  await shot(creatorPage, 'renewal-creator-offer');
  await offer.getByRole('button', { name: es('campaigns.renewal.accept') }).click();
  await expect(offer).toBeHidden();

  // The brand pays the accepted renewal on the card checkout.
  await page.reload();
  await expect(card).toContainText(en('campaigns.renewal.awaitingPayment'));
  await shot(page, 'renewal-accepted');
  await card.getByRole('button', { name: 'Pay renewal ($150.00)' }).click();
  await payOnCheckout(page, '$150.00');
  await expect(page).toHaveURL(/\/payments\/result\?payment_intent=pi_/);
  await expect(page.getByRole('heading', { name: 'Payment Successful' })).toBeVisible();
  await expect(page.getByText(hire.campaignTitle, { exact: true })).toBeVisible();

  // The library reads the new end: 1 + 30 days left, the renewal paid.
  await page.goto('/payments/history');
  await expect(card.getByRole('definition').filter({ hasText: /^31$/ })).toBeVisible();
  await expect(card).toContainText(en('campaigns.renewal.status.funded'));
  await expect(card.getByText(/^Renewed until /)).toBeVisible();
  await expect(card.getByRole('button', { name: en('campaigns.renewal.offer') })).toBeVisible();
  await card.scrollIntoViewIfNeeded();
  await shot(page, 'renewal-funded');
  // Paid before the licence ended: the 30 days follow the agreed end, and the licence stands on the test clock.
  const renewed = await licenceAt(hire, twoDaysOn);
  expect(renewed.status).toBe('active');
  expect(Date.parse(renewed.ends_at) - Date.parse(agreed.ends_at)).toBe(30 * 86_400_000);

  // The renewal's receipt says what this payment bought: 30 days from the agreed end, at $150.00 (decision 0060).
  await renderDocuments();
  const documents = await rpc<Array<{ kind: string; document_number: string; amount_cents: number | string | null }>>(await signedInClient(hire.brand), 'my_documents');
  const number = documents.find((d) => d.kind === 'receipt' && Number(d.amount_cents) === 15_000)?.document_number;
  expect(number).toMatch(/^R-\d{4}-\d{6}$/);
  await page.reload();
  const row = page.getByRole('region', { name: en('documents.receipts.title') }).getByRole('listitem').filter({ hasText: number! });
  const downloading = page.waitForEvent('download');
  await row.getByRole('button', { name: `${en('documents.download')} ${number}` }).click();
  const pdf = await downloadedPdfText(await downloading);
  const day = (iso: string) => iso.slice(0, 10);
  const text = pdf.text.replaceAll('\n', ' '); // a long line wraps: read the lines as one
  expect(text).toContain(`Usage licence: Renewal of 30 days, from ${day(agreed.ends_at)} to ${day(renewed.ends_at)} · licence USD 150.00`);
  expect(text).toContain('Amount: USD 150.00');
});
