import type { Page } from '@playwright/test';
import { demo } from '../testkit/e2e/accounts.ts';
import { expect, test } from '../testkit/e2e/fixtures.ts';
import { seriousViolations } from '../testkit/e2e/axe.ts';

/** The words of the other language that must not show on a page in this one (where the two differ). */
const SPANISH_ONLY = ['Inicia sesión en tu cuenta', 'Iniciar sesión', 'Registrarse', 'Correo electrónico', 'Contraseña', 'Convierte tu creatividad'];
const ENGLISH_ONLY = ['Sign in to your account', 'Sign up', 'Email', 'Password', 'Turn your creativity'];

async function shows(page: Page, texts: string[]): Promise<string[]> {
  const body = await page.locator('body').innerText();
  return texts.filter((t) => body.includes(t));
}

test.describe('language of the auth screen', () => {
  test('starts in Spanish and switches to English keeping what was typed; html lang, axe and a reload follow', async ({ page }) => {
    await page.goto('/auth');
    await expect(page.getByRole('heading', { name: 'Inicia sesión en tu cuenta' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');
    expect(await shows(page, ENGLISH_ONLY)).toEqual([]);

    await page.getByRole('tab', { name: 'Registrarse' }).click();
    await page.getByLabel('Nombre completo').fill('Lucía Fernández');
    await page.getByLabel('Usuario de Instagram').fill('lucia.crea');
    await page.getByRole('button', { name: 'Crear cuenta' }).click();
    await expect(page.getByText('Por favor ingresa un correo electrónico válido')).toBeVisible();

    await page.getByRole('group', { name: 'Idioma' }).getByRole('button', { name: 'English' }).click();
    await expect(page.getByRole('heading', { name: 'Create your account' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.getByLabel('Full name')).toHaveValue('Lucía Fernández');
    await expect(page.getByLabel('Instagram username')).toHaveValue('lucia.crea');
    // The errors already shown change language with the page.
    await expect(page.getByText('Please enter a valid email address')).toBeVisible();
    expect(await shows(page, SPANISH_ONLY)).toEqual([]);
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('tab', { name: 'Sign in' }).click();
    expect(await seriousViolations(page)).toEqual([]);

    // The guest's choice is remembered.
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Sign in to your account' })).toBeVisible();
    await expect(page.getByRole('group', { name: 'Language' }).getByRole('button', { name: 'English' })).toHaveAttribute('aria-pressed', 'true');

    await page.getByRole('group', { name: 'Language' }).getByRole('button', { name: 'Español' }).click();
    await expect(page.getByRole('heading', { name: 'Inicia sesión en tu cuenta' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  });

  test('signing in in English: the spec texts, and Auth’s error said by its code', async ({ page }) => {
    await page.goto('/auth');
    await page.getByRole('button', { name: 'English' }).click();
    const login = page.getByRole('tabpanel', { name: 'Sign in' });
    await login.getByLabel('Email').fill(demo.creator.email);
    await login.getByLabel('Password').fill('wrong-password');
    await login.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Login failed' })).toContainText('Invalid login credentials');
    await expect(login.getByLabel('Email')).toHaveValue(demo.creator.email);

    await login.getByLabel('Password').fill(demo.creator.password);
    await login.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/dashboard\/creator$/);
    await expect(page.getByRole('status').filter({ hasText: 'Login Successful' })).toBeVisible();
  });
});
