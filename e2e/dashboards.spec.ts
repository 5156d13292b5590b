import type { Page } from '@playwright/test';
import { demo } from '../testkit/e2e/accounts.ts';
import { expect, test } from '../testkit/e2e/fixtures.ts';
import { signInThroughUi } from '../testkit/e2e/sign-in.ts';
import { englishShown, shownIn } from '../testkit/e2e/catalog-text.ts';

/** Dollars as each language writes them: "$5,240.00" for brands, "USD 5,240.00" for creators. */
const usd = (cents: number, locale = 'en-US') =>
  new Intl.NumberFormat(locale, { style: 'currency', currency: 'USD', minimumFractionDigits: 2 }).format(cents / 100);

const stat = (page: Page, label: string) => page.locator('dl', { has: page.getByText(label, { exact: true }) }).locator('dd').first();


test.describe('dashboards by role', () => {
  test('the demo brand lands on the Brand Dashboard with the database figures', async ({ page, api }) => {
    expect((await api.auth.signInWithPassword(demo.brand)).error).toBeNull();
    const { data: figures, error } = await api.rpc('brand_dashboard');
    expect(error).toBeNull();

    await signInThroughUi(page, demo.brand);
    await expect(page).toHaveURL(/\/dashboard\/brand$/);
    await expect(page.getByRole('heading', { name: 'Brand Dashboard' })).toBeVisible();
    await expect(stat(page, 'Active Campaigns')).toHaveText(String(figures.active_campaigns));
    await expect(stat(page, 'Working Creators')).toHaveText(String(figures.working_creators));
    await expect(stat(page, 'Content Delivered')).toHaveText(String(figures.content_delivered));
    await expect(stat(page, 'Released to creators')).toHaveText(usd(figures.total_spent_cents));
    await expect(page.getByRole('heading', { name: 'Your Campaigns' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Recommended Creators' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Create Campaign' }).first()).toHaveAttribute('href', '/campaigns/create');
    // A brand reads English: no Spanish-only text of the shell, the dashboard or its lists shows.
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.getByRole('region', { name: 'Your Campaigns' }).getByRole('listitem').first()).toBeVisible();
    expect(await shownIn(page, 'es', ['common', 'app', 'campaigns', 'dashboard-brand', 'creators'])).toEqual([]);
  });

  test('the demo creator lands on the Creator Dashboard in Spanish with the database figures', async ({ page, api }) => {
    expect((await api.auth.signInWithPassword(demo.creator)).error).toBeNull();
    const { data: figures, error } = await api.rpc('creator_dashboard');
    expect(error).toBeNull();

    await signInThroughUi(page, demo.creator);
    await expect(page).toHaveURL(/\/dashboard\/creator$/);
    await expect(page.getByRole('heading', { name: 'Panel de creador' })).toBeVisible();
    await expect(stat(page, 'Trabajos activos')).toHaveText(String(figures.active_gigs));
    await expect(stat(page, 'Trabajos completados')).toHaveText(String(figures.completed_jobs));
    await expect(stat(page, 'Calificación')).toHaveText(figures.rating == null ? 'Nuevo' : `${Number(figures.rating).toFixed(1)}/5`);
    await expect(stat(page, 'Ganancias totales')).toHaveText(usd(figures.total_earnings_cents, 'es-419'));
    await expect(page.getByRole('heading', { name: 'Campañas disponibles' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Ver todas' })).toHaveAttribute('href', '/campaigns');
    await expect(page.getByRole('heading', { name: 'Mis trabajos activos' })).toBeVisible();
    // The seed's applications and the open campaigns have loaded before the page is checked for English.
    await expect(page.getByRole('region', { name: 'Mis trabajos activos' }).getByRole('listitem').first()).toBeVisible();
    await expect(page.getByRole('region', { name: 'Campañas disponibles' }).getByRole('listitem').first()).toBeVisible();
    expect(await englishShown(page, ['campaigns', 'applications', 'dashboard-creator'])).toEqual([]);
  });

  test('the role redirect screen sends the creator to their dashboard; other dashboards refuse', async ({ page }) => {
    await signInThroughUi(page, demo.creator);
    await expect(page).toHaveURL(/\/dashboard\/creator$/);
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/dashboard\/creator$/);
    await page.goto('/dashboard/brand');
    await expect(page).toHaveURL(/\/dashboard\/creator$/);
    await page.goto('/dashboard/admin');
    await expect(page.getByRole('heading', { name: 'Acceso denegado' })).toBeVisible();
  });

  test('the admin lands on the admin dashboard', async ({ page }) => {
    await signInThroughUi(page, demo.admin);
    await expect(page).toHaveURL(/\/dashboard\/admin$/);
    await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();
  });
});
