import type { Page, TestInfo } from '@playwright/test';
import type { Account } from '../testkit/e2e/accounts.ts';
import { type Lang, text } from '../testkit/e2e/catalog-text.ts';
import { rpc, signedInClient } from '../testkit/e2e/clients.ts';
import { expect, test } from '../testkit/e2e/fixtures.ts';
import { signInThroughUi } from '../testkit/e2e/sign-in.ts';

/**
 * Issue 32, item 9 (Words): the notifications bell stays on screen on the Messages screen, whose two panes
 * fill the window; at 1280 px the page used to scroll the bell above the top edge. Creators read Spanish,
 * brands English. Screenshots of the screen at each width and language are kept in the test's output.
 */
const langOf = (account: Account): Lang => (account.role === 'creator' ? 'es' : 'en');

/** Kept in the test's output, or in SCREENSHOT_DIR when set (the output goes with the stack's build). */
async function shot(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  const file = `${name}-${testInfo.project.name}.png`;
  await page.screenshot({ path: process.env.SCREENSHOT_DIR ? `${process.env.SCREENSHOT_DIR}/${file}` : testInfo.outputPath(file) });
}

for (const role of ['creator', 'brand'] as const) {
  test(`the bell stays visible on /messages (${role})`, async ({ page, accounts }, testInfo) => {
    const account = await accounts.create(role);
    const lang = langOf(account);
    await signInThroughUi(page, account);
    await expect(page).toHaveURL(/\/dashboard\//);
    await page.goto('/messages');
    await expect(page.getByRole('heading', { name: text(lang, 'messages.title') })).toBeVisible();
    const bell = page.getByRole('button', { name: new RegExp(`^${text(lang, 'notifications.bell')}`) }).filter({ visible: true });
    await expect(bell).toBeVisible();
    // Fully inside the window, with the page at its top and nothing left to scroll to.
    await expect(bell).toBeInViewport({ ratio: 1 });
    await expect.poll(() => page.evaluate<number>('document.documentElement.scrollHeight - window.innerHeight')).toBeLessThanOrEqual(0);
    await shot(page, testInfo, `messages-${lang}`);
  });
}

const inDays = (days: number) => new Date(Date.now() + days * 86400e3);

// Browse named a rejected application "Ya te postulaste" (Applied); it now says what the applications list says
// (in Portuguese too, issue 37: "Recusada", not "Candidatura enviada").
for (const lang of ['es', 'en', 'pt'] as const) {
  test(`browse: a rejected application reads "${text(lang, 'applications.status.rejected')}" on its card (${lang})`, async ({ page, accounts }, testInfo) => {
    const brand = await accounts.create('brand', { companyName: 'GlowLab Skincare' });
    const creator = await accounts.create('creator');
    const [brandApi, creatorApi] = await Promise.all([signedInClient(brand), signedInClient(creator)]);
    await rpc(creatorApi, 'set_my_language', { language: lang });
    const token = `zw${Math.random().toString(36).slice(2, 8)}`;
    const make = (title: string) =>
      rpc<string>(brandApi, 'create_campaign', {
        title: `${title} ${token}`, description: `Campaign ${token} for the spring launch.`, content_type: 'reel', platforms: ['tiktok', 'instagram'],
        compensation_type: 'flat_fee', compensation_cents: 25000, deadline: inDays(6).toISOString(),
      });
    const declined = await make('Declined');
    await make('Open');
    const application = await rpc<string>(creatorApi, 'apply_to_campaign', { campaign_id: declined, pitch: 'I would love this one.' });
    await rpc(brandApi, 'reject_application', { application_id: application });

    await signInThroughUi(page, creator);
    await expect(page).toHaveURL(/\/dashboard\/creator$/);
    await page.goto(`/campaigns?q=${token}`);
    const cards = page.getByRole('list', { name: text(lang, 'campaigns.browse.list') }).getByRole('listitem');
    const card = cards.filter({ hasText: `Declined ${token}` });
    await expect(card.getByText(text(lang, 'applications.status.rejected'), { exact: true })).toBeVisible();
    await expect(card.getByText(text(lang, 'campaigns.card.applied'), { exact: true })).toHaveCount(0);
    await expect(cards.filter({ hasText: `Open ${token}` }).getByRole('link', { name: new RegExp(`^${text(lang, 'campaigns.card.viewDetailsApply')}`) })).toBeVisible();
    // Dates without a zero-padded day.
    await expect(card).not.toContainText(/\b0\d( de |,)/);
    await shot(page, testInfo, `browse-rejected-${lang}`);
  });
}

// Chart colours keep their meaning: the creator's rejected applications were drawn green.
test("creator dashboard: rejected applications are drawn in the 'bad' colour, accepted in the 'good' one", async ({ page }, testInfo) => {
  const { demo } = await import('../testkit/e2e/accounts.ts');
  await signInThroughUi(page, demo.creator);
  await expect(page).toHaveURL(/\/dashboard\/creator$/);
  const figure = page.getByRole('figure', { name: text('es', 'dashboard-creator.charts.applications.title') });
  await expect(figure.locator('svg rect[fill^="#"]').first()).toBeVisible();
  const swatch = (key: string) => figure.locator('li', { hasText: text('es', `dashboard-creator.charts.status.${key}`) }).locator('span').first();
  const colour = (key: string) => swatch(key).evaluate((e) => (e as unknown as { style: { backgroundColor: string } }).style.backgroundColor);
  expect(await colour('rejected')).toBe('rgb(213, 94, 0)');
  expect(await colour('accepted')).toBe('rgb(0, 122, 94)');
  await figure.scrollIntoViewIfNeeded();
  await shot(page, testInfo, 'creator-charts-es');
});
