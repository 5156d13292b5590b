import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { demo, unique } from '../testkit/e2e/accounts.ts';
import type { Credentials } from '../testkit/e2e/clients.ts';
import { expect, test } from '../testkit/e2e/fixtures.ts';
import { openNavigation } from '../testkit/e2e/navigation.ts';
import { signInThroughUi } from '../testkit/e2e/sign-in.ts';

/**
 * Settings journeys run on fresh accounts from the account factory, deleted when each test ends; the demo
 * admin only opens its (empty) profile tab.
 */

async function openSettings(page: Page, user: Credentials) {
  await signInThroughUi(page, user);
  await expect(page).toHaveURL(/\/dashboard\//);
  await openNavigation(page);
  await page.getByRole('link', { name: 'Settings' }).first().click();
  await expect(page).toHaveURL(/\/settings$/);
  await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();
}

const status = (page: Page, title: string) => page.getByRole('status').filter({ hasText: title });
const alert = (page: Page, title: string) => page.getByRole('alert').filter({ hasText: title });

async function seriousViolations(page: Page): Promise<string[]> {
  return (await new AxeBuilder({ page }).analyze()).violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
}

test.describe('settings: account', () => {
  test('updates name, username, email and bio; the shell shows the new name', async ({ page, accounts }) => {
    const user = await accounts.create('creator', { fullName: 'Carla Prueba' });
    await openSettings(page, user);
    const account = page.getByRole('form', { name: 'Account' });
    await expect(account.getByLabel('Full name')).toHaveValue('Carla Prueba');
    await expect(account.getByLabel('Email')).toHaveValue(user.email);

    const newUsername = unique('carla.');
    const newEmail = `${newUsername}@example.org`;
    await account.getByLabel('Full name').fill('Carla Renombrada');
    await account.getByLabel('Username').fill(newUsername);
    await account.getByLabel('Email').fill(newEmail);
    await account.getByLabel('Bio').fill('Creadora de contenido de cocina.');
    await account.getByRole('button', { name: 'Save Changes' }).click();
    await expect(status(page, 'Account updated')).toContainText('Your account information has been updated successfully.');

    await openNavigation(page);
    await expect(page.getByText('Signed in as Carla Renombrada').filter({ visible: true })).toBeVisible();
    await page.keyboard.press('Escape');

    // What the database now holds, after a reload.
    await page.reload();
    const reloaded = page.getByRole('form', { name: 'Account' });
    await expect(reloaded.getByLabel('Full name')).toHaveValue('Carla Renombrada');
    await expect(reloaded.getByLabel('Username')).toHaveValue(newUsername);
    await expect(reloaded.getByLabel('Email')).toHaveValue(newEmail);
    await expect(reloaded.getByLabel('Bio')).toHaveValue('Creadora de contenido de cocina.');

    expect(await page.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(page.viewportSize()!.width);
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('a taken username is refused with a clear message and the input is kept', async ({ page, accounts }) => {
    const user = await accounts.create('creator', { fullName: 'Tomás Prueba' });
    await openSettings(page, user);
    const account = page.getByRole('form', { name: 'Account' });
    await account.getByLabel('Full name').fill('Tomás Cambiado');
    await account.getByLabel('Username').fill('SOFIA.RIOS');
    await account.getByRole('button', { name: 'Save Changes' }).click();
    await expect(alert(page, 'Update failed')).toContainText('Username already taken');
    await expect(account.getByText('This username is already taken. Please choose another one.')).toBeVisible();
    await expect(account.getByLabel('Username')).toHaveValue('SOFIA.RIOS');
    await expect(account.getByLabel('Username')).toHaveAttribute('aria-invalid', 'true');
    await expect(account.getByLabel('Full name')).toHaveValue('Tomás Cambiado');

    // An email already in use: the auth server's error, on the email field, input kept.
    await account.getByLabel('Username').fill(user.username);
    await account.getByLabel('Email').fill('brand@demo.test');
    await account.getByRole('button', { name: 'Save Changes' }).click();
    await expect(alert(page, 'Update failed').filter({ hasText: 'already been registered' })).toBeVisible();
    await expect(account.getByLabel('Email')).toHaveAttribute('aria-invalid', 'true');
    await expect(account.getByLabel('Email')).toHaveValue('brand@demo.test');

    // Client-side rules, with the input kept.
    await account.getByLabel('Username').fill('ab');
    await account.getByLabel('Email').fill('not-an-email');
    await account.getByRole('button', { name: 'Save Changes' }).click();
    await expect(account.getByText('Username must be at least 3 characters')).toBeVisible();
    await expect(account.getByText('Please enter a valid email')).toBeVisible();
    await expect(account.getByLabel('Email')).toHaveValue('not-an-email');
  });
});

test.describe('settings: profile', () => {
  test('a creator updates niche, location, handles and rate; the public profile shows them', async ({ page, api, accounts }) => {
    const user = await accounts.create('creator', { fullName: 'Renata Prueba' });
    await openSettings(page, user);
    await page.getByRole('tab', { name: 'Profile' }).click();
    const form = page.getByRole('form', { name: 'Creator profile' });
    await form.getByLabel('Niche').selectOption('Food');
    await form.getByLabel('Location').fill('Cali, Colombia');
    await form.getByLabel('Instagram handle').fill('@renata.cocina');
    await form.getByLabel('YouTube handle').fill('RenataCocina');

    // Rate per post: numeric, minimum 0, step 10; a wrong value keeps what was typed.
    const rate = form.getByLabel('Rate per post (USD)');
    await expect(rate).toHaveAttribute('min', '0');
    await expect(rate).toHaveAttribute('step', '10');
    await rate.fill('25');
    await form.getByRole('button', { name: 'Save Profile' }).click();
    await expect(form.getByText('Rate per post must be in steps of $10')).toBeVisible();
    await expect(rate).toHaveValue('25');
    await expect(form.getByLabel('Location')).toHaveValue('Cali, Colombia');

    await rate.fill('170');
    await form.getByRole('button', { name: 'Save Profile' }).click();
    await expect(status(page, 'Profile updated')).toContainText('Creator profile updated successfully.');

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

    // The creator's own public profile: the new values, honest empty bio.
    await page.goto(`/creators/${user.id}`);
    await expect(page.getByText('Starting at $170.00 per post')).toBeVisible();
    await expect(page.getByText('This creator has not added a bio yet.')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Instagram: @renata.cocina' })).toHaveAttribute('href', 'https://instagram.com/renata.cocina');

    // An empty rate is omitted: the profile then reads 'Rates not specified'.
    await page.goto('/settings');
    await page.getByRole('tab', { name: 'Profile' }).click();
    const again = page.getByRole('form', { name: 'Creator profile' });
    await expect(again.getByLabel('Rate per post (USD)')).toHaveValue('170');
    await again.getByLabel('Rate per post (USD)').fill('');
    await again.getByRole('button', { name: 'Save Profile' }).click();
    await expect(status(page, 'Profile updated')).toBeVisible();
    await page.goto(`/creators/${user.id}`);
    await expect(page.getByText('Rates not specified')).toBeVisible();
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
    await openSettings(page, user);
    await page.getByRole('tab', { name: 'Security' }).click();
    const form = page.getByRole('form', { name: 'Change password' });

    // Client rules first.
    await form.getByLabel('New password', { exact: true }).fill('123');
    await form.getByLabel('Confirm new password').fill('456');
    await form.getByRole('button', { name: 'Update Password' }).click();
    await expect(form.getByText('Please enter your current password')).toBeVisible();
    await expect(form.getByText('Password must be at least 6 characters')).toBeVisible();
    await expect(form.getByText("Passwords don't match")).toBeVisible();

    // The current password is checked (by signing in with it: the auth server itself only asks for a recent
    // sign-in, see supabase/config.toml) before anything changes; what was typed stays.
    await form.getByLabel('Current password').fill('wrongpass1');
    await form.getByLabel('New password', { exact: true }).fill('secondpass2');
    await form.getByLabel('Confirm new password').fill('secondpass2');
    await form.getByRole('button', { name: 'Update Password' }).click();
    await expect(alert(page, 'Update failed')).toContainText('Your current password is incorrect.');
    await expect(form.getByLabel('Current password')).toHaveAttribute('aria-invalid', 'true');
    await expect(form.getByLabel('New password', { exact: true })).toHaveValue('secondpass2');

    await form.getByLabel('Current password').fill(user.password);
    await form.getByRole('button', { name: 'Update Password' }).click();
    await expect(status(page, 'Password updated')).toBeVisible();
    await expect(form.getByLabel('Current password')).toHaveValue('');

    expect(await seriousViolations(page)).toEqual([]);

    // A fresh visit: the old password no longer works, the new one does.
    await page.evaluate(() => localStorage.clear());
    await signInThroughUi(page, user);
    await expect(alert(page, 'Error al iniciar sesión')).toBeVisible();
    await signInThroughUi(page, { email: user.email, password: 'secondpass2' });
    await expect(page).toHaveURL(/\/dashboard\/creator$/);
  });
});
