import { mkdirSync } from 'node:fs';
import type { Page, Route, TestInfo } from '@playwright/test';
import { expect, test } from '../testkit/e2e/fixtures.ts';
import { rpc, signedInClient } from '../testkit/e2e/clients.ts';
import { signInThroughUi } from '../testkit/e2e/sign-in.ts';

/**
 * Issue 32, item 5 (decision 0037): a signed-in first visit (no screen snapshot kept) under latency shows
 * the shell of the user's role in the user's language (navigation, name, the screen's heading or a
 * skeleton) before any script of the app has arrived, then the live screen replaces it.
 */

/** Holds every script of the app until `release()`: the page shows only what index.html draws by itself. */
async function holdScripts(page: Page): Promise<{ release: () => void; held: () => number }> {
  let open!: () => void;
  const gate = new Promise<void>((resolve) => (open = resolve));
  let count = 0;
  await page.route('**/assets/*.js', async (route: Route) => {
    count += 1;
    await gate;
    await route.continue();
  });
  return { release: open, held: () => count };
}

/** Saves a screenshot under /tmp/first-load-shots, named after the project (desktop 1280 px, mobile 390 px). */
async function shoot(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  mkdirSync('/tmp/first-load-shots', { recursive: true });
  await page.screenshot({ path: `/tmp/first-load-shots/${testInfo.project.name}-${name}.png` });
}

/** Signs in through the form and waits for the signed-in shell; then forgets the kept screen (a first visit). */
async function signInThenForgetScreen(page: Page, account: { email: string; password: string }, dashboardNav: string): Promise<string> {
  await signInThroughUi(page, account);
  await page.waitForURL(/\/dashboard\//);
  // The sidebar is in the page at both widths (hidden under lg): read as text.
  await expect(page.locator('aside nav a').first()).toHaveText(dashboardNav);
  // The live shell's "Signed in as ..." line, which the prerendered shell must repeat.
  const signedInAs = (await page.locator('aside nav p').first().textContent()) ?? '';
  await page.evaluate(() => localStorage.removeItem('screen-snapshot'));
  return signedInAs;
}

test.describe('first load under latency', () => {
  test('a creator’s /campaigns: the shell, the heading and placeholder cards in Spanish before the scripts; then the list', async ({ page, accounts }, testInfo) => {
    const creator = await accounts.create('creator');
    const signedInAs = await signInThenForgetScreen(page, creator, 'Panel de creador');
    expect(signedInAs).toContain('Sesión iniciada como');

    const scripts = await holdScripts(page);
    await page.goto('/campaigns', { waitUntil: 'commit' });
    const root = page.locator('#root');
    await expect(root).toHaveAttribute('data-prerendered', 'shell');
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');
    // Drawn inert (not usable, out of the accessibility tree): read as text, not by role.
    const shell = root.locator('[inert]');
    await expect(shell.locator('h1')).toHaveText('Explorar campañas');
    await expect(shell.getByText('Encuentra campañas que vayan con tu contenido')).toBeVisible();
    await expect(shell.locator('nav a[aria-current="page"]')).toHaveText('Explorar campañas');
    await expect(shell.locator('nav a').first()).toHaveText('Panel de creador');
    await expect(shell.locator('aside nav p').first()).toHaveText(signedInAs);
    await expect(shell.locator('[aria-busy="true"] [role="status"]')).toHaveText('Cargando campañas...');
    // Nothing of the app has run: its scripts are all still held.
    expect(scripts.held()).toBeGreaterThan(0);
    await shoot(page, testInfo, 'shell-es-campaigns');

    scripts.release();
    // The live screen replaces it: usable, with the list.
    await expect(page.getByRole('heading', { name: 'Explorar campañas' })).toBeVisible();
    await expect(page.getByRole('list', { name: /campañas/i }).getByRole('listitem').first()).toBeVisible();
    await expect(root.locator('[inert]')).toHaveCount(0);
  });

  test('a brand’s dashboard: the shell in English with a skeleton saying Loading..., before the scripts', async ({ page, accounts }, testInfo) => {
    const brand = await accounts.create('brand');
    const signedInAs = await signInThenForgetScreen(page, brand, 'Brand Dashboard');
    expect(signedInAs).toContain('Signed in as');

    const scripts = await holdScripts(page);
    await page.goto('/dashboard/brand', { waitUntil: 'commit' });
    const root = page.locator('#root');
    await expect(root).toHaveAttribute('data-prerendered', 'shell');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    const shell = root.locator('[inert]');
    await expect(shell.locator('nav a[aria-current="page"]')).toHaveText('Brand Dashboard');
    await expect(shell.locator('nav')).toContainText('Discover Creators');
    await expect(shell.locator('aside nav p').first()).toHaveText(signedInAs);
    // The skeleton's status, read by screen readers once the app takes over, is English: no "Cargando".
    await expect(shell.locator('main [role="status"]')).toHaveText('Loading...');
    await expect(shell).not.toContainText('Cargando');
    expect(scripts.held()).toBeGreaterThan(0);
    await shoot(page, testInfo, 'shell-en-dashboard');

    scripts.release();
    await expect(root.locator('[inert]')).toHaveCount(0);
    await expect(page.locator('aside nav a[aria-current="page"]')).toHaveText('Brand Dashboard');
    await expect(page.locator('main')).not.toContainText('Cargando');
  });

  test('the shell follows the language saved on the profile: a creator’s /campaigns in English, a brand’s dashboard in Spanish', async ({ page, accounts }, testInfo) => {
    const creator = await accounts.create('creator');
    await rpc(await signedInClient(creator), 'set_my_language', { language: 'en' });
    expect(await signInThenForgetScreen(page, creator, 'Creator Dashboard')).toContain('Signed in as');
    let scripts = await holdScripts(page);
    await page.goto('/campaigns', { waitUntil: 'commit' });
    const root = page.locator('#root');
    await expect(root).toHaveAttribute('data-prerendered', 'shell');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    let shell = root.locator('[inert]');
    await expect(shell.locator('h1')).toHaveText('Browse Campaigns');
    await expect(shell.locator('nav a[aria-current="page"]')).toHaveText('Browse Campaigns');
    await expect(shell).not.toContainText('Cargando');
    await shoot(page, testInfo, 'shell-en-campaigns');
    scripts.release();
    await expect(root.locator('[inert]')).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'Browse Campaigns' })).toBeVisible();
    await page.unrouteAll({ behavior: 'ignoreErrors' });
    await page.evaluate(() => localStorage.clear());

    const brand = await accounts.create('brand');
    await rpc(await signedInClient(brand), 'set_my_language', { language: 'es' });
    expect(await signInThenForgetScreen(page, brand, 'Panel de marca')).toContain('Sesión iniciada como');
    scripts = await holdScripts(page);
    await page.goto('/dashboard/brand', { waitUntil: 'commit' });
    await expect(root).toHaveAttribute('data-prerendered', 'shell');
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');
    shell = root.locator('[inert]');
    await expect(shell.locator('nav a[aria-current="page"]')).toHaveText('Panel de marca');
    await expect(shell.locator('main [role="status"]')).toHaveText('Cargando...');
    await expect(shell).not.toContainText('Loading');
    await shoot(page, testInfo, 'shell-es-dashboard');
    scripts.release();
    await expect(root.locator('[inert]')).toHaveCount(0);
    await expect(page.locator('aside nav a[aria-current="page"]')).toHaveText('Panel de marca');
  });

  test('a visitor’s /explore: the public frame and heading in the language chosen before, before the scripts; then the list', async ({ page }, testInfo) => {
    await page.goto('/auth');
    await page.getByRole('group', { name: 'Idioma' }).getByRole('button', { name: 'English' }).click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');

    const scripts = await holdScripts(page);
    await page.goto('/explore', { waitUntil: 'commit' });
    const root = page.locator('#root');
    await expect(root).toHaveAttribute('data-prerendered', 'public');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    const screen = root.locator('[inert]');
    await expect(screen.locator('h1')).toHaveText('Browse campaigns');
    await expect(screen.getByText('Active campaigns from US brands, open to creators.')).toBeVisible();
    await expect(screen.locator('header')).toContainText('Sign in');
    expect(scripts.held()).toBeGreaterThan(0);
    await shoot(page, testInfo, 'public-en-explore');

    scripts.release();
    await expect(page.getByRole('heading', { name: 'Browse campaigns' })).toBeVisible();
    await expect(page.getByRole('list', { name: 'Campaigns' }).getByRole('listitem').first()).toBeVisible();
    await expect(root.locator('[inert]')).toHaveCount(0);
  });

  test('a visitor’s /explore/:id: the campaign (title, brand, facts, Apply) in the HTML, before the scripts; then the same screen live', async ({ page, request }, testInfo) => {
    // Seeded campaign 1, active (decision 0040: the stack writes its screen into the page it serves, once its
    // renderer has loaded: the first public page asked for starts that).
    const id = '00000000-0000-0000-0001-000000000001';
    await expect.poll(async () => (await (await request.get(`/explore/${id}`)).text()).includes('screen-explore-campaign-es'), { timeout: 60_000 }).toBe(true);
    const scripts = await holdScripts(page);
    await page.goto(`/explore/${id}`, { waitUntil: 'commit' });
    const root = page.locator('#root');
    await expect(root).toHaveAttribute('data-prerendered', 'public');
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');
    const screen = root.locator('[inert]');
    await expect(screen.locator('h1')).toHaveText('Morning Glow Serum Launch');
    await expect(screen.getByText('GlowLab Skincare', { exact: true })).toBeVisible();
    await expect(screen.getByRole('link', { name: 'Postularme' })).toBeVisible();
    expect(scripts.held()).toBeGreaterThan(0);
    const before = await screen.locator('h1').boundingBox();
    const applyBefore = await screen.getByRole('link', { name: 'Postularme' }).boundingBox();
    await shoot(page, testInfo, 'public-es-explore-campaign');

    scripts.release();
    await expect(root.locator('[inert]')).toHaveCount(0);
    const live = page.getByRole('heading', { level: 1, name: 'Morning Glow Serum Launch' });
    await expect(live).toBeVisible();
    // The live screen is the drawn one: nothing moved.
    expect(await live.boundingBox()).toEqual(before);
    expect(await page.getByRole('link', { name: 'Postularme' }).boundingBox()).toEqual(applyBefore);
  });
});
