import type { Page } from '@playwright/test';
import { unique } from '../testkit/e2e/accounts.ts';
import { seriousViolations } from '../testkit/e2e/axe.ts';
import { text } from '../testkit/e2e/catalog-text.ts';
import { expect, test } from '../testkit/e2e/fixtures.ts';

// Issue 37: a visitor whose browser reads Brazilian Portuguese gets the product in it.
test.use({ locale: 'pt-BR' });

/** Texts of the other two languages that must not show on a page in Portuguese (where they differ from it). */
const OTHER_LANGUAGES = [
  text('es', 'auth.heading.login'),
  text('en', 'auth.heading.login'),
  text('es', 'auth.field.password'),
  text('en', 'auth.field.password'),
  text('es', 'app.creatorDashboard.title'),
  text('en', 'app.creatorDashboard.title'),
];

async function shown(page: Page, texts: string[]): Promise<string[]> {
  const body = await page.locator('body').innerText();
  return texts.filter((t) => body.includes(t));
}

test.describe('Brazilian Portuguese', () => {
  test('a Brazilian creator signs up in Portuguese and keeps it after a reload', async ({ page, accounts }) => {
    await page.goto('/auth');
    await expect(page.getByRole('heading', { name: text('pt', 'auth.heading.login') })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'pt');
    const languages = page.getByRole('group', { name: text('pt', 'common.language') });
    await expect(languages.getByRole('button', { name: 'Português' })).toHaveAttribute('aria-pressed', 'true');
    expect(await shown(page, OTHER_LANGUAGES)).toEqual([]);
    expect(await seriousViolations(page)).toEqual([]);

    const handle = unique('criadora_');
    accounts.adopt(`${handle}@example.com`);
    await page.getByRole('tab', { name: text('pt', 'auth.tab.register') }).click();
    const form = page.getByRole('tabpanel', { name: text('pt', 'auth.tab.register') });
    await form.getByLabel(text('pt', 'auth.field.fullName')).fill('Ana Souza');
    await form.getByLabel(text('pt', 'auth.social.instagram')).fill(handle);
    await form.getByLabel(text('pt', 'auth.field.email')).fill(`${handle}@example.com`);
    await form.getByLabel(text('pt', 'auth.field.password'), { exact: true }).fill('segredo123');
    await form.getByLabel(text('pt', 'auth.field.passwordConfirm')).fill('segredo123');
    await form.getByRole('checkbox').check();
    await form.getByRole('button', { name: text('pt', 'auth.register.submit') }).click();

    await expect(page).toHaveURL(/\/dashboard\/creator$/);
    await expect(page.getByRole('status').filter({ hasText: text('pt', 'auth.toast.registerSuccess') })).toContainText(
      text('pt', 'auth.toast.welcomeName', { name: 'Ana Souza' }),
    );
    await expect(page.getByRole('heading', { name: text('pt', 'app.creatorDashboard.title') })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'pt');
    await expect(page.getByText(text('pt', 'dashboard-creator.firstSteps.title'))).toBeVisible();
    expect(await shown(page, OTHER_LANGUAGES)).toEqual([]);
    expect(await seriousViolations(page)).toEqual([]);

    // The language was saved on the profile at sign-up (picked through the browser), so it survives a reload.
    await page.reload();
    await expect(page.getByRole('heading', { name: text('pt', 'app.creatorDashboard.title') })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'pt');
  });

  test('the switch offers Português beside Español and English, keeping what was typed', async ({ page }) => {
    await page.goto('/auth');
    const languages = page.getByRole('group', { name: text('pt', 'common.language') });
    const login = (lang: 'pt' | 'es') => page.getByRole('tabpanel', { name: text(lang, 'auth.tab.login') });
    await login('pt').getByLabel(text('pt', 'auth.field.email')).fill('ana@example.com');
    await languages.getByRole('button', { name: 'Español' }).click();
    await expect(page.getByRole('heading', { name: text('es', 'auth.heading.login') })).toBeVisible();
    await expect(login('es').getByLabel(text('es', 'auth.field.email'))).toHaveValue('ana@example.com');
    await page.getByRole('group', { name: text('es', 'common.language') }).getByRole('button', { name: 'Português' }).click();
    await expect(page.getByRole('heading', { name: text('pt', 'auth.heading.login') })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'pt');
    await expect(login('pt').getByLabel(text('pt', 'auth.field.email'))).toHaveValue('ana@example.com');
  });
});
