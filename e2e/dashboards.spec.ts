import { demo } from '../testkit/e2e/accounts.ts';
import { expect, test } from '../testkit/e2e/fixtures.ts';
import { signInThroughUi } from '../testkit/e2e/sign-in.ts';

const usd = (cents: number) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2 }).format(cents / 100);

test.describe('dashboards by role', () => {
  test('the demo brand lands on the Brand Dashboard with the database figures', async ({ page, api }) => {
    expect((await api.auth.signInWithPassword(demo.brand)).error).toBeNull();
    const { data: figures, error } = await api.rpc('brand_dashboard');
    expect(error).toBeNull();

    await signInThroughUi(page, demo.brand);
    await expect(page).toHaveURL(/\/dashboard\/brand$/);
    await expect(page.getByRole('heading', { name: 'Brand Dashboard' })).toBeVisible();
    const stat = (label: string) => page.locator('dl', { has: page.getByText(label, { exact: true }) }).locator('dd').first();
    await expect(stat('Active Campaigns')).toHaveText(String(figures.active_campaigns));
    await expect(stat('Working Creators')).toHaveText(String(figures.working_creators));
    await expect(stat('Content Delivered')).toHaveText(String(figures.content_delivered));
    await expect(stat('Total Spent')).toHaveText(usd(figures.total_spent_cents));
    await expect(page.getByRole('link', { name: 'Create Campaign' }).first()).toHaveAttribute('href', '/campaigns/create');
  });

  test('the role redirect screen sends the creator to their dashboard; other dashboards refuse', async ({ page }) => {
    await signInThroughUi(page, demo.creator);
    await expect(page).toHaveURL(/\/dashboard\/creator$/);
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/dashboard\/creator$/);
    await page.goto('/dashboard/brand');
    await expect(page).toHaveURL(/\/dashboard\/creator$/);
    await page.goto('/dashboard/admin');
    await expect(page.getByRole('heading', { name: 'Access Denied' })).toBeVisible();
  });

  test('the admin lands on the admin dashboard', async ({ page }) => {
    await signInThroughUi(page, demo.admin);
    await expect(page).toHaveURL(/\/dashboard\/admin$/);
    await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();
  });
});
