import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { parseHeadersFile } from '../web/build/security-headers.ts';
import { demo } from '../testkit/e2e/accounts.ts';
import { expect, test } from '../testkit/e2e/fixtures.ts';
import { openNavigation } from '../testkit/e2e/navigation.ts';
import { signInThroughUi } from '../testkit/e2e/sign-in.ts';
import { text } from '../testkit/e2e/catalog-text.ts';

/**
 * The Content-Security-Policy the stack sends with the SPA's pages (web/build/security-headers.ts): an
 * injected inline script does not run, and the app itself never trips the policy (its one inline script,
 * the route preloader, is allowed by its hash).
 */

/** Records every securitypolicyviolation of the page, from before its first script runs. */
async function recordViolations(page: Page) {
  // Browser code as text: this project type-checks e2e/ without the DOM library.
  await page.addInitScript(`
    window.__violations = [];
    document.addEventListener('securitypolicyviolation', (e) => {
      window.__violations.push(e.effectiveDirective + ' blocked ' + (e.blockedURI || '(inline)') + ' at ' + (e.sourceFile || '?') + ':' + e.lineNumber);
    });
  `);
}

const violations = (page: Page) => page.evaluate<string[]>('window.__violations');

test.describe('content security policy', () => {
  test('the page carries the policy and an injected inline script does not run', async ({ page, pageProblems }) => {
    await recordViolations(page);
    const response = await page.goto('/auth');
    const policy = (await response!.allHeaders())['content-security-policy'] ?? '';
    expect(policy).toContain("script-src 'self'");
    expect(policy).toContain("object-src 'none'");
    expect(policy).toContain("frame-ancestors 'none'");
    // The same policy a static host gets from the build's _headers file (scripts/e2e.ts builds into the
    // folder that holds Playwright's output folder).
    const built = parseHeadersFile(await readFile(path.join(path.dirname(process.env.PLAYWRIGHT_OUTPUT_DIR!), '_headers'), 'utf8'));
    expect(built['Content-Security-Policy']).toBe(policy);
    await expect(page.getByRole('button', { name: 'Iniciar sesión' })).toBeVisible();

    const ran = await page.evaluate<boolean>(`(async () => {
      const script = document.createElement('script');
      script.textContent = 'window.__injected = true;';
      document.body.appendChild(script);
      // An inline event handler, the other classic injection.
      const img = document.createElement('img');
      img.setAttribute('onerror', 'window.__injected = true');
      img.src = 'data:,not-an-image';
      document.body.appendChild(img);
      await new Promise((r) => setTimeout(r, 200));
      return window.__injected === true;
    })()`);
    expect(ran).toBe(false);
    const seen = await violations(page);
    expect(seen.filter((v) => v.startsWith('script-src'))).toHaveLength(2);
    // Chromium reports each refusal on the console too: those two lines are what this test expects.
    const refused = pageProblems.filter((p) => /Content Security Policy/.test(p));
    expect(refused.length).toBeGreaterThan(0);
    pageProblems.splice(0, pageProblems.length, ...pageProblems.filter((p) => !/Content Security Policy/.test(p)));
  });

  test('the app trips nothing: sign in, browse campaigns, open one, messages', async ({ page }) => {
    await recordViolations(page);
    await signInThroughUi(page, demo.creator);
    await expect(page).toHaveURL(/\/dashboard\/creator$/);
    await page.goto('/campaigns');
    // The creator reads Spanish.
    await expect(page.getByRole('heading', { name: text('es', 'campaigns.browse.title') })).toBeVisible();
    const details = page.getByRole('link', { name: new RegExp(`^${text('es', 'campaigns.card.viewDetails.label', { title: '' })}`) }).first();
    await expect(details).toBeVisible();
    await details.click();
    await expect(page).toHaveURL(/\/campaigns\/[0-9a-f-]+$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await openNavigation(page);
    // Messages open a realtime websocket (connect-src).
    await page.getByRole('link', { name: new RegExp(`^${text('es', 'common.nav.messages')}`) }).first().click();
    await expect(page).toHaveURL(/\/messages/);
    await page.waitForLoadState('networkidle');
    expect(await violations(page)).toEqual([]);

    // The static legal pages keep their styles (a stylesheet, since inline <style> is not allowed).
    await page.goto('/legal/terms.html');
    await expect(page.locator('body')).toHaveCSS('max-width', '672px');
    expect(await violations(page)).toEqual([]);
  });
});
