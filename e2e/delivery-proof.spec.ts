import type { Page } from '@playwright/test';
import { en, es } from '../testkit/e2e/catalog-text.ts';
import { rpc, serviceClient } from '../testkit/e2e/clients.ts';
import { expect, test } from '../testkit/e2e/fixtures.ts';
import { submittedHire } from '../testkit/e2e/revisions.ts';
import { signInAs } from '../testkit/e2e/sign-in.ts';

// Proof of delivery on the submission (issue 35, decision 0055; the journey through the real function is
// e2e/delivery-verify.spec.ts): the check's result, recorded as
// delivery-verify records it (api.record_delivery_check / api.record_post_snapshot with the service role),
// shows on the content for the brand before approving (English) and for the creator (Spanish), with the
// metrics at 24 h ("—" where the platform gives none) and, on a failed check, what the creator must fix.
// The platform lookup itself is covered by the functions' tests against the doubles.

const proof = (page: Page, lang: 'en' | 'es') => page.getByRole('region', { name: lang === 'en' ? en('deliverables.proof.title') : es('deliverables.proof.title') });

async function openAsBrand(page: Page, h: Awaited<ReturnType<typeof submittedHire>>) {
  await signInAs(page, h.brand, /\/dashboard\/brand$/);
  await page.goto(`/campaigns/${h.campaignId}`);
  await page.getByRole('tab', { name: /Applications/ }).click();
}

test.describe('delivery proof', () => {
  test.describe.configure({ timeout: 150_000 });

  test('a verified post: the brand sees Verified and the 24-hour metrics, the creator sees Verificado', async ({ page, accounts }) => {
    const h = await submittedHire(accounts);
    const service = serviceClient();
    const publishedAt = new Date(Date.now() - 2 * 86_400_000).toISOString();
    await rpc(service, 'record_delivery_check', {
      deliverable_id: h.deliverableId, outcome: 'verified', platform: 'instagram', post_id: '17890000000000001', published_at: publishedAt, disclosure_via: 'hashtag',
    });
    expect(await rpc(service, 'record_post_snapshot', { deliverable_id: h.deliverableId, checkpoint: '24h', ok: true, views: 12_840, likes: 1022, comments: 87, saves: 230, is_live: true })).toBe(true);

    await openAsBrand(page, h);
    const brandProof = proof(page, 'en');
    await expect(brandProof.getByText(en('deliverables.proof.outcome.verified'), { exact: true })).toBeVisible();
    await expect(brandProof.getByText(en('deliverables.proof.disclosure.hashtag'))).toBeVisible();
    await expect(brandProof.getByText(en('deliverables.proof.checkpoint.24h'))).toBeVisible();
    await expect(brandProof.getByText('12,840')).toBeVisible();
    // Shares were not reported: a dash, never 0.
    await expect(brandProof.locator('dt', { hasText: en('deliverables.proof.metric.shares') }).locator('xpath=following-sibling::dd[1]')).toHaveText('—');
    await expect(page.getByRole('button', { name: en('deliverables.brand.approve') })).toBeVisible();

    await page.context().clearCookies();
    await page.evaluate(() => localStorage.clear());
    await signInAs(page, h.creator, /\/dashboard\/creator$/);
    await page.goto(`/campaigns/${h.campaignId}`);
    const creatorProof = proof(page, 'es');
    await expect(creatorProof.getByText(es('deliverables.proof.outcome.verified'), { exact: true })).toBeVisible();
    await expect(creatorProof.getByText(es('deliverables.proof.checkpoint.24h'))).toBeVisible();
  });

  test('a post without disclosure: the brand is told to check before approving, the creator what to fix', async ({ page, accounts }) => {
    const h = await submittedHire(accounts);
    await rpc(serviceClient(), 'record_delivery_check', {
      deliverable_id: h.deliverableId, outcome: 'missing_disclosure', platform: 'instagram', post_id: '17890000000000002', published_at: new Date().toISOString(),
    });

    await openAsBrand(page, h);
    const brandProof = proof(page, 'en');
    await expect(brandProof.getByText(en('deliverables.proof.outcome.missing_disclosure'), { exact: true })).toBeVisible();
    await expect(brandProof.getByText(en('deliverables.proof.brandHint'))).toBeVisible();

    await page.context().clearCookies();
    await page.evaluate(() => localStorage.clear());
    await signInAs(page, h.creator, /\/dashboard\/creator$/);
    await page.goto(`/campaigns/${h.campaignId}`);
    const creatorProof = proof(page, 'es');
    await expect(creatorProof.getByText(es('deliverables.proof.outcome.missing_disclosure'), { exact: true })).toBeVisible();
    await expect(creatorProof.getByText(es('deliverables.proof.creatorHint.missing_disclosure'))).toBeVisible();
  });
});
