import { mkdirSync } from 'node:fs';
import type { Page, TestInfo } from '@playwright/test';
import { demo } from '../testkit/e2e/accounts.ts';
import { text } from '../testkit/e2e/catalog-text.ts';
import { expect, test } from '../testkit/e2e/fixtures.ts';
import { loginPanel, signInThroughUi } from '../testkit/e2e/sign-in.ts';

/** Every toast on the page, whatever its look: the Toaster's live regions hold nothing else. */
const toasts = (page: Page) => page.locator('[aria-live] > [role="alert"], [aria-live] > [role="status"]');

/** A screenshot under /tmp/toasts-shots, named after the project (desktop 1280 px, mobile 390 px). */
async function shoot(page: Page, testInfo: TestInfo, name: string) {
  mkdirSync('/tmp/toasts-shots', { recursive: true });
  await page.screenshot({ path: `/tmp/toasts-shots/${testInfo.project.name}-${name}.png` });
}

/** A second try on the login form the first one left filled in. */
async function retry(page: Page, password: string) {
  const login = loginPanel(page);
  await login.getByLabel('Contraseña').fill(password);
  await login.getByRole('button', { name: 'Iniciar sesión' }).click();
}

/**
 * The toasts' titles once `shown` is on screen, read at that moment rather than retried: a toast closes by
 * itself after a few seconds, so a retried check would pass once a wrongly kept one had timed out.
 */
async function toastsOnceShown(page: Page, shown: string): Promise<string[]> {
  await expect(toasts(page).filter({ hasText: shown }).first()).toBeVisible();
  return toasts(page).locator('p:first-child').allTextContents();
}

test.describe('toasts', () => {
  test('a brand: the Spanish error of a wrong password, then only the English welcome, gone on the next screen', async ({ page }, testInfo) => {
    await signInThroughUi(page, { email: demo.brand.email, password: 'wrong-password' });
    // The sign-in screen is Spanish: so is its error.
    await expect(toasts(page)).toHaveText([new RegExp(text('es', 'auth.toast.loginFailed'))]);
    await expect(toasts(page).first()).toHaveAttribute('role', 'alert');
    await shoot(page, testInfo, '1-wrong-password');

    await retry(page, demo.brand.password);
    await expect(page).toHaveURL(/\/dashboard\/brand$/);
    // The brand's screens are English: the welcome alone, the failed attempt's toast gone with it.
    expect(await toastsOnceShown(page, text('en', 'auth.toast.loginSuccess'))).toEqual([text('en', 'auth.toast.loginSuccess')]);
    await shoot(page, testInfo, '2-dashboard');

    // The next screen the brand opens starts without it.
    await page.getByRole('main').getByRole('link', { name: 'Create Campaign' }).click();
    await expect(page).toHaveURL(/\/campaigns\/create$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Create Campaign' })).toBeVisible();
    // Read at once: retried, this would pass once the toast had closed by itself.
    expect(await toasts(page).count()).toBe(0);
    await shoot(page, testInfo, '3-next-screen');
  });

  test('a creator: the error of a wrong password gives way to the Spanish welcome, one toast at a time', async ({ page }, testInfo) => {
    await signInThroughUi(page, { email: demo.creator.email, password: 'wrong-password' });
    await expect(toasts(page)).toHaveText([new RegExp(text('es', 'auth.toast.loginFailed'))]);
    // Trying a wrong password again shows the error once, not twice: read once the answer has been handled
    // (the button leaves its pending state after the error's toast is made).
    const answered = page.waitForResponse((r) => r.url().includes('/auth/v1/token'));
    await retry(page, 'wrong-password-again');
    expect((await answered).status()).toBe(400);
    await expect(loginPanel(page).getByRole('button', { name: 'Iniciar sesión' })).toBeEnabled();
    expect(await toastsOnceShown(page, text('es', 'auth.toast.loginFailed'))).toEqual([text('es', 'auth.toast.loginFailed')]);

    await retry(page, demo.creator.password);
    await expect(page).toHaveURL(/\/dashboard\/creator$/);
    expect(await toastsOnceShown(page, text('es', 'auth.toast.loginSuccess'))).toEqual([text('es', 'auth.toast.loginSuccess')]);
    await shoot(page, testInfo, '4-creator-dashboard');
  });

  test('switching the language closes a toast written in the other one', async ({ page }, testInfo) => {
    await signInThroughUi(page, { email: demo.admin.email, password: 'wrong-password' });
    await expect(toasts(page)).toHaveText([new RegExp(text('es', 'auth.toast.loginFailed'))]);
    await page.getByRole('group', { name: 'Idioma' }).getByRole('button', { name: 'English' }).click();
    await expect(page.getByRole('heading', { name: text('en', 'auth.heading.login') })).toBeVisible();
    // The same render that writes the screen in English takes the Spanish toast away (read at once).
    expect(await toasts(page).count()).toBe(0);
    await shoot(page, testInfo, '5-switched-to-english');
  });
});
