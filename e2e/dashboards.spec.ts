import type { Page } from '@playwright/test';
import { demo } from '../testkit/e2e/accounts.ts';
import { expect, test } from '../testkit/e2e/fixtures.ts';
import { signInThroughUi } from '../testkit/e2e/sign-in.ts';
import { openNavigation } from '../testkit/e2e/navigation.ts';
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

  test('a fresh brand is led to its first campaign in both languages; a second sign-in says "Welcome back"', async ({ page, accounts }) => {
    const brand = await accounts.create('brand');
    await signInThroughUi(page, brand);
    await expect(page).toHaveURL(/\/dashboard\/brand$/);
    await expect(page.getByRole('status').filter({ hasText: 'Login Successful' })).toContainText(`Welcome, ${brand.fullName}!`);
    const guide = page.getByRole('region', { name: 'Create your first campaign' });
    await expect(guide.getByRole('listitem')).toHaveText([/^1\s*Publish it/, /^2\s*Review applicants/, /^3\s*Fund each hire/]);
    await expect(guide.getByRole('link', { name: 'Create your first campaign' })).toHaveAttribute('href', '/campaigns/create');
    await expect(page.getByText(`Welcome, ${brand.fullName}.`, { exact: true })).toBeVisible();
    await expect(page.getByText(/Welcome back/)).toHaveCount(0);
    // No zero figures or empty lists instead of the guide.
    await expect(page.getByRole('heading', { name: 'Your Campaigns' })).toHaveCount(0);

    await switchLanguage(page, 'Language', 'Español');
    const guia = page.getByRole('region', { name: 'Crea tu primera campaña' });
    await expect(guia.getByRole('listitem')).toHaveText([/^1\s*Publícala/, /^2\s*Revisa a los postulantes/, /^3\s*Deposita el pago/]);
    await expect(guia.getByRole('link', { name: 'Crea tu primera campaña' })).toHaveAttribute('href', '/campaigns/create');
    await expect(page.getByText(`Te damos la bienvenida, ${brand.fullName}.`, { exact: true })).toBeVisible();

    // The second sign-in (now in the Spanish the brand chose) welcomes them back.
    await signInAgain(page, brand);
    await expect(page).toHaveURL(/\/dashboard\/brand$/);
    await expect(page.getByRole('status').filter({ hasText: 'Inicio de sesión exitoso' })).toContainText(`¡Bienvenido de nuevo, ${brand.fullName}!`);
    await expect(page.getByText(`Qué bueno verte de nuevo, ${brand.fullName}.`, { exact: true })).toBeVisible();
  });

  test('a fresh creator is led to complete the profile and browse, in both languages', async ({ page, accounts }) => {
    const creator = await accounts.create('creator');
    await signInThroughUi(page, creator);
    await expect(page).toHaveURL(/\/dashboard\/creator$/);
    await expect(page.getByText(`Te damos la bienvenida, ${creator.fullName}.`, { exact: true })).toBeVisible();
    const guia = page.getByRole('region', { name: 'Consigue tu primera campaña' });
    await expect(guia.getByRole('listitem')).toHaveText([/^1\s*Completa tu perfil/, /^2\s*Explora las campañas/, /^3\s*Postúlate/]);
    await expect(guia.getByRole('link', { name: 'Completa tu perfil' })).toHaveAttribute('href', '/settings?tab=profile');
    await expect(guia.getByRole('link', { name: 'Explorar campañas' })).toHaveAttribute('href', '/campaigns');
    await expect(page.getByText(/Qué bueno verte de nuevo/)).toHaveCount(0);

    await switchLanguage(page, 'Idioma', 'English');
    const guide = page.getByRole('region', { name: 'Get your first campaign' });
    await expect(guide.getByRole('listitem')).toHaveText([/^1\s*Complete your profile/, /^2\s*Browse the open campaigns/, /^3\s*Apply/]);
    await expect(guide.getByRole('link', { name: 'Complete your profile' })).toHaveAttribute('href', '/settings?tab=profile');
    await expect(guide.getByRole('link', { name: 'Browse campaigns' })).toHaveAttribute('href', '/campaigns');
    await expect(page.getByText(`Welcome, ${creator.fullName}.`, { exact: true })).toBeVisible();

    await signInAgain(page, creator);
    await expect(page).toHaveURL(/\/dashboard\/creator$/);
    await expect(page.getByText(`Welcome back, ${creator.fullName}.`, { exact: true })).toBeVisible();
  });
});

/** The shell's language switch (in the slide-in menu on a phone), closing the menu again. */
async function switchLanguage(page: Page, group: 'Language' | 'Idioma', to: 'English' | 'Español'): Promise<void> {
  await openNavigation(page);
  await page.getByRole('group', { name: group }).getByRole('button', { name: to }).click();
  if ((page.viewportSize()?.width ?? 1280) < 1024) await page.keyboard.press('Escape');
}

/** Signs out through the shell and in again (the sign-in screen set to Spanish, as signInThroughUi reads it). */
async function signInAgain(page: Page, account: { email: string; password: string }): Promise<void> {
  await openNavigation(page);
  await page.getByRole('button', { name: /^(Sign out|Cerrar sesión)$/ }).click();
  await expect(page).toHaveURL(/\/auth$/);
  const spanish = page.getByRole('button', { name: 'Español' });
  if ((await spanish.getAttribute('aria-pressed')) !== 'true') await spanish.click();
  await expect(spanish).toHaveAttribute('aria-pressed', 'true');
  await signInThroughUi(page, account);
}
