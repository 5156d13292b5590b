import { mkdirSync } from 'node:fs';
import type { Browser, Locator, Page, TestInfo } from '@playwright/test';
import { stackUrl } from '../testkit/e2e/clients.ts';
import { unique } from '../testkit/e2e/accounts.ts';
import { text, type Lang } from '../testkit/e2e/catalog-text.ts';
import { expect, test } from '../testkit/e2e/fixtures.ts';
import { CLOSE_MENU, openNavigation } from '../testkit/e2e/navigation.ts';
import { signInThroughUi } from '../testkit/e2e/sign-in.ts';
import { toast } from '../testkit/e2e/toast.ts';

/**
 * Issue 32, item 2 (decision 0036): brands join on their own. A brand signs up from the landing page,
 * drafts at once, cannot publish until an admin approves it from the dashboard's queue (or, the other
 * path, its email is at its website's domain); the sign-in screen follows the browser's language.
 */

const inDays = (days: number) => new Date(Date.now() + days * 86400e3);
const dateInput = (d: Date) => `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
const a = (lang: Lang, key: string, values?: Record<string, string | number>) => text(lang, `auth.${key}`, values);
const c = (lang: Lang, key: string, values?: Record<string, string | number>) => text(lang, `campaigns.${key}`, values);
const ad = (lang: Lang, key: string, values?: Record<string, string | number>) => text(lang, `admin.${key}`, values);

/** A screenshot under /tmp/brand-signup-shots, named after the project (desktop 1280 px, mobile 390 px). */
async function shoot(page: Page, testInfo: TestInfo, name: string, only?: Locator | 'viewport') {
  mkdirSync('/tmp/brand-signup-shots', { recursive: true });
  const path = `/tmp/brand-signup-shots/${testInfo.project.name}-${name}.png`;
  // The admin dashboard is long: its queue alone (or what a dialog covers) is what there is to read.
  if (only === 'viewport') await page.screenshot({ path });
  else await (only ? only.screenshot({ path }) : page.screenshot({ path, fullPage: true }));
}

/** Fills the brand's sign-up form (the register tab, Brand picked) and submits it. */
async function signUpAsBrand(page: Page, lang: Lang, brand: { company: string; website: string; email: string }) {
  const form = page.getByRole('tabpanel', { name: a(lang, 'tab.register') });
  await expect(form.getByLabel(a(lang, 'field.accountType'))).toHaveValue('brand');
  await form.getByLabel(a(lang, 'field.companyName')).fill(brand.company);
  await form.getByLabel(a(lang, 'field.website')).fill(brand.website);
  await form.getByLabel(a(lang, 'field.workEmail')).fill(brand.email);
  await form.getByLabel(a(lang, 'field.password'), { exact: true }).fill('secreta123');
  await form.getByLabel(a(lang, 'field.passwordConfirm')).fill('secreta123');
  await form.getByRole('checkbox').check();
  return form;
}

/** The create form filled in (title, description, Instagram, $250, ten days), with the given status. */
async function fillCampaign(page: Page, lang: Lang, title: string, status: 'draft' | 'active') {
  await page.getByLabel(c(lang, 'field.title')).fill(title);
  await page.getByLabel(c(lang, 'field.description')).fill('Show our serum in your morning routine.');
  await page.getByLabel('Instagram', { exact: true }).check();
  await page.getByLabel(c(lang, 'field.compensationUsd')).fill('250');
  await page.getByLabel(c(lang, 'field.deadline')).fill(dateInput(inDays(10)));
  await page.getByLabel(c(lang, 'field.status')).selectOption(status);
}

/** Saves the edit form as active: the publish dialog, then what the database answers. */
async function tryToPublish(page: Page, lang: Lang) {
  await page.getByLabel(c(lang, 'field.status')).selectOption('active');
  await page.getByRole('button', { name: c(lang, 'edit.submit') }).click();
  const dialog = page.getByRole('dialog', { name: c(lang, 'publish.title') });
  await dialog.getByRole('button', { name: c(lang, 'publish.confirm') }).click();
  await expect(dialog).toBeHidden();
}

/** The language switch: on a page of its own (landing, /auth) or in the app's sidebar (a menu on phones). */
async function switchLanguage(page: Page, to: Lang, where: 'page' | 'app' = 'page') {
  const mobile = where === 'app' && (page.viewportSize()?.width ?? 1280) < 1024;
  if (mobile) await openNavigation(page);
  const scope = mobile ? page.getByRole('dialog') : page;
  await scope.getByRole('button', { name: text(to, `common.language.${to}`) }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', to);
  if (mobile) {
    await page.getByRole('dialog').getByRole('button', { name: CLOSE_MENU }).click();
    await expect(page.getByRole('dialog')).toHaveCount(0);
  }
}

test.describe('brands join on their own', () => {
  test.describe.configure({ timeout: 150_000 });

  test.describe('in an English browser', () => {
    test.use({ locale: 'en-US' });

    test('a brand signs up in English from the landing page, drafts, cannot publish until an admin approves it from the queue, then publishes', async ({
      page,
      accounts,
      openPersonPage,
    }, testInfo) => {
      const handle = unique('nova');
      const brand = { company: `Nova ${handle.slice(-6)}`, website: `https://www.${handle}.io`, email: `ana@${handle}-mail.com` };
      accounts.adopt(brand.email);

      // The landing page, in English at a click; "Join as a brand" opens the brand's sign-up.
      await page.goto('/');
      await switchLanguage(page, 'en');
      await page.getByRole('link', { name: text('en', 'app.landing.joinAsBrand') }).click();
      await expect(page).toHaveURL(/\/auth\?tab=register&role=brand$/);
      await expect(page.getByRole('heading', { level: 1, name: a('en', 'heading.register') })).toBeVisible();
      const form = await signUpAsBrand(page, 'en', brand);
      await expect(form.getByText(a('en', 'brandSignUp.hint'))).toBeVisible();
      await shoot(page, testInfo, 'en-signup-form');
      await form.getByRole('button', { name: a('en', 'register.submit') }).click();

      // The brand's dashboard, saying why publishing waits.
      await expect(page).toHaveURL(/\/dashboard\/brand$/, { timeout: 20_000 });
      const banner = page.getByTestId('brand-approval-banner');
      await expect(banner).toContainText(c('en', 'approval.pending.title'));
      await expect(banner).toContainText(c('en', 'approval.pending.text'));
      await shoot(page, testInfo, 'en-pending-banner');

      // A draft is saved at once.
      await page.goto('/campaigns/create');
      await expect(page.getByTestId('brand-approval-banner')).toBeVisible();
      const title = `Spring glow ${handle.slice(-6)}`;
      await fillCampaign(page, 'en', title, 'draft');
      await page.getByRole('button', { name: c('en', 'create.submit') }).click();
      await expect(toast(page, c('en', 'create.toast.success'))).toBeVisible();
      await expect(page).toHaveURL(/\/campaigns\/[0-9a-f-]{36}$/);
      const campaignPath = new URL(page.url()).pathname;
      await expect(page.getByTestId('brand-approval-banner')).toBeVisible();

      // Publishing is refused, with the reason, in English and in Spanish.
      const campaignId = campaignPath.split('/').pop()!;
      await page.goto(`/campaigns/edit/${campaignId}`);
      await tryToPublish(page, 'en');
      await expect(toast(page, c('en', 'toast.updateError'))).toContainText(c('en', 'error.brand_not_approved'));
      await page.goto(`/campaigns/edit/${campaignId}`);
      await switchLanguage(page, 'es', 'app');
      await expect(page.getByTestId('brand-approval-banner')).toContainText(c('es', 'approval.pending.title'));
      await shoot(page, testInfo, 'es-pending-banner');
      await tryToPublish(page, 'es');
      await expect(toast(page, c('es', 'toast.updateError'))).toContainText(c('es', 'error.brand_not_approved'));

      // An admin finds it in the queue and approves it.
      const admin = await accounts.create('admin');
      const adminPage = await openPersonPage();
      await signInThroughUi(adminPage, admin);
      await expect(adminPage).toHaveURL(/\/dashboard\/admin$/, { timeout: 20_000 });
      const queue = adminPage.getByRole('region', { name: ad('en', 'brands.title') });
      const row = queue.getByRole('listitem', { name: brand.company });
      await expect(row).toContainText(brand.website);
      await expect(row).toContainText(brand.email);
      await row.scrollIntoViewIfNeeded();
      await shoot(adminPage, testInfo, 'en-admin-queue', queue);
      await switchLanguage(adminPage, 'es', 'app');
      const colaEs = adminPage.getByRole('region', { name: ad('es', 'brands.title') });
      await expect(colaEs.getByRole('listitem', { name: brand.company })).toBeVisible();
      await shoot(adminPage, testInfo, 'es-admin-queue', colaEs);
      // Reject asks for a reason first; cancelling it leaves the brand waiting.
      await colaEs.getByRole('button', { name: ad('es', 'brands.rejectName', { name: brand.company }) }).click();
      const reject = adminPage.getByRole('dialog', { name: ad('es', 'brands.rejectTitle', { name: brand.company }) });
      await reject.getByRole('button', { name: ad('es', 'brands.rejectSubmit') }).click();
      await expect(reject.getByText(ad('es', 'brands.reasonRequired'))).toBeVisible();
      await shoot(adminPage, testInfo, 'es-admin-reject', 'viewport');
      await reject.getByRole('button', { name: text('es', 'admin.cancel') }).click();
      await expect(reject).toBeHidden();
      await colaEs.getByRole('button', { name: ad('es', 'brands.approveName', { name: brand.company }) }).click();
      await expect(toast(adminPage, ad('es', 'brands.toast.approved', { name: brand.company }))).toBeVisible();
      await expect(colaEs.getByRole('listitem', { name: brand.company })).toHaveCount(0);

      // The brand publishes now; the banner is gone.
      await page.goto(`/campaigns/edit/${campaignId}`);
      await expect(page.getByRole('heading', { level: 1, name: c('es', 'edit.title') })).toBeVisible();
      await expect(page.getByTestId('brand-approval-banner')).toHaveCount(0);
      await tryToPublish(page, 'es');
      await expect(toast(page, c('es', 'toast.updated'))).toBeVisible();
      await expect(page).toHaveURL(new RegExp(`${campaignPath}$`));
      await expect(page.getByText(c('es', 'status.active'), { exact: true }).first()).toBeVisible();
    });

    test('the sign-in screen is English for an en-US browser, Spanish once the visitor picks Spanish', async ({ page }, testInfo) => {
      await page.goto('/auth');
      await expect(page.getByRole('heading', { level: 1, name: a('en', 'heading.login') })).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('lang', 'en');
      // index.html showed its English screen first, not its Spanish one.
      await expect(page.locator('#root')).toHaveAttribute('data-prerendered', 'auth');
      await expect(page.locator('#root')).toHaveAttribute('data-prerendered-lang', 'en');
      await shoot(page, testInfo, 'en-browser-auth');
      await switchLanguage(page, 'es');
      await page.reload();
      await expect(page.getByRole('heading', { level: 1, name: a('es', 'heading.login') })).toBeVisible();
    });
  });

  test('a Spanish browser gets the Spanish sign-in screen; a visitor who picked English gets English', async ({ browser }) => {
    const open = async (b: Browser, locale: string, picked?: Lang) => {
      const context = await b.newContext({ baseURL: stackUrl(), locale });
      if (picked) await context.addInitScript((l) => localStorage.setItem('locale', l), picked);
      const page = await context.newPage();
      await page.goto('/auth');
      return { page, close: () => context.close() };
    };
    const es = await open(browser, 'es-MX');
    await expect(es.page.getByRole('heading', { level: 1, name: a('es', 'heading.login') })).toBeVisible();
    await expect(es.page.locator('#root')).toHaveAttribute('data-prerendered-lang', 'es');
    await es.close();
    const picked = await open(browser, 'es-MX', 'en');
    await expect(picked.page.getByRole('heading', { level: 1, name: a('en', 'heading.login') })).toBeVisible();
    await expect(picked.page.locator('#root')).toHaveAttribute('data-prerendered-lang', 'en');
    await picked.close();
    const other = await open(browser, 'fr-FR');
    await expect(other.page.getByRole('heading', { level: 1, name: a('es', 'heading.login') })).toBeVisible();
    await other.close();
  });

  test('a brand whose email is at its website\'s domain signs up in Spanish and publishes at once', async ({ page, accounts }, testInfo) => {
    const handle = unique('sol');
    const brand = { company: `Sol ${handle.slice(-6)}`, website: `${handle}.com.mx`, email: `ventas@mail.${handle}.com.mx` };
    accounts.adopt(brand.email);
    await page.goto('/auth?tab=register&role=brand');
    await expect(page.getByRole('heading', { level: 1, name: a('es', 'heading.register') })).toBeVisible();
    const form = await signUpAsBrand(page, 'es', brand);
    await shoot(page, testInfo, 'es-signup-form');
    await form.getByRole('button', { name: a('es', 'register.submit') }).click();
    await expect(page).toHaveURL(/\/dashboard\/brand$/, { timeout: 20_000 });
    // A brand reads English unless it chose otherwise (the sign-up screen's Spanish was the browser's).
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.getByRole('heading', { level: 1, name: text('en', 'app.brandDashboard.title') })).toBeVisible();
    await expect(page.getByTestId('brand-approval-banner')).toHaveCount(0);

    await page.goto('/campaigns/create');
    await fillCampaign(page, 'en', `Sol launch ${handle.slice(-6)}`, 'active');
    await page.getByRole('button', { name: c('en', 'create.submit') }).click();
    await page.getByRole('dialog', { name: c('en', 'publish.title') }).getByRole('button', { name: c('en', 'publish.confirm') }).click();
    await expect(toast(page, c('en', 'create.toast.success'))).toBeVisible();
    await expect(page).toHaveURL(/\/campaigns\/[0-9a-f-]{36}$/);
    await expect(page.getByText(c('en', 'status.active'), { exact: true }).first()).toBeVisible();
  });
});
