import type { Page, TestInfo } from '@playwright/test';
import type { Account } from '../testkit/e2e/accounts.ts';
import { type Lang, text } from '../testkit/e2e/catalog-text.ts';
import { expect, test } from '../testkit/e2e/fixtures.ts';
import { signInThroughUi } from '../testkit/e2e/sign-in.ts';

/**
 * Issue 32, item 9 (Words): the notifications bell stays on screen on the Messages screen, whose two panes
 * fill the window; at 1280 px the page used to scroll the bell above the top edge. Creators read Spanish,
 * brands English. Screenshots of the screen at each width and language are kept in the test's output.
 */
const langOf = (account: Account): Lang => (account.role === 'creator' ? 'es' : 'en');

async function shot(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  await page.screenshot({ path: testInfo.outputPath(`${name}-${testInfo.project.name}.png`) });
}

for (const role of ['creator', 'brand'] as const) {
  test(`the bell stays visible on /messages (${role})`, async ({ page, accounts }, testInfo) => {
    const account = await accounts.create(role);
    const lang = langOf(account);
    await signInThroughUi(page, account);
    await expect(page).toHaveURL(/\/dashboard\//);
    await page.goto('/messages');
    await expect(page.getByRole('heading', { name: text(lang, 'messages.title') })).toBeVisible();
    const bell = page.getByRole('button', { name: new RegExp(`^${text(lang, 'notifications.bell')}`) }).filter({ visible: true });
    await expect(bell).toBeVisible();
    // Fully inside the window, with the page at its top and nothing left to scroll to.
    await expect(bell).toBeInViewport({ ratio: 1 });
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollHeight - window.innerHeight)).toBeLessThanOrEqual(0);
    await shot(page, testInfo, `messages-${lang}`);
  });
}
