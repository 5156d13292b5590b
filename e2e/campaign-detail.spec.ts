import { AxeBuilder } from '@axe-core/playwright';
import type { Locator, Page } from '@playwright/test';
import { type Credentials, rpc, signedInClient } from '../testkit/e2e/clients.ts';
import { expect, test } from '../testkit/e2e/fixtures.ts';
import { signInThroughUi } from '../testkit/e2e/sign-in.ts';

/**
 * The campaign detail journey between a brand and creators: apply (a blank pitch refused), accept and
 * reject (with the confirmation), submit, edit and delete content links, approve with feedback and the
 * 'Pay creator' link. All accounts and the campaign are this test's own.
 */

/** Signs the page out (drops the stored session) and signs in as someone else. */
async function switchTo(page: Page, account: Credentials, dashboard: RegExp) {
  await page.evaluate(() => localStorage.clear());
  await signInThroughUi(page, account);
  await expect(page).toHaveURL(dashboard);
}

const toast = (page: Page, title: string) => page.getByRole('status').filter({ hasText: title }).or(page.getByRole('alert').filter({ hasText: title })).first();

async function expectNoSeriousA11yViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

/** The content list item showing this URL. */
const contentItem = (scope: Page | Locator, url: string) => scope.getByRole('listitem').filter({ has: scope.getByRole('link', { name: url }) });

test('brand and creators on a campaign: apply, accept, reject, deliver, edit, delete, approve', async ({ page, accounts }) => {
  test.setTimeout(180_000);
  const brand = await accounts.create('brand');
  const creator = await accounts.create('creator', { label: 'ana' });
  const other = await accounts.create('creator', { label: 'leo' });
  const [brandApi, otherApi] = await Promise.all([signedInClient(brand), signedInClient(other)]);
  const title = `Detail journey ${Date.now()}`;
  const campaignId = await rpc<string>(brandApi, 'create_campaign', {
    title, description: 'Film a short review of our bottle.', content_type: 'review', platforms: ['instagram', 'tiktok'],
    compensation_type: 'product', compensation_cents: 0, deadline: new Date(Date.now() + 3.5 * 86400e3).toISOString(),
  });
  await rpc(otherApi, 'apply_to_campaign', { campaign_id: campaignId, pitch: 'Pick me, I film every day.' });

  // Creator: details, brand sidebar, and applying (a blank pitch is refused with the spec's text).
  await signInThroughUi(page, creator);
  await expect(page).toHaveURL(/\/dashboard\/creator$/);
  await page.goto(`/campaigns/${campaignId}`);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.getByText('4 days left').first()).toBeVisible();
  await expect(page.getByText('$0.00 (Product exchange)')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Edit Campaign' })).toHaveCount(0);
  await expect(page.getByRole('tab', { name: /Applications/ })).toHaveCount(0);
  await page.getByRole('tab', { name: 'Requirements' }).click();
  await expect(page.getByText('No specific requirements provided.')).toBeVisible();
  const sidebar = page.getByRole('complementary', { name: 'Campaign information' });
  await expect(sidebar.getByText('About the Brand')).toBeVisible();
  await expect(sidebar.getByText('Industry not specified')).toBeVisible();
  await expect(sidebar.getByRole('link', { name: 'Message Brand' })).toHaveAttribute('href', `/messages?contact=${brand.id}`);
  await expect(sidebar.getByText('Applications').locator('..')).toContainText('1');

  await page.getByRole('button', { name: 'Submit Application' }).click();
  await expect(page.getByText("Please enter a pitch describing why you're a good fit for this campaign.")).toBeVisible();
  await page.getByLabel('Your pitch').fill('   ');
  await page.getByRole('button', { name: 'Submit Application' }).click();
  await expect(page.getByText("Please enter a pitch describing why you're a good fit for this campaign.")).toBeVisible();
  await page.getByLabel('Your pitch').fill('I review skincare every week for 40K followers.');
  await page.getByRole('button', { name: 'Submit Application' }).click();
  await expect(toast(page, 'Application submitted')).toBeVisible();
  await expect(page.getByText('Your application is pending review. You can submit content once your application is accepted.')).toBeVisible();
  await expect(sidebar.getByText('Applications').locator('..')).toContainText('2');

  // Brand: accept one application, reject the other after the confirmation.
  await switchTo(page, brand, /\/dashboard\/brand$/);
  await page.goto(`/campaigns/${campaignId}`);
  await expect(page.getByRole('link', { name: 'Edit Campaign' })).toHaveAttribute('href', `/campaigns/edit/${campaignId}`);
  await expect(page.getByRole('button', { name: 'Pause' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Message Brand' })).toHaveCount(0);
  await page.getByRole('tab', { name: 'Applications (2)' }).click();
  const mine = page.getByRole('article', { name: `Application from ${creator.fullName}` });
  const theirs = page.getByRole('article', { name: `Application from ${other.fullName}` });
  await expect(mine).toContainText(`@${creator.username}`);
  await expect(mine).toContainText('I review skincare every week for 40K followers.');
  await expect(mine).toContainText('Pending');
  // No picture: the avatar shows the initials (first and last word of the name).
  const words = creator.fullName.split(' ');
  await expect(mine.getByText(`${words[0]![0]}${words[words.length - 1]![0]}`.toUpperCase(), { exact: true })).toBeVisible();
  await mine.getByRole('button', { name: 'Accept' }).click();
  await expect(toast(page, 'Application updated')).toBeVisible();
  await expect(mine).toContainText('Accepted');
  await expect(mine.getByRole('button', { name: 'Accept' })).toHaveCount(0);
  await expect(mine.getByText('No content submitted yet.')).toBeVisible();

  await theirs.getByRole('button', { name: 'Reject' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('Are you sure you want to reject this application? This action cannot be undone.');
  // Cancel has the focus, so a stray Enter never rejects.
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(theirs).toContainText('Pending');
  await theirs.getByRole('button', { name: 'Reject' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Reject' }).click();
  await expect(toast(page, 'Application updated')).toBeVisible();
  await expect(theirs).toContainText('Rejected');
  await expect(theirs.getByRole('button', { name: 'Reject' })).toHaveCount(0);

  // Creator: submit content (a non-http link refused), edit one, delete another.
  await switchTo(page, creator, /\/dashboard\/creator$/);
  await page.goto(`/campaigns/${campaignId}`);
  await expect(page.getByText('No content submitted yet.')).toBeVisible();
  await expect(page.getByText("Paste a link to your content. Make sure it's publicly accessible.")).toBeVisible();
  const urlInput = page.getByLabel('Content URL');
  await page.getByRole('button', { name: 'Submit Content' }).click();
  await expect(page.getByText('Please enter a URL to your content.')).toBeVisible();
  await urlInput.fill('ftp://files.example.com/video.mp4');
  await page.getByRole('button', { name: 'Submit Content' }).click();
  await expect(page.getByText('Please enter a valid link starting with http:// or https://')).toBeVisible();
  await expect(urlInput).toHaveValue('ftp://files.example.com/video.mp4');

  const first = `https://www.instagram.com/reel/e2e-${Date.now()}/`;
  const second = `https://www.tiktok.com/@e2e/video/${Date.now()}`;
  await urlInput.fill(first);
  await page.getByRole('button', { name: 'Submit Content' }).click();
  await expect(toast(page, 'Deliverable submitted')).toBeVisible();
  await expect(contentItem(page, first)).toContainText('Pending');
  await expect(contentItem(page, first)).toContainText(/Submitted \w+ \d{2}, \d{4}/);
  await expect(urlInput).toHaveValue('');
  await urlInput.fill(second);
  await page.getByRole('button', { name: 'Submit Content' }).click();
  await expect(toast(page, 'Deliverable submitted')).toBeVisible();
  await expect(contentItem(page, second)).toBeVisible();

  // Editing fills the form; Cancel leaves it; Update Content saves.
  await page.getByRole('button', { name: `Edit ${second}` }).click();
  await expect(urlInput).toHaveValue(second);
  await expect(page.getByRole('button', { name: 'Update Content' })).toBeVisible();
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('button', { name: 'Submit Content' })).toBeVisible();
  await expect(urlInput).toHaveValue('');
  const edited = `${first}edited`;
  await page.getByRole('button', { name: `Edit ${first}` }).click();
  await urlInput.fill(edited);
  await page.getByRole('button', { name: 'Update Content' }).click();
  await expect(toast(page, 'Deliverable updated')).toBeVisible();
  await expect(contentItem(page, edited)).toBeVisible();
  await expect(page.getByRole('link', { name: first, exact: true })).toHaveCount(0);

  await page.getByRole('button', { name: `Delete ${second}` }).click();
  const confirm = page.getByRole('dialog');
  await expect(confirm).toContainText('Are you sure you want to delete this content URL? This action cannot be undone.');
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(toast(page, 'Deliverable deleted')).toBeVisible();
  await expect(contentItem(page, second)).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);

  // Brand: approve with feedback; approved content links to its payment screen.
  await switchTo(page, brand, /\/dashboard\/brand$/);
  await page.goto(`/campaigns/${campaignId}`);
  await page.getByRole('tab', { name: /Applications/ }).click();
  const panel = page.getByRole('region', { name: `Content from ${creator.fullName}` });
  const item = panel.getByRole('article').filter({ has: page.getByRole('link', { name: edited }) });
  await expect(item).toContainText('Pending');
  await item.getByLabel('Feedback (optional)').fill('Great work, thank you!');
  await item.getByRole('button', { name: 'Approve' }).click();
  await expect(toast(page, 'Status updated')).toBeVisible();
  await expect(item).toContainText('Approved');
  await expect(item).toContainText('Great work, thank you!');
  await expect(item.getByRole('button', { name: 'Approve' })).toHaveCount(0);
  const deliverableId = (await item.getByRole('link', { name: 'Pay creator' }).getAttribute('href'))!.split('/').pop();
  expect(deliverableId).toMatch(/^[0-9a-f-]{36}$/);
  await expectNoSeriousA11yViolations(page);

  // Creator: the approved link shows the feedback and can no longer be edited or deleted.
  await switchTo(page, creator, /\/dashboard\/creator$/);
  await page.goto(`/campaigns/${campaignId}`);
  await expect(contentItem(page, edited)).toContainText('Approved');
  await expect(contentItem(page, edited)).toContainText('Great work, thank you!');
  await expect(page.getByRole('button', { name: `Edit ${edited}` })).toHaveCount(0);
  await expect(page.getByRole('button', { name: `Delete ${edited}` })).toHaveCount(0);

  // The rejected creator gets an honest notice, not a form.
  await switchTo(page, other, /\/dashboard\/creator$/);
  await page.goto(`/campaigns/${campaignId}`);
  await expect(page.getByText('Your application was not accepted for this campaign.', { exact: false })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Submit Application' })).toHaveCount(0);
  await expect(page.getByLabel('Content URL')).toHaveCount(0);
});

test('the brand reviews a rejection of content with feedback', async ({ page, accounts }) => {
  test.setTimeout(60_000);
  const brand = await accounts.create('brand');
  const creator = await accounts.create('creator');
  const [brandApi, creatorApi] = await Promise.all([signedInClient(brand), signedInClient(creator)]);
  const campaignId = await rpc<string>(brandApi, 'create_campaign', {
    title: 'Review rejection', description: 'D', content_type: 'post', platforms: ['instagram'], compensation_type: 'flat_fee',
    compensation_cents: 5000, deadline: new Date(Date.now() + 5 * 86400e3).toISOString(),
  });
  const applicationId = await rpc<string>(creatorApi, 'apply_to_campaign', { campaign_id: campaignId, pitch: 'Me!' });
  await rpc(brandApi, 'accept_application', { application_id: applicationId });
  const url = `https://www.instagram.com/p/e2e${Date.now()}/`;
  await rpc(creatorApi, 'submit_deliverable', { campaign_id: campaignId, content_url: url });

  await signInThroughUi(page, brand);
  await expect(page).toHaveURL(/\/dashboard\/brand$/);
  await page.goto(`/campaigns/${campaignId}`);
  await page.getByRole('tab', { name: 'Applications (1)' }).click();
  const panel = page.getByRole('region', { name: `Content from ${creator.fullName}` });
  const item = panel.getByRole('article').filter({ has: page.getByRole('link', { name: url }) });
  await item.getByLabel('Feedback (optional)').fill('Please mention the brand name.');
  await item.getByRole('button', { name: 'Reject' }).click();
  await expect(toast(page, 'Status updated')).toBeVisible();
  await expect(item).toContainText('Rejected');
  await expect(item).toContainText('Please mention the brand name.');
  await expect(item.getByRole('link', { name: 'Pay creator' })).toHaveCount(0);

  // The dashboard row counts the real application.
  await page.goto('/dashboard/brand');
  await expect(page.getByRole('listitem').filter({ has: page.getByRole('link', { name: 'Review rejection' }) })).toContainText('1 application');
});

test('a missing campaign shows the spec text with a way back', async ({ page, accounts }) => {
  const creator = await accounts.create('creator');
  await signInThroughUi(page, creator);
  await expect(page).toHaveURL(/\/dashboard\/creator$/);
  await page.goto('/campaigns/00000000-0000-0000-0000-00000000dead');
  await expect(
    page.getByText("Unable to load campaign details. The campaign may have been removed or you don't have permission to view it."),
  ).toBeVisible();
  await page.getByRole('link', { name: 'Return to Dashboard' }).click();
  await expect(page).toHaveURL(/\/dashboard\/creator$/);
});
