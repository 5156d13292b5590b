import type { Page } from '@playwright/test';
import { demo, unique } from '../testkit/e2e/accounts.ts';
import { englishShown, type Lang, text } from '../testkit/e2e/catalog-text.ts';
import type { Credentials } from '../testkit/e2e/clients.ts';
import { expect, test } from '../testkit/e2e/fixtures.ts';
import { openNavigation } from '../testkit/e2e/navigation.ts';
import { signInThroughUi } from '../testkit/e2e/sign-in.ts';
import { seriousViolations } from '../testkit/e2e/axe.ts';

/**
 * Settings journeys run on fresh accounts from the account factory, deleted when each test ends; the demo
 * admin only opens its (empty) profile tab. Creators read the screen in Spanish, brands and admins in
 * English (issue 15).
 */

async function openSettings(page: Page, user: Credentials, lang: Lang = 'en') {
  const title = lang === 'es' ? 'Configuración' : 'Settings';
  await signInThroughUi(page, user);
  await expect(page).toHaveURL(/\/dashboard\//);
  await openNavigation(page);
  await page.getByRole('link', { name: title }).first().click();
  await expect(page).toHaveURL(/\/settings$/);
  await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();
}


const status = (page: Page, title: string) => page.getByRole('status').filter({ hasText: title });
const alert = (page: Page, title: string) => page.getByRole('alert').filter({ hasText: title });

test.describe('settings: account', () => {
  test('updates name, username, email and bio; the shell shows the new name', async ({ page, accounts }) => {
    const user = await accounts.create('creator', { fullName: 'Carla Prueba' });
    await openSettings(page, user, 'es');
    const account = page.getByRole('form', { name: 'Cuenta' });
    await expect(account.getByLabel('Nombre completo')).toHaveValue('Carla Prueba');
    await expect(account.getByLabel('Correo electrónico')).toHaveValue(user.email);
    expect(await englishShown(page, ['settings'])).toEqual([]);

    const newUsername = unique('carla.');
    const newEmail = `${newUsername}@example.org`;
    await account.getByLabel('Nombre completo').fill('Carla Renombrada');
    await account.getByLabel('Usuario', { exact: true }).fill(newUsername);
    await account.getByLabel('Correo electrónico').fill(newEmail);
    await account.getByLabel('Biografía').fill('Creadora de contenido de cocina.');
    await account.getByRole('button', { name: 'Guardar cambios' }).click();
    await expect(status(page, 'Cuenta actualizada')).toContainText('La información de tu cuenta se actualizó correctamente.');

    await openNavigation(page);
    await expect(page.getByText('Sesión iniciada como Carla Renombrada').filter({ visible: true })).toBeVisible();
    await page.keyboard.press('Escape');

    // What the database now holds, after a reload.
    await page.reload();
    const reloaded = page.getByRole('form', { name: 'Cuenta' });
    await expect(reloaded.getByLabel('Nombre completo')).toHaveValue('Carla Renombrada');
    await expect(reloaded.getByLabel('Usuario', { exact: true })).toHaveValue(newUsername);
    // The address changes once a confirmation link is followed (Auth's double_confirm_changes): until then
    // the field keeps the current one and says where the links went.
    await expect(reloaded.getByLabel('Correo electrónico')).toHaveValue(user.email);
    await expect(reloaded.getByText(text('es', 'settings.account.emailPending', { email: newEmail, current: user.email }))).toBeVisible();
    await expect(reloaded.getByLabel('Biografía')).toHaveValue('Creadora de contenido de cocina.');

    expect(await page.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(page.viewportSize()!.width);
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('a taken username is refused with a clear message and the input is kept', async ({ page, accounts }) => {
    const user = await accounts.create('creator', { fullName: 'Tomás Prueba' });
    await openSettings(page, user, 'es');
    const account = page.getByRole('form', { name: 'Cuenta' });
    const username = account.getByLabel('Usuario', { exact: true });
    await account.getByLabel('Nombre completo').fill('Tomás Cambiado');
    await username.fill('SOFIA.RIOS');
    await account.getByRole('button', { name: 'Guardar cambios' }).click();
    // The database's refusal, said by its code in the creator's language.
    await expect(alert(page, 'Error al actualizar')).toContainText('Ese usuario ya está en uso');
    await expect(account.getByText('Este usuario ya está en uso. Elige otro.')).toBeVisible();
    await expect(username).toHaveValue('SOFIA.RIOS');
    await expect(username).toHaveAttribute('aria-invalid', 'true');
    await expect(account.getByLabel('Nombre completo')).toHaveValue('Tomás Cambiado');

    // An email already in use: the auth server's refusal by its code, on the email field, input kept.
    await username.fill(user.username);
    await account.getByLabel('Correo electrónico').fill('brand@demo.test');
    await account.getByRole('button', { name: 'Guardar cambios' }).click();
    await expect(alert(page, 'Error al actualizar').filter({ hasText: 'Este correo electrónico ya está registrado' })).toBeVisible();
    await expect(account.getByLabel('Correo electrónico')).toHaveAttribute('aria-invalid', 'true');
    await expect(account.getByLabel('Correo electrónico')).toHaveValue('brand@demo.test');

    // Client-side rules, with the input kept.
    await username.fill('ab');
    await account.getByLabel('Correo electrónico').fill('not-an-email');
    await account.getByRole('button', { name: 'Guardar cambios' }).click();
    await expect(account.getByText('El usuario debe tener al menos 3 caracteres')).toBeVisible();
    await expect(account.getByText('Ingresa un correo electrónico válido')).toBeVisible();
    await expect(account.getByLabel('Correo electrónico')).toHaveValue('not-an-email');
    expect(await englishShown(page, ['settings'])).toEqual([]);
  });
});

test.describe('settings: profile', () => {
  test('a creator updates niche, location, handles and rate; the public profile shows them', async ({ page, api, accounts }) => {
    const user = await accounts.create('creator', { fullName: 'Renata Prueba' });
    await openSettings(page, user, 'es');
    await page.getByRole('tab', { name: 'Perfil' }).click();
    const form = page.getByRole('form', { name: 'Perfil de creador' });
    // The niches are named in Spanish; the value saved stays the stored one.
    await expect(form.getByLabel('Nicho').getByRole('option', { name: 'Comida' })).toHaveAttribute('value', 'Food');
    await form.getByLabel('Nicho').selectOption('Food');
    await form.getByLabel('Ubicación').fill('Cali, Colombia');
    await form.getByLabel('Usuario de Instagram').fill('@renata.cocina');
    await form.getByLabel('Canal de YouTube').fill('RenataCocina');

    // Rate per post: numeric, minimum 0, step 10; a wrong value keeps what was typed.
    const rate = form.getByLabel('Tarifa por publicación (USD)');
    await expect(rate).toHaveAttribute('min', '0');
    await expect(rate).toHaveAttribute('step', '10');
    await rate.fill('25');
    await form.getByRole('button', { name: 'Guardar perfil' }).click();
    await expect(form.getByText('La tarifa por publicación debe ir en múltiplos de 10 USD')).toBeVisible();
    await expect(rate).toHaveValue('25');
    await expect(form.getByLabel('Ubicación')).toHaveValue('Cali, Colombia');
    expect(await englishShown(page, ['settings'])).toEqual([]);

    await rate.fill('170');
    await form.getByRole('button', { name: 'Guardar perfil' }).click();
    await expect(status(page, 'Perfil actualizado')).toContainText('Tu perfil de creador se actualizó correctamente.');

    expect((await api.auth.signInWithPassword(user)).error).toBeNull();
    const { data, error } = await api.rpc('creator_profile', { creator_id: user.id });
    expect(error).toBeNull();
    expect(data[0]).toMatchObject({
      niche: 'Food',
      location: 'Cali, Colombia',
      instagram_handle: 'renata.cocina',
      tiktok_handle: null,
      youtube_handle: 'RenataCocina',
      rate_per_post_cents: 17000,
    });

    // The creator's own public profile shows the new values. (Its words belong to the creators screen, in
    // the reader's language; here only the rate and the link.)
    await page.goto(`/creators/${user.id}`);
    await expect(page.getByText(/170\.00/).first()).toBeVisible();
    await expect(page.locator('a[href="https://instagram.com/renata.cocina"]')).toBeVisible();

    // An empty rate is omitted ("not specified").
    await page.goto('/settings');
    await page.getByRole('tab', { name: 'Perfil' }).click();
    const again = page.getByRole('form', { name: 'Perfil de creador' });
    await expect(again.getByLabel('Tarifa por publicación (USD)')).toHaveValue('170');
    await again.getByLabel('Tarifa por publicación (USD)').fill('');
    await again.getByRole('button', { name: 'Guardar perfil' }).click();
    await expect(status(page, 'Perfil actualizado')).toBeVisible();
    const { data: cleared } = await api.rpc('creator_profile', { creator_id: user.id });
    expect(cleared[0].rate_per_post_cents).toBeNull();
    await page.goto(`/creators/${user.id}`);
    await expect(page.locator('a[href="https://instagram.com/renata.cocina"]')).toBeVisible();
    await expect(page.getByText(/170\.00/)).toHaveCount(0);
  });

  test('a brand updates its company details', async ({ page, accounts }) => {
    const user = await accounts.create('brand', { fullName: 'Bruno Marca' });
    await openSettings(page, user);
    await page.getByRole('tab', { name: 'Profile' }).click();
    const form = page.getByRole('form', { name: 'Brand profile' });
    await expect(form.getByLabel('Company name')).toHaveValue('Bruno Marca');

    await form.getByLabel('Company name').fill('');
    await form.getByLabel('Contact email').fill('nope@');
    await form.getByRole('button', { name: 'Save Profile' }).click();
    await expect(form.getByText('Company name is required')).toBeVisible();
    await expect(form.getByText('Please enter a valid contact email')).toBeVisible();

    await form.getByLabel('Company name').fill('Bruno Goods Co.');
    await form.getByLabel('Website').fill('https://brunogoods.example.com');
    await form.getByLabel('Industry').fill('Fashion');
    await form.getByLabel('Contact email').fill('hello@brunogoods.example.com');
    await form.getByLabel('Contact phone').fill('(212) 555-0100');
    await form.getByRole('button', { name: 'Save Profile' }).click();
    await expect(status(page, 'Profile updated')).toContainText('Brand profile updated successfully.');

    await page.reload();
    await page.getByRole('tab', { name: 'Profile' }).click();
    const reloaded = page.getByRole('form', { name: 'Brand profile' });
    await expect(reloaded.getByLabel('Company name')).toHaveValue('Bruno Goods Co.');
    await expect(reloaded.getByLabel('Website')).toHaveValue('https://brunogoods.example.com');
    await expect(reloaded.getByLabel('Industry')).toHaveValue('Fashion');
    await expect(reloaded.getByLabel('Contact email')).toHaveValue('hello@brunogoods.example.com');
    await expect(reloaded.getByLabel('Contact phone')).toHaveValue('(212) 555-0100');
  });

  test('an admin has no profile settings', async ({ page }) => {
    await openSettings(page, demo.admin);
    await page.getByRole('tab', { name: 'Profile' }).click();
    await expect(page.getByText('No profile settings available for your account type.')).toBeVisible();
  });
});

test.describe('settings: security', () => {
  test('a wrong current password is refused; the right one changes it and signing in works', async ({ page, accounts }) => {
    const user = await accounts.create('creator', { fullName: 'Pablo Clave' });
    await openSettings(page, user, 'es');
    await page.getByRole('tab', { name: 'Seguridad' }).click();
    const form = page.getByRole('form', { name: 'Cambiar contraseña' });
    const current = form.getByLabel('Contraseña actual');
    const next = form.getByLabel('Nueva contraseña', { exact: true });
    const confirm = form.getByLabel('Confirma la nueva contraseña');
    const submit = form.getByRole('button', { name: 'Actualizar contraseña' });

    // Client rules first.
    await next.fill('123');
    await confirm.fill('456');
    await submit.click();
    await expect(form.getByText('Ingresa tu contraseña actual')).toBeVisible();
    await expect(form.getByText('La contraseña debe tener al menos 6 caracteres')).toBeVisible();
    await expect(form.getByText('Las contraseñas no coinciden')).toBeVisible();

    // The current password is checked (by signing in with it: the auth server itself only asks for a recent
    // sign-in, see supabase/config.toml) before anything changes; what was typed stays.
    await current.fill('wrongpass1');
    await next.fill('secondpass2');
    await confirm.fill('secondpass2');
    await submit.click();
    await expect(alert(page, 'Error al actualizar')).toContainText('Tu contraseña actual no es correcta.');
    await expect(current).toHaveAttribute('aria-invalid', 'true');
    await expect(next).toHaveValue('secondpass2');
    expect(await englishShown(page, ['settings'])).toEqual([]);

    await current.fill(user.password);
    await submit.click();
    await expect(status(page, 'Contraseña actualizada')).toBeVisible();
    await expect(current).toHaveValue('');

    expect(await seriousViolations(page)).toEqual([]);

    // A fresh visit: the old password no longer works, the new one does.
    await page.evaluate(() => localStorage.clear());
    await signInThroughUi(page, user);
    await expect(alert(page, 'Error al iniciar sesión')).toBeVisible();
    await signInThroughUi(page, { email: user.email, password: 'secondpass2' });
    await expect(page).toHaveURL(/\/dashboard\/creator$/);
  });
});

test.describe('settings: language', () => {
  test('a creator reads Settings in Spanish, picks English there without losing what was typed, and keeps it', async ({ page, api, accounts }) => {
    const user = await accounts.create('creator', { fullName: 'Lola Idioma' });
    await openSettings(page, user, 'es');
    const main = page.getByRole('main');
    const language = main.getByRole('region', { name: 'Idioma' });
    await expect(language).toContainText('El idioma de la app y de los correos que te enviamos.');
    await expect(language.getByRole('button', { name: 'Español' })).toHaveAttribute('aria-pressed', 'true');
    await main.getByRole('form', { name: 'Cuenta' }).getByLabel('Nombre completo').fill('Lola Escribiendo');
    expect(await englishShown(page, ['settings'])).toEqual([]);
    expect(await seriousViolations(page)).toEqual([]);

    await language.getByRole('button', { name: 'English' }).click();
    await expect(main.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    const account = main.getByRole('form', { name: 'Account' });
    await expect(account.getByLabel('Full name')).toHaveValue('Lola Escribiendo');
    await expect(main.getByRole('region', { name: 'Language' })).toContainText('The language of the app and of the emails we send you.');
    await expect(main.getByRole('tab', { name: 'Security' })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);

    // Saved on the profile (so other browsers and the emails follow), and a reload opens in English.
    expect((await api.auth.signInWithPassword(user)).error).toBeNull();
    await expect
      .poll(async () => {
        const { data } = await api.rpc('current_profile');
        return (Array.isArray(data) ? data[0] : data)?.language;
      })
      .toBe('en');
    await page.reload();
    await expect(main.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();
    await expect(main.getByRole('region', { name: 'Language' }).getByRole('button', { name: 'English' })).toHaveAttribute('aria-pressed', 'true');
  });
});
