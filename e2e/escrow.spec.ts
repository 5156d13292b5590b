import { mkdirSync } from 'node:fs';
import type { Locator, Page, TestInfo } from '@playwright/test';
import { seriousViolations } from '../testkit/e2e/axe.ts';
import { en, englishShown, es, text } from '../testkit/e2e/catalog-text.ts';
import { type Credentials, signedInClient } from '../testkit/e2e/clients.ts';
import { accept, callPayments, fundByApi, hireOf, pendingHire, runScheduledJobs } from '../testkit/e2e/escrow.ts';
import { type AccountFactory, expect, test } from '../testkit/e2e/fixtures.ts';
import { withSchedulerLock } from '../testkit/e2e/scheduler-lock.ts';
import { signInAs } from '../testkit/e2e/sign-in.ts';
import { payOnCheckout } from '../testkit/e2e/checkout.ts';
import { toast } from '../testkit/e2e/toast.ts';
import { usd } from '../testkit/e2e/money.ts';

// Escrow (issue 16) end to end: a flat-fee hire is funded by card, its content approved (by the brand, or
// automatically when the review window runs out on the test's clock) and the money released, less the
// 15% platform fee; or it is canceled and refunded. The brand reads English, the creator Spanish.
// Every journey makes its own accounts and campaign, which the accounts fixture deletes.

interface Journey {
  brand: Credentials;
  creator: Credentials;
  creatorName: string;
  campaignId: string;
  campaignTitle: string;
  applicationId: string;
}


/** The brand's Applications tab of the campaign (opened by the `tab` parameter, as "Back to applications" does). */
async function openApplications(page: Page, campaignId: string) {
  await page.goto(`/campaigns/${campaignId}?tab=applications`);
  await expect(page.getByRole('tab', { name: /^Applications/, selected: true })).toBeVisible();
}

const applicationOf = (page: Page, name: string) => page.getByRole('article', { name: `Application from ${name}` });
/**
 * The creator's row of a campaign on their dashboard: under "Mis trabajos activos" while the job is active,
 * under "Postulaciones y trabajos anteriores" once it is paid or canceled (app.job_state, issue 30).
 */
const gigOf = (page: Page, campaignTitle: string, list: 'active' | 'others' = 'active') =>
  page
    .getByRole('region', { name: es(list === 'active' ? 'applications.gigs.title' : 'applications.gigs.othersTitle') })
    .getByRole('listitem')
    .filter({ has: page.getByRole('link', { name: campaignTitle }) });
/** A review countdown as shown (its live region, for screen readers, may repeat the words). */
const countdownOf = (scope: Page | Locator, words: string | RegExp) => scope.getByRole('time').filter({ hasText: words });


/** Picks the app's language in Settings (the same place on both widths) and waits for the page to follow. */
async function switchLanguage(page: Page, language: 'English' | 'Español', settingsHeading: string) {
  await page.goto('/settings');
  // The choice is saved to the account too: wait for it, so leaving the page does not cut the save short.
  const saved = page.waitForResponse((r) => r.url().includes('/auth/v1/user') && r.request().method() === 'PUT');
  await page.getByRole('main').getByRole('region', { name: /^(Language|Idioma)$/ }).getByRole('button', { name: language }).click();
  await expect(page.getByRole('heading', { name: settingsHeading, level: 1 })).toBeVisible();
  expect((await saved).ok()).toBe(true);
}

/** The Applications tab of the campaign (one application) on a Spanish page. */
async function openApplicationsEs(page: Page, campaignId: string) {
  await page.goto(`/campaigns/${campaignId}?tab=applications`);
  await expect(page.getByRole('tab', { name: es('campaigns.tabs.applications', { count: 1 }), selected: true })).toBeVisible();
}

/** A screenshot under /tmp/s32-money-shots, named after the project (desktop 1280 px, mobile 390 px). */
async function shoot(page: Page, testInfo: TestInfo, name: string) {
  mkdirSync('/tmp/s32-money-shots', { recursive: true });
  // The viewport: a full-page capture would draw fixed bars and the dialog's backdrop mid-page.
  await page.screenshot({ path: `/tmp/s32-money-shots/${testInfo.project.name}-${name}.png` });
}

async function expectNoSeriousViolations(page: Page) {
  expect(await seriousViolations(page)).toEqual([]);
}

/** The creator's content form (Spanish). */
const urlField = (scope: Page | Locator) => scope.getByLabel(es('deliverables.creator.url'));

test.describe('escrow', () => {
  // Two people, a card checkout and several screens each: room for a busy shared machine (no speed is asserted).
  test.describe.configure({ timeout: 150_000 });

  test('a flat-fee hire: accepted, funded by card, content submitted and approved, $425.00 released', async ({ page, openPersonPage, accounts }, testInfo) => {
    // Accounts of its own: the demo brand's figures are read live by other specs.
    const fresh = await pendingHire(accounts);
    const h: Journey = { ...fresh, creatorName: fresh.creator.fullName };
    const name = h.creatorName;

    // The brand accepts: the hire awaits funding.
    await signInAs(page, h.brand, /\/dashboard\/brand$/);
    await openApplications(page, h.campaignId);
    const item = applicationOf(page, name);
    const accepted = page.waitForResponse((r) => r.url().includes('/rest/v1/rpc/accept_application'));
    await item.getByRole('button', { name: 'Accept' }).click();
    expect((await accepted).ok()).toBe(true);
    await expect(toast(page, 'Application updated')).toBeVisible();
    await expect(item.getByText(en('common.hire.status.awaiting_funding'), { exact: true })).toBeVisible();
    await expect(item).toContainText(en('applications.hire.brand.awaiting_funding', { amount: '$500.00', name, net: '$425.00' }));

    // The creator waits for the funding: no content form yet.
    const creator = await openPersonPage();
    await signInAs(creator, h.creator, /\/dashboard\/creator$/);
    await creator.goto(`/campaigns/${h.campaignId}`);
    await expect(creator.getByText(es('applications.hire.creator.awaiting_funding'))).toBeVisible();
    await expect(creator.getByText(es('common.hire.status.awaiting_funding'), { exact: true })).toBeVisible();
    await expect(urlField(creator)).toHaveCount(0);
    expect(await englishShown(creator, ['applications', 'deliverables'])).toEqual([]);

    // The brand funds $500.00: the breakdown, then the card checkout, the result screen and back to the list.
    const fund = item.getByRole('button', { name: 'Fund $500.00' });
    await fund.click();
    await expect(fund).toHaveCount(0);
    await expect(item.getByRole('button', { name: en('applications.hire.fund.hide') })).toHaveAttribute('aria-expanded', 'true');
    const panel = item.getByRole('region', { name: en('payments.fund.title') });
    await expect(panel.getByRole('definition').nth(0)).toHaveText('$500.00');
    await expect(panel).toContainText(`${en('payments.fund.fee', { percent: 15 })}$75.00`);
    await expect(panel).toContainText(`${en('payments.fund.creatorReceives', { name })}$425.00`);
    await expectNoSeriousViolations(page);
    await panel.getByRole('button', { name: 'Pay $500.00 by card' }).click();

    // The checkout names what is paid for and leads back to the campaign, also after a declined card.
    await expect(page.getByRole('heading', { name: 'Pay $500.00' })).toBeVisible();
    await expect(page.locator('#paid-for')).toHaveText(`For: ${h.campaignTitle} — ${name}`);
    const back = page.getByRole('link', { name: 'Back to the campaign' });
    await expect(back).toBeVisible();
    await page.getByLabel('Card number').fill('4000 0000 0000 0002');
    await page.getByLabel('Expiration date (MM / YY)').fill('12 / 34');
    await page.getByLabel('Security code (CVC)').fill('123');
    await page.getByRole('button', { name: 'Pay $500.00' }).click();
    await expect(page.getByRole('alert')).toContainText('Your card was declined.');
    await expect(page.locator('#paid-for')).toHaveText(`For: ${h.campaignTitle} — ${name}`);
    await shoot(page, testInfo, 'checkout-declined');
    await back.click();
    await expect(page).toHaveURL(new RegExp(`/campaigns/${h.campaignId}\\?tab=applications$`));
    await expect(page.getByRole('tab', { name: /^Applications/, selected: true })).toBeVisible();
    await expect(item.getByText(en('common.hire.status.awaiting_funding'), { exact: true })).toBeVisible();
    await item.getByRole('button', { name: 'Fund $500.00' }).click();
    await item.getByRole('region', { name: en('payments.fund.title') }).getByRole('button', { name: 'Pay $500.00 by card' }).click();
    await payOnCheckout(page, '$500.00');
    await expect(page).toHaveURL(/\/payments\/result\?payment_intent=pi_/);
    await expect(page.getByRole('heading', { name: 'Payment Successful' })).toBeVisible();
    await expect(page.getByText(h.campaignTitle, { exact: true })).toBeVisible();
    await expect(page.getByText('$500.00', { exact: true })).toBeVisible();
    await page.getByRole('link', { name: en('payments.result.backToApplications') }).click();
    await expect(page).toHaveURL(new RegExp(`/campaigns/${h.campaignId}\\?tab=applications$`));
    await expect(page.getByRole('tab', { name: /^Applications/, selected: true })).toBeVisible();
    await expect(item.getByText('Funded', { exact: true })).toBeVisible();
    await expect(item).toContainText(en('applications.hire.brand.funded', { amount: '$500.00', name, net: '$425.00' }));

    // The creator sees the money held for them and submits content: the review countdown starts.
    const net = await usd(creator, 42_500, 'es');
    await creator.reload();
    await expect(creator.getByText(es('applications.hire.creator.funded', { amount: net }))).toBeVisible();
    await urlField(creator).fill(`https://www.instagram.com/reel/escrow${Date.now()}/`);
    await creator.getByRole('button', { name: es('deliverables.creator.submit') }).click();
    await expect(toast(creator, es('deliverables.creator.toast.submitted'))).toBeVisible();
    await expect(countdownOf(creator, es('common.countdown.creator', { time: '2 d 23 h' }))).toBeVisible();
    expect(await englishShown(creator, ['applications', 'deliverables'])).toEqual([]);
    await expectNoSeriousViolations(creator);

    // The brand sees the countdown (and can no longer cancel), approves: the money is released.
    await page.reload();
    await expect(countdownOf(item, en('common.countdown.brand', { time: '2 d 23 h' }))).toBeVisible();
    await expect(item.getByRole('button', { name: 'Cancel hire' })).toHaveCount(0);
    // Approve first says what it releases (the hire's figures from the api); Cancel releases nothing.
    await item.getByRole('button', { name: 'Approve' }).click();
    const release = page.getByRole('dialog', { name: en('deliverables.approveRelease.title') });
    await expect(release).toContainText(en('deliverables.approveRelease.text', { gross: '$500.00', name, net: '$425.00', fee: '$75.00' }));
    await expectNoSeriousViolations(page);
    await shoot(page, testInfo, 'approve-dialog');
    await release.getByRole('button', { name: 'Cancel' }).click();
    await expect(release).toHaveCount(0);
    expect(await hireOf(h.brand, h.campaignId, h.applicationId)).toMatchObject({ status: 'funded', held_cents: 50_000, released_cents: 0 });
    await expect(item.getByText('Funded', { exact: true })).toBeVisible();

    // In Spanish the same figures, in the glossary's words (bruto, neto, garantía); Cancel again moves nothing.
    await switchLanguage(page, 'Español', 'Configuración');
    await openApplicationsEs(page, h.campaignId);
    await page.getByRole('button', { name: es('deliverables.brand.approve'), exact: true }).click();
    const releaseEs = page.getByRole('dialog', { name: es('deliverables.approveRelease.title') });
    const [grossEs, netEs, feeEs] = await Promise.all([usd(page, 50_000, 'es'), usd(page, 42_500, 'es'), usd(page, 7_500, 'es')]);
    await expect(releaseEs).toContainText(es('deliverables.approveRelease.text', { gross: grossEs, name, net: netEs, fee: feeEs }));
    await expect(releaseEs.getByRole('button', { name: es('deliverables.approveRelease.confirm', { net: netEs }) })).toBeVisible();
    await shoot(page, testInfo, 'approve-dialog-es');
    await releaseEs.getByRole('button', { name: es('common.cancel') }).click();
    await expect(releaseEs).toHaveCount(0);
    expect(await hireOf(h.brand, h.campaignId, h.applicationId)).toMatchObject({ status: 'funded', held_cents: 50_000, released_cents: 0 });
    await switchLanguage(page, 'English', 'Settings');
    await openApplications(page, h.campaignId);
    await item.getByRole('button', { name: 'Approve' }).click();
    await release.getByRole('button', { name: en('deliverables.approveRelease.confirm', { net: '$425.00' }) }).click();
    await expect(toast(page, 'Status updated')).toBeVisible();
    await expect(item.getByText('Released', { exact: true })).toBeVisible();
    await expect(item).toContainText(`Released $425.00 to ${name} on `);
    await expect(item).toContainText('(platform fee $75.00)');
    await item.getByRole('link', { name: en('deliverables.brand.viewDeliverable') }).click();
    await expect(page).toHaveURL(/\/deliverables\/[0-9a-f-]{36}$/);
    const deliverableUrl = page.url();
    await expect(page.getByText('Released', { exact: true })).toBeVisible();
    await expect(page.getByText(en('payments.escrow.creatorReceived')).locator('..')).toContainText('$425.00');
    await expect(page.getByText(en('payments.escrow.fee', { percent: 15 })).locator('..')).toContainText('$75.00');
    await expect(page.getByRole('button', { name: /Pay creator/ })).toHaveCount(0);

    // The creator sees it released: on the campaign, among their gigs and on the deliverable.
    await creator.reload();
    await expect(creator.getByText(es('applications.hire.creator.released', { amount: net }))).toBeVisible();
    await creator.goto('/dashboard/creator');
    const gig = gigOf(creator, h.campaignTitle, 'others');
    await expect(gig).toContainText(es('applications.hire.creator.released', { amount: net }));
    await expect(gig.getByText(es('common.hire.status.released'), { exact: true })).toBeVisible();
    await creator.goto(deliverableUrl);
    await expect(creator.getByText(es('payments.escrow.youReceived')).locator('..')).toContainText(net);
    await expect(creator.getByText(es('common.hire.status.released'), { exact: true })).toBeVisible();
    expect(await englishShown(creator, ['payments'])).toEqual([]);
    await expectNoSeriousViolations(creator);
  });

  test('the brand cancels a funded hire with a reason: refunded, and the creator reads why', async ({ page, openPersonPage, accounts }) => {
    const h = await pendingHire(accounts);
    const name = h.creator.fullName;
    await accept(h);
    await fundByApi(h);
    const reason = 'Our product launch moved to next year, sorry for the change of plans.';

    await signInAs(page, h.brand, /\/dashboard\/brand$/);
    await openApplications(page, h.campaignId);
    const item = applicationOf(page, name);
    await expect(item.getByText('Funded', { exact: true })).toBeVisible();
    const cancel = item.getByRole('button', { name: 'Cancel hire' });
    await cancel.click();
    const dialog = page.getByRole('dialog', { name: en('applications.cancelHire.title') });
    await expect(dialog).toContainText(en('applications.cancelHire.funded', { amount: '$500.00', name }));
    const reasonField = dialog.getByLabel(en('applications.cancelHire.reason', { name }));
    await expect(reasonField).toBeFocused();
    await expectNoSeriousViolations(page);

    // A reason is required; a refusal from the server keeps the typed reason and says why.
    await dialog.getByRole('button', { name: 'Cancel and refund' }).click();
    await expect(dialog.getByText(en('applications.cancelHire.validation.reasonRequired'))).toBeVisible();
    await reasonField.fill(reason);
    await page.route('**/functions/v1/payments/cancel-hire', (route) =>
      route.fulfill({ status: 409, contentType: 'application/json', body: JSON.stringify({ code: 'refund_pending', message: 'A refund for this hire is already under way' }) }),
    );
    await dialog.getByRole('button', { name: 'Cancel and refund' }).click();
    await expect(dialog.getByRole('alert')).toHaveText(en('applications.cancelHire.error.refund_pending'));
    await expect(reasonField).toHaveValue(reason);
    await page.unroute('**/functions/v1/payments/cancel-hire');
    await dialog.getByRole('button', { name: 'Cancel and refund' }).click();
    await expect(toast(page, en('applications.cancelHire.toast.refunded'))).toBeVisible();
    await expect(dialog).toHaveCount(0);
    await expect(item.getByText('Refunded', { exact: true })).toBeVisible();
    await expect(item.getByText('Canceled', { exact: true })).toBeVisible();
    await expect(item).toContainText(en('applications.hire.brand.refunded', { amount: '$500.00' }));
    await expect(item).toContainText(en('applications.hire.brand.reason', { reason }));
    await expect(item.getByRole('button', { name: /Cancel hire|Fund/ })).toHaveCount(0);
    // Focus moved to the hire's new state, not lost with the button that is gone.
    await expect(item.getByText(en('applications.hire.brand.refunded', { amount: '$500.00' }))).toBeFocused();
    expect(await hireOf(h.brand, h.campaignId, h.applicationId)).toMatchObject({ status: 'refunded', held_cents: 0, cancel_reason: reason });

    // A second cancel is refused: the hire is closed.
    expect(await callPayments(await signedInClient(h.brand), 'POST', 'cancel-hire', { applicationId: h.applicationId, reason: 'again' })).toMatchObject({
      status: 409,
      body: { code: 'hire_closed' },
    });

    // The creator reads the brand's reason, in Spanish, and has no content form.
    const creator = await openPersonPage();
    await signInAs(creator, h.creator, /\/dashboard\/creator$/);
    const gig = gigOf(creator, h.campaignTitle, 'others');
    await expect(gig).toContainText(es('applications.hire.creator.reason', { reason }));
    await expect(gig.getByText(es('applications.status.canceled'), { exact: true })).toBeVisible();
    await creator.goto(`/campaigns/${h.campaignId}`);
    await expect(creator.getByText(es('applications.hire.creator.canceled'))).toBeVisible();
    await expect(creator.getByText(es('applications.hire.creator.reason', { reason }))).toBeVisible();
    await expect(urlField(creator)).toHaveCount(0);
    expect(await englishShown(creator, ['applications'])).toEqual([]);
    await expectNoSeriousViolations(creator);
  });

  test('content nobody reviews within the window is approved automatically and released', async ({ page, openPersonPage, accounts }) => {
    // The other project's copy runs the scheduler 73 hours ahead too, which would approve this content before
    // its countdowns are read: the walk holds the scheduler lock from submission to its own run.
    await withSchedulerLock(() => autoApprovalWalk(page, openPersonPage, accounts));
  });
});

async function autoApprovalWalk(page: Page, openPersonPage: () => Promise<Page>, accounts: AccountFactory): Promise<void> {
  const h = await pendingHire(accounts);
  const name = h.creator.fullName;
  await accept(h);
  await fundByApi(h);
  const submittedAt = Date.now();
  const creatorApi = await signedInClient(h.creator);
  const { data: deliverableId, error } = await creatorApi.rpc('submit_deliverable', { campaign_id: h.campaignId, content_url: `https://www.tiktok.com/@${h.creator.username}/video/1` });
  expect(error).toBeNull();

  // Both browsers run on clocks the test moves.
  await page.clock.install();
  await signInAs(page, h.brand, /\/dashboard\/brand$/);
  await openApplications(page, h.campaignId);
  const item = applicationOf(page, name);
  await expect(countdownOf(item, en('common.countdown.brand', { time: '2 d 23 h' }))).toBeVisible();

  const creator = await openPersonPage();
  await creator.clock.install();
  await signInAs(creator, h.creator, /\/dashboard\/creator$/);
  await creator.goto(`/deliverables/${deliverableId}`);
  await expect(countdownOf(creator, es('common.countdown.creator', { time: '2 d 23 h' }))).toBeVisible();

  // A day later the countdown has moved on, minute by minute, without a reload.
  await page.clock.fastForward('24:00:00');
  await expect(countdownOf(item, en('common.countdown.brand', { time: '1 d 23 h' }))).toBeVisible();
  await creator.clock.fastForward('48:00:00');
  const lastDay = es('common.countdown.creator', { time: 'TIME' }).replace('TIME', '23 h \\d+ min');
  await expect(countdownOf(creator, new RegExp(`^${lastDay}$`))).toBeVisible();

  // The window runs out: the scheduler, on the test's clock 73 hours after the submission, approves it.
  const at = new Date(submittedAt + 73 * 3_600_000);
  expect(await runScheduledJobs(at)).toContain('auto-approve-due-content');
  expect(await hireOf(h.brand, h.campaignId, h.applicationId)).toMatchObject({ status: 'released', release_reason: 'auto_approved' });
  await page.clock.fastForward('49:00:00');
  await expect(countdownOf(item, en('common.countdown.brand.due'))).toBeVisible();
  await page.reload();
  await expect(item.getByText('Released', { exact: true })).toBeVisible();
  await expect(item).toContainText(`Approved automatically: released $425.00 to ${name} on `);
  await expect(item.getByText('Approved', { exact: true })).toBeVisible();
  await expect(item.getByText(/^Auto-approv/)).toHaveCount(0);

  await creator.clock.fastForward('01:30:00');
  await creator.reload();
  const net = await usd(creator, 42_500, 'es');
  await expect(creator.getByText(es('common.hire.status.released'), { exact: true })).toBeVisible();
  await expect(creator.getByText(new RegExp(`^${es('payments.escrow.releasedAuto', { date: 'DATE' }).split('DATE')[0]}`))).toBeVisible();
  await expect(creator.getByText(es('payments.escrow.youReceived')).locator('..')).toContainText(net);
  await creator.goto(`/campaigns/${h.campaignId}`);
  await expect(creator.getByText(es('applications.hire.creator.released_auto', { amount: net }))).toBeVisible();
  expect(await englishShown(creator, ['applications', 'deliverables'])).toEqual([]);
}
