import { mkdirSync } from 'node:fs';
import type { Locator, Page, TestInfo } from '@playwright/test';
import { seriousViolations } from '../testkit/e2e/axe.ts';
import { en, englishShown, es } from '../testkit/e2e/catalog-text.ts';
import { expect, test } from '../testkit/e2e/fixtures.ts';
import { completedHire, reviewByApi } from '../testkit/e2e/reviews.ts';
import { signInAs } from '../testkit/e2e/sign-in.ts';

// Reviews (issue 17) end to end: once a hire is complete each side reviews the other, double-blind (the
// other's review shows only when both have written one); the creator's rating on their profile and in
// Discover follows the published reviews, and an admin can hide one. The brand and the admin read
// English, the creator Spanish. Every journey makes its own accounts, which the accounts fixture deletes.

const escape = (s: string) => s.replace(/[.*+?^$()|[\]\\{}]/g, '\\$&');
/** A message with a date in it, whatever date: the reveal date is 14 days after the hire completed. */
const withAnyDate = (message: string) => new RegExp(message.split('{date}').map(escape).join('.+'));

/** The deliverable page's reviews panel (its heading names the region). */
const reviewsPanel = (page: Page, lang: 'en' | 'es') => page.getByRole('region', { name: lang === 'en' ? 'Reviews' : 'Reseñas', exact: true });
/** The rating in a creator profile's header: "New", or "★ 5.0 (1 review)". */
const profileRating = (page: Page) => page.locator('dt', { hasText: /^Rating$/ }).locator('xpath=following-sibling::dd[1]');
/** The card around a section, for screenshots with its frame. */
const cardOf = (section: Locator) => section.locator('xpath=..');
const creatorCards = (page: Page) => page.getByRole('region', { name: 'Creators' }).getByRole('listitem');

/** Saves a screenshot under /tmp/reviews-shots, named after the project (desktop 1280 px, mobile 390 px). */
async function shoot(target: Page | Locator, testInfo: TestInfo, name: string) {
  mkdirSync('/tmp/reviews-shots', { recursive: true });
  const path = `/tmp/reviews-shots/${testInfo.project.name}-${name}.png`;
  if ('goto' in target) await target.screenshot({ path, fullPage: true });
  else await target.screenshot({ path });
}

test.describe('reviews', () => {
  // Two or three people, a funded hire and several screens each: room for a busy shared machine.
  test.describe.configure({ timeout: 150_000 });

  test("both review and the creator's profile rating changes", async ({ page, openPersonPage, accounts }, testInfo) => {
    const h = await completedHire(accounts);
    const brandName = h.brand.companyName!;
    const creatorName = h.creator.fullName;
    const creatorText = `Clear brief from ${brandName}, quick answers and the payment arrived on time.`;
    const brandText = `${creatorName} delivered a great reel two days early.`;

    // Before any review the brand sees a new creator: "New", and no reviews on the profile.
    await signInAs(page, h.brand, /\/dashboard\/brand$/);
    await page.goto(`/creators/${h.creator.id}`);
    await expect(page.getByRole('heading', { level: 1, name: creatorName })).toBeVisible();
    await expect(profileRating(page)).toHaveText('New');
    const profileReviews = page.getByRole('region', { name: 'Reviews', exact: true });
    await expect(profileReviews).toContainText(en('reviews.list.empty'));

    // The creator reviews the brand first, in Spanish: the rules first, then four stars by keyboard.
    const creator = await openPersonPage();
    await signInAs(creator, h.creator, /\/dashboard\/creator$/);
    await creator.goto(`/deliverables/${h.deliverableId}`);
    const creatorPanel = reviewsPanel(creator, 'es');
    await expect(creatorPanel.getByRole('heading', { name: es('reviews.form.title', { name: brandName }) })).toBeVisible();
    await creatorPanel.getByRole('button', { name: es('reviews.form.submit') }).click();
    await expect(creatorPanel.getByText(es('reviews.validation.ratingInvalid'))).toBeVisible();
    await expect(creatorPanel.getByText(es('reviews.validation.bodyRequired'))).toBeVisible();
    await shoot(cardOf(creatorPanel), testInfo, 'form-creator');
    await creatorPanel.getByRole('radio', { name: '3 estrellas' }).check();
    await creator.keyboard.press('ArrowRight');
    await expect(creatorPanel.getByRole('radio', { name: '4 estrellas' })).toBeChecked();
    await expect(creatorPanel.getByText(es('reviews.validation.ratingInvalid'))).toHaveCount(0);
    const body = creatorPanel.getByLabel(es('reviews.form.body', { name: brandName }));
    await body.fill(creatorText);
    await expect(creatorPanel).toContainText(es('reviews.form.counter', { count: creatorText.length, max: 2000 }));
    await creatorPanel.getByRole('button', { name: es('reviews.form.submit') }).click();
    await expect(creatorPanel.getByRole('heading', { name: es('reviews.mine.title') })).toBeFocused();
    await expect(creatorPanel).toContainText(creatorText);
    await expect(creatorPanel.getByRole('img', { name: es('reviews.stars.label', { rating: 4 }) })).toBeVisible();
    await expect(creatorPanel).toContainText(withAnyDate(es('reviews.theirs.notYet')));
    await expect(creatorPanel.getByRole('button', { name: es('reviews.form.submit') })).toHaveCount(0);
    expect(await englishShown(creator, ['reviews'])).toEqual([]);

    // Double-blind: the brand learns that the creator wrote one, not what it says.
    await page.goto(`/deliverables/${h.deliverableId}`);
    const brandPanel = reviewsPanel(page, 'en');
    await expect(brandPanel).toContainText(withAnyDate(en('reviews.theirs.written', { name: creatorName })));
    await expect(brandPanel).not.toContainText(creatorText);
    expect(await seriousViolations(page)).toEqual([]);

    // The brand writes its review, five stars: now both see each other's.
    await brandPanel.getByRole('radio', { name: '5 stars' }).check();
    await brandPanel.getByLabel(en('reviews.form.body', { name: creatorName })).fill(brandText);
    await brandPanel.getByRole('button', { name: en('reviews.form.submit') }).click();
    await expect(brandPanel.getByRole('heading', { name: en('reviews.mine.title') })).toBeVisible();
    await expect(brandPanel.getByRole('heading', { name: en('reviews.theirs.title', { name: creatorName }) })).toBeVisible();
    await expect(brandPanel).toContainText(creatorText);
    await expect(brandPanel.getByRole('img', { name: en('reviews.stars.label', { rating: 4 }) })).toBeVisible();
    await expect(brandPanel.getByRole('img', { name: en('reviews.stars.label', { rating: 5 }) })).toBeVisible();
    await shoot(cardOf(brandPanel), testInfo, 'panel-brand');

    await creator.reload();
    await expect(creatorPanel.getByRole('heading', { name: es('reviews.theirs.title', { name: brandName }) })).toBeVisible();
    await expect(creatorPanel).toContainText(brandText);
    await expect(creatorPanel).toContainText(creatorText);
    await shoot(cardOf(creatorPanel), testInfo, 'panel-creator');
    expect(await englishShown(creator, ['reviews'])).toEqual([]);

    // The creator's profile now reads "★ 5.0 (1 review)" and lists the brand's review.
    await page.goto(`/creators/${h.creator.id}`);
    await expect(profileRating(page)).toHaveText(/^★\s*5\.0\s*\(1 review\)$/);
    await expect(page.getByLabel('Rated 5.0 out of 5 from 1 review')).toBeVisible();
    const item = profileReviews.getByRole('article', { name: en('reviews.list.item', { name: brandName }) });
    await expect(item).toContainText(brandText);
    await expect(item).toContainText(en('reviews.list.by', { name: brandName, role: 'Brand' }));
    await expect(item).toContainText(en('reviews.list.campaign', { campaign: h.campaignTitle }));
    await shoot(page, testInfo, 'profile');
    expect(await seriousViolations(page)).toEqual([]);

    // An admin hides the brand's review (a reason is required): the profile reads "New" again.
    const admin = await accounts.create('admin', { label: 'moderator' });
    const adminPage = await openPersonPage();
    await signInAs(adminPage, admin, /\/dashboard\/admin$/);
    const moderation = adminPage.getByRole('region', { name: 'Reviews', exact: true });
    const row = moderation.getByRole('article', { name: en('reviews.list.item', { name: brandName }) });
    await expect(row).toContainText(brandText);
    await expect(row).toContainText(en('reviews.admin.published'));
    await row.getByRole('button', { name: en('reviews.admin.hideLabel', { name: brandName }), exact: true }).click();
    const dialog = adminPage.getByRole('dialog', { name: en('reviews.hide.title') });
    await dialog.getByRole('button', { name: en('reviews.hide.confirm') }).click();
    await expect(dialog.getByText(en('reviews.hide.validation.reasonRequired'))).toBeVisible();
    await dialog.getByLabel(en('reviews.hide.reason')).fill('Shares private contact details');
    await dialog.getByRole('button', { name: en('reviews.hide.confirm') }).click();
    await expect(dialog).toBeHidden();
    await expect(row).toContainText(en('reviews.admin.hiddenReason', { reason: 'Shares private contact details' }));
    await expect(row.getByRole('button', { name: en('reviews.admin.hideLabel', { name: brandName }), exact: true })).toHaveCount(0);
    // One state (issue 30, item 9): Hidden, not "Published" beside it.
    await expect(row.getByText(en('reviews.admin.hidden'), { exact: true })).toBeVisible();
    await expect(row.getByText(en('reviews.admin.published'), { exact: true })).toHaveCount(0);
    await shoot(moderation, testInfo, 'admin');

    await page.reload();
    await expect(profileRating(page)).toHaveText('New');
    await expect(profileReviews).toContainText(en('reviews.list.empty'));
    await expect(profileReviews).not.toContainText(brandText);

    // The admin unhides it after a confirmation (Cancel first changes nothing): published again, counted again.
    const unhideButton = row.getByRole('button', { name: en('reviews.admin.unhideLabel', { name: brandName }) });
    await unhideButton.click();
    const unhideDialog = adminPage.getByRole('dialog', { name: en('reviews.unhide.title') });
    await expect(unhideDialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
    await unhideDialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(unhideDialog).toBeHidden();
    await expect(row.getByText(en('reviews.admin.hidden'), { exact: true })).toBeVisible();
    await unhideButton.click();
    await unhideDialog.getByRole('button', { name: en('reviews.unhide.confirm') }).click();
    await expect(unhideDialog).toBeHidden();
    await expect(adminPage.getByRole('status').filter({ hasText: en('reviews.unhide.toast') }).first()).toBeVisible();
    await expect(row.getByText(en('reviews.admin.published'), { exact: true })).toBeVisible();
    await expect(row.getByText(en('reviews.admin.hidden'), { exact: true })).toHaveCount(0);
    await expect(row).not.toContainText(en('reviews.admin.hiddenReason', { reason: 'Shares private contact details' }));
    await expect(row.getByRole('button', { name: en('reviews.admin.hideLabel', { name: brandName }), exact: true })).toBeVisible();
    await page.reload();
    await expect(profileRating(page)).toHaveText(/^★\s*5\.0\s*\(1 review\)$/);
    await expect(profileReviews).toContainText(brandText);
  });

  test('a reviewed creator found with the minimum-rating filter', async ({ page, accounts }, testInfo) => {
    const h = await completedHire(accounts);
    await reviewByApi(h.creator, h.applicationId, 4, 'Clear brief and quick payment.');
    await reviewByApi(h.brand, h.applicationId, 5, 'Delivered on time and the video performed well.');
    // A creator whose name contains the reviewed one's, without reviews: the same search finds both.
    const unreviewed = await accounts.create('creator', { fullName: `${h.creator.fullName} Twin` });

    await signInAs(page, h.brand, /\/dashboard\/brand$/);
    await page.goto(`/creators/discover?q=${encodeURIComponent(h.creator.fullName)}`);
    await expect(creatorCards(page)).toHaveCount(2);
    const reviewedCard = creatorCards(page).filter({ has: page.getByRole('link', { name: h.creator.fullName, exact: true }) });
    const unreviewedCard = creatorCards(page).filter({ has: page.getByRole('link', { name: unreviewed.fullName, exact: true }) });
    await expect(reviewedCard.getByLabel('Rated 5.0 out of 5 from 1 review')).toBeVisible();
    await expect(unreviewedCard).toContainText('New');

    // Minimum rating 4+: only the reviewed creator; the URL keeps the filter.
    await page.getByRole('button', { name: 'Show Filters' }).click();
    await page.getByLabel('Minimum rating').selectOption({ label: '4+ stars' });
    await expect(page).toHaveURL(/[?&]rating=4(&|$)/);
    await expect(creatorCards(page)).toHaveCount(1);
    await expect(reviewedCard).toBeVisible();
    await expect(unreviewedCard).toHaveCount(0);
    await shoot(page, testInfo, 'discover');

    await page.reload();
    await expect(page.getByLabel('Minimum rating')).toHaveValue('4');
    await expect(creatorCards(page)).toHaveCount(1);
    await expect(reviewedCard).toBeVisible();

    // Back to any rating: both again.
    await page.getByLabel('Minimum rating').selectOption({ label: 'Any rating' });
    await expect(page).not.toHaveURL(/rating=/);
    await expect(creatorCards(page)).toHaveCount(2);
  });
});
