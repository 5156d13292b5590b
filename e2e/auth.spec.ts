import { demo } from '../testkit/e2e/accounts.ts';
import { expect, test } from '../testkit/e2e/fixtures.ts';
import { text } from '../testkit/e2e/catalog-text.ts';
import { openNavigation } from '../testkit/e2e/navigation.ts';
import { loginPanel, signInThroughUi } from '../testkit/e2e/sign-in.ts';
import { seriousViolations } from '../testkit/e2e/axe.ts';
import { usd } from '../testkit/e2e/money.ts';


test.describe('sign-in journey', () => {
  test('the app loads: landing, auth screen, not-found card', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.goto('/auth');
    await expect(page.getByRole('heading', { name: 'Inicia sesión en tu cuenta' })).toBeVisible();
    await page.getByRole('tab', { name: 'Registrarse' }).click();
    await expect(page.getByRole('heading', { name: 'Crea tu cuenta' })).toBeVisible();
    await page.goto('/no/such/page');
    // A guest reads Spanish, as on the auth screen; the spec's English texts are the English catalog's.
    await expect(page.getByRole('heading', { name: '404 Página no encontrada' })).toBeVisible();
    await expect(page.getByText('¿Olvidaste agregar la página al enrutador?')).toBeVisible();
  });

  test('the demo creator signs in and sees the Creator Dashboard with real values, in Spanish', async ({ page, api }) => {
    // What the database says this creator's figures are, read over the same API the app uses.
    const { error: signInError } = await api.auth.signInWithPassword(demo.creator);
    expect(signInError).toBeNull();
    const { data: figures, error } = await api.rpc('creator_dashboard');
    expect(error).toBeNull();

    // The page's own read of the campaign list: other specs create campaigns meanwhile, so a second read
    // here could see a newer one.
    const browsed = page.waitForResponse(
      (r) => r.url().includes('/rest/v1/rpc/browse_campaigns') && r.request().postDataJSON()?.page_size === 3,
    );
    await signInThroughUi(page, demo.creator);
    await expect(page).toHaveURL(/\/dashboard\/creator$/);
    await expect(page.getByRole('heading', { name: text('es', 'app.creatorDashboard.title') })).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: 'Inicio de sesión exitoso' })).toBeVisible();

    const stat = (label: string) => page.locator('dl', { has: page.getByText(label, { exact: true }) }).locator('dd').first();
    await expect(stat(text('es', 'dashboard-creator.activeGigs'))).toHaveText(String(figures.active_gigs));
    await expect(stat(text('es', 'dashboard-creator.completedJobs'))).toHaveText(String(figures.completed_jobs));
    await expect(stat(text('es', 'dashboard-creator.rating'))).toHaveText(
      figures.rating == null ? text('es', 'dashboard-creator.rating.none') : `${Number(figures.rating).toFixed(1)}/5`,
    );
    await expect(stat(text('es', 'dashboard-creator.totalEarnings'))).toHaveText(await usd(page, figures.total_earnings_cents, 'es'));

    // Available Campaigns: the first three of browse_campaigns, each with the right button label.
    const campaigns = (await (await browsed).json()) as { title: string; has_applied: boolean }[];
    expect(campaigns.length).toBeGreaterThan(0);
    const section = page.getByRole('region', { name: text('es', 'campaigns.available.title') });
    for (const c of campaigns) {
      const label = c.has_applied ? 'campaigns.card.viewDetails.label' : 'campaigns.card.viewDetailsApply.label';
      await expect(section.getByRole('link', { name: text('es', label, { title: c.title }) })).toBeVisible();
    }

    // Already signed in: /auth sends the creator back to the dashboard.
    await page.goto('/auth');
    await expect(page).toHaveURL(/\/dashboard\/creator$/);
  });

  test('a brand signing in on the Spanish sign-in screen is welcomed in English, the language of its screens', async ({ page }) => {
    await page.goto('/auth');
    await expect(page.getByRole('heading', { name: 'Inicia sesión en tu cuenta' })).toBeVisible();
    await signInThroughUi(page, demo.brand);
    await expect(page).toHaveURL(/\/dashboard\/brand$/);
    await expect(page.getByRole('status').filter({ hasText: text('en', 'auth.toast.loginSuccess') })).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: text('es', 'auth.toast.loginSuccess') })).toHaveCount(0);
  });

  test('a wrong password shows the login error and keeps the email typed', async ({ page }) => {
    await signInThroughUi(page, { email: demo.creator.email, password: 'wrong-password' });
    await expect(page.getByRole('alert').filter({ hasText: 'Error al iniciar sesión' })).toBeVisible();
    await expect(page.getByRole('alert').filter({ hasText: 'Correo electrónico o contraseña incorrectos' })).toBeVisible();
    await expect(page).toHaveURL(/\/auth$/);
    await expect(loginPanel(page).getByLabel('Correo electrónico')).toHaveValue(demo.creator.email);
  });

  test('the login form shows the Spanish validation messages', async ({ page }) => {
    await page.goto('/auth');
    const login = loginPanel(page);
    await login.getByLabel('Correo electrónico').fill('not-an-email');
    await login.getByLabel('Contraseña').fill('123');
    await login.getByRole('button', { name: 'Iniciar sesión' }).click();
    await expect(login.getByText('Por favor ingresa un correo electrónico válido')).toBeVisible();
    await expect(login.getByText('La contraseña debe tener al menos 6 caracteres')).toBeVisible();
    await expect(login.getByLabel('Correo electrónico')).toHaveValue('not-an-email');
    await expect(login.getByLabel('Correo electrónico')).toHaveAttribute('aria-invalid', 'true');
  });

  test('a guest opening a dashboard lands on /auth', async ({ page }) => {
    await page.goto('/dashboard/creator');
    await expect(page).toHaveURL(/\/auth$/);
    await expect(page.getByRole('heading', { name: 'Inicia sesión en tu cuenta' })).toBeVisible();
  });

  test('sign out goes to /auth with the Logged out toast, in the creator’s Spanish', async ({ page }) => {
    await signInThroughUi(page, demo.creator);
    await expect(page.getByRole('heading', { name: 'Panel de creador' })).toBeVisible();
    await openNavigation(page);
    await page.getByRole('button', { name: 'Cerrar sesión' }).click();
    await expect(page).toHaveURL(/\/auth$/);
    await expect(page.getByRole('status').filter({ hasText: 'Sesión cerrada' })).toBeVisible();
    await expect(page.getByText('Cerraste sesión correctamente.')).toBeVisible();
    // The session is really gone: a dashboard sends the visitor back to /auth.
    await page.goto('/dashboard/creator');
    await expect(page).toHaveURL(/\/auth$/);
  });
});

test.describe('accessibility', () => {
  test('/auth has no serious or critical axe violations on either tab', async ({ page }) => {
    await page.goto('/auth');
    await expect(page.getByRole('heading', { name: 'Inicia sesión en tu cuenta' })).toBeVisible();
    const serious = () => seriousViolations(page);
    expect(await serious()).toEqual([]);
    await page.getByRole('tab', { name: 'Registrarse' }).click();
    await expect(page.getByRole('heading', { name: 'Crea tu cuenta' })).toBeVisible();
    expect(await serious()).toEqual([]);
  });
});
