import type { Page } from '@playwright/test';
import { demo, unique } from '../testkit/e2e/accounts.ts';
import { text } from '../testkit/e2e/catalog-text.ts';
import { expect, test } from '../testkit/e2e/fixtures.ts';

interface Registration {
  fullName: string;
  tiktok?: string;
  instagram?: string;
  youtube?: string;
  email: string;
  password: string;
  confirm?: string;
  terms?: boolean;
}

function registerPanel(page: Page) {
  return page.getByRole('tabpanel', { name: 'Registrarse' });
}

async function fillRegistration(page: Page, r: Registration) {
  await page.goto('/auth');
  await page.getByRole('tab', { name: 'Registrarse' }).click();
  const form = registerPanel(page);
  await form.getByLabel('Nombre completo').fill(r.fullName);
  if (r.tiktok) await form.getByLabel('Usuario de TikTok').fill(r.tiktok);
  if (r.instagram) await form.getByLabel('Usuario de Instagram').fill(r.instagram);
  if (r.youtube) await form.getByLabel('Usuario de YouTube').fill(r.youtube);
  await form.getByLabel('Correo electrónico').fill(r.email);
  await form.getByLabel('Contraseña', { exact: true }).fill(r.password);
  await form.getByLabel('Confirmar contraseña').fill(r.confirm ?? r.password);
  if (r.terms !== false) await form.getByRole('checkbox').check();
  return form;
}

test.describe('registration journey', () => {
  test('a new creator registers in Spanish and lands on an empty Creator Dashboard', async ({ page, accounts }) => {
    const handle = unique('nueva_');
    accounts.adopt(`${handle}@example.com`);
    const form = await fillRegistration(page, {
      fullName: 'Lucía Fernández',
      instagram: handle,
      email: `${handle}@example.com`,
      password: 'secreta123',
    });
    await form.getByRole('button', { name: 'Crear cuenta' }).click();
    await expect(page).toHaveURL(/\/dashboard\/creator$/);
    await expect(page.getByRole('status').filter({ hasText: 'Registro exitoso' })).toContainText('¡Bienvenido, Lucía Fernández!');
    // A new creator reads the app in Spanish.
    await expect(page.getByRole('heading', { name: text('es', 'app.creatorDashboard.title') })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');
    // Nothing to count yet: the first steps instead of zero figures (issue 32, item 3).
    await expect(page.getByText(text('es', 'dashboard-creator.firstSteps.title'))).toBeVisible();
    await expect(page.getByRole('link', { name: text('es', 'dashboard-creator.firstSteps.completeProfile') })).toBeVisible();
    await expect(page.getByText(text('es', 'dashboard-creator.activeGigs'), { exact: true })).toHaveCount(0);
  });

  test('a taken username is an error on its field, and nothing typed is lost', async ({ page, api }) => {
    await api.auth.signInWithPassword(demo.creator);
    const { data } = await api.rpc('current_profile');
    const taken = (Array.isArray(data) ? data[0] : data).username as string;
    const email = `${unique('otra_')}@example.com`;
    const form = await fillRegistration(page, { fullName: 'Otra Persona', youtube: taken, email, password: 'secreta123' });
    await form.getByRole('button', { name: 'Crear cuenta' }).click();
    const youtube = form.getByLabel('Usuario de YouTube');
    await expect(youtube).toHaveAttribute('aria-invalid', 'true');
    await expect(form.getByText('Este usuario ya está registrado. Prueba con otro.')).toBeVisible();
    await expect(page).toHaveURL(/\/auth$/);
    await expect(youtube).toHaveValue(taken);
    await expect(form.getByLabel('Nombre completo')).toHaveValue('Otra Persona');
    await expect(form.getByLabel('Correo electrónico')).toHaveValue(email);
    await expect(form.getByRole('checkbox')).toBeChecked();
  });

  test('an email already registered ends in the registration error, saying why', async ({ page }) => {
    const form = await fillRegistration(page, { fullName: 'Copia', tiktok: unique('copia_'), email: demo.creator.email, password: 'secreta123' });
    await form.getByRole('button', { name: 'Crear cuenta' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Error en el registro' })).toBeVisible();
    await expect(page).toHaveURL(/\/auth$/);
    await expect(form.getByLabel('Correo electrónico')).toHaveValue(demo.creator.email);
  });

  test('the form shows the spec messages for missing socials, mismatch and terms', async ({ page }) => {
    const form = await fillRegistration(page, { fullName: 'X', email: 'x@example.com', password: 'secreta123', confirm: 'otra-cosa', terms: false });
    await form.getByRole('button', { name: 'Crear cuenta' }).click();
    await expect(form.getByText('El nombre debe tener al menos 2 caracteres')).toBeVisible();
    await expect(form.getByText('Se requiere al menos un usuario de redes sociales')).toBeVisible();
    await expect(form.getByText('Las contraseñas no coinciden')).toBeVisible();
    await expect(form.getByText('Debes aceptar los términos y condiciones')).toBeVisible();
  });

  test('the terms and privacy links open in a new tab', async ({ page }) => {
    await page.goto('/auth');
    await page.getByRole('tab', { name: 'Registrarse' }).click();
    for (const name of [/términos y condiciones/, /política de privacidad/]) {
      const link = registerPanel(page).getByRole('link', { name });
      await expect(link).toHaveAttribute('target', '_blank');
      await expect(link).toHaveAttribute('rel', /noopener/);
      const [popup] = await Promise.all([page.waitForEvent('popup'), link.click()]);
      await expect(popup.getByRole('heading', { level: 1 })).toBeVisible();
      await popup.close();
    }
  });
});
