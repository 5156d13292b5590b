import { mkdirSync } from 'node:fs';
import type { Page, TestInfo } from '@playwright/test';
import { unique } from '../testkit/e2e/accounts.ts';
import { seriousViolations } from '../testkit/e2e/axe.ts';
import { notPortugueseShown, text } from '../testkit/e2e/catalog-text.ts';
import { type ApiClient, rpc, signedInClient } from '../testkit/e2e/clients.ts';
import { callPayments } from '../testkit/e2e/escrow.ts';
import { expect, test } from '../testkit/e2e/fixtures.ts';
import { usd } from '../testkit/e2e/money.ts';
import { payoutsOverview, stripeDouble } from '../testkit/e2e/payouts.ts';
import { toast } from '../testkit/e2e/toast.ts';

// Issue 37's journey: a Brazilian creator signs up in Portuguese (country Brazil), applies to a campaign, is
// hired, delivers, is paid, sees the money in pt-BR's writing of US dollars ("US$ 1.275,00") and sets up
// payouts on the Stripe double's onboarding page in Portuguese with a CPF and a Pix key. Every screen of
// theirs shows no Spanish or English catalog text and is axe clean. The brand acts through the API: its
// screens are English and other journeys cover them.

const pt = (key: string, values?: Record<string, string | number>) => text('pt', key, values);

/** Each screen's budget: its first element within this, on a busy shared machine (no speed is asserted). */
const SCREEN = { timeout: 20_000 };

/** A screenshot under /tmp/ptjourney-shots, named after the project (desktop 1280 px, mobile 390 px). */
async function shoot(page: Page, testInfo: TestInfo, name: string) {
  mkdirSync('/tmp/ptjourney-shots', { recursive: true });
  // From the top: a full-page capture of a scrolled page draws the sticky header mid-page.
  await page.evaluate('window.scrollTo(0, 0)');
  await page.screenshot({ path: `/tmp/ptjourney-shots/${testInfo.project.name}-${name}.png`, fullPage: true });
}

/** The screen is Portuguese only and axe finds nothing serious. */
async function expectPortugueseAndAccessible(page: Page, catalogs: string[]) {
  await expect(page.locator('html')).toHaveAttribute('lang', 'pt');
  expect(await notPortugueseShown(page, catalogs)).toEqual([]);
  expect(await seriousViolations(page)).toEqual([]);
}

/** Fills the creator sign-up on /auth (Portuguese when the screen is) and submits it. */
async function signUpFromBrazil(page: Page, lang: 'pt' | 'es', handle: string, name: string) {
  const t = (key: string) => text(lang, key);
  await page.getByRole('tab', { name: t('auth.tab.register') }).click();
  const form = page.getByRole('tabpanel', { name: t('auth.tab.register') });
  await form.getByLabel(t('auth.field.fullName')).fill(name);
  await form.getByLabel(t('auth.social.instagram')).fill(handle);
  const country = form.getByLabel(t('auth.field.country'), { exact: true });
  await expect(country.locator('option', { hasText: 'Brasil' })).toHaveCount(1);
  await country.selectOption('BR');
  await form.getByLabel(t('auth.field.email')).fill(`${handle}@example.com`);
  await form.getByLabel(t('auth.field.password'), { exact: true }).fill('segredo123');
  await form.getByLabel(t('auth.field.passwordConfirm')).fill('segredo123');
  await form.getByRole('checkbox').check();
  return form;
}

/** A fresh brand's active flat-fee campaign of $1,500.00. */
async function brandCampaign(brandApi: ApiClient, title: string) {
  return rpc<string>(brandApi, 'create_campaign', {
    title,
    description: 'Um vídeo curto mostrando nossa garrafa no dia a dia.',
    content_type: 'video',
    platforms: ['instagram'],
    compensation_type: 'flat_fee',
    compensation_cents: 150_000,
    deadline: new Date(Date.now() + 20 * 86_400_000).toISOString(),
    status: 'active',
  });
}

/**
 * The brand hires the creator's application: accepts, then funds it by card on the double when the platform
 * holds money in escrow (with escrow off there is nothing to fund; the brand pays the approved content).
 */
async function hire(brandApi: ApiClient, applicationId: string): Promise<'escrow' | 'direct'> {
  await rpc(brandApi, 'accept_application', { application_id: applicationId });
  const fund = await callPayments(brandApi, 'POST', 'fund', { applicationId });
  if (fund.status !== 200) {
    if (fund.body.code !== 'application_not_found') throw new Error(`payments/fund: ${fund.status} ${JSON.stringify(fund.body)}`);
    return 'direct';
  }
  await stripeDouble().paymentIntents.confirm(String(fund.body.paymentIntentId), { payment_method: 'pm_card_visa', return_url: 'http://localhost/payments/result' });
  return 'escrow';
}

test.describe('a Brazilian creator', () => {
  // Pt-BR browser: the visitor the journey is about.
  test.use({ locale: 'pt-BR' });
  // The journey's budget is its screens' (eleven, SCREEN each, the axe runs included) plus the webhooks'
  // wait: about 2.5 minutes on a busy two-core machine, with the rest as room.
  test.describe.configure({ timeout: 12 * 25_000 });

  test('signs up from Brazil, applies, delivers, is paid in pt-BR money and sets up a Pix payout, all in Portuguese', async ({ page, accounts }, testInfo) => {
    const brand = await accounts.create('brand', { label: 'marcabr', companyName: unique('Garrafa Co ') });
    const brandApi = await signedInClient(brand);
    const token = unique('br');
    const title = `Campanha ${token}`;
    const campaignId = await brandCampaign(brandApi, title);

    // Sign-up, in Portuguese, with the country.
    await page.goto('/auth');
    await expect(page.getByRole('heading', { name: pt('auth.heading.login') })).toBeVisible(SCREEN);
    const handle = unique('bia_');
    const name = 'Beatriz Almeida';
    const email = `${handle}@example.com`;
    accounts.adopt(email);
    const form = await signUpFromBrazil(page, 'pt', handle, name);
    await expectPortugueseAndAccessible(page, ['auth']);
    await shoot(page, testInfo, 'sign-up');
    await form.getByRole('button', { name: pt('auth.register.submit') }).click();
    await expect(page).toHaveURL(/\/dashboard\/creator$/, SCREEN);
    await expect(page.getByRole('heading', { name: pt('app.creatorDashboard.title') })).toBeVisible(SCREEN);
    const creatorApi = await signedInClient({ email, password: 'segredo123' });
    expect((await rpc<Array<{ language: string }>>(creatorApi, 'current_profile'))[0]!.language).toBe('pt');

    // The profile: settings in Portuguese, a bio saved.
    await page.goto('/settings');
    await expect(page.getByRole('heading', { name: pt('settings.title'), level: 1 })).toBeVisible(SCREEN);
    await expect(page.getByRole('tab', { name: pt('settings.tabs.profile') })).toBeVisible();
    await expectPortugueseAndAccessible(page, ['settings']);
    await page.getByLabel(pt('settings.field.bio')).fill('Criadora de conteúdo de lifestyle em São Paulo.');
    await page.getByRole('button', { name: pt('settings.account.save') }).click();
    await expect(toast(page, pt('settings.account.toast.updated'))).toBeVisible(SCREEN);
    await shoot(page, testInfo, 'settings');

    // The campaigns list, then the campaign and the application.
    await page.goto(`/campaigns?q=${token}`);
    await expect(page.getByRole('heading', { name: pt('campaigns.browse.title'), level: 1 })).toBeVisible(SCREEN);
    const card = page.getByRole('list', { name: pt('campaigns.browse.list') }).getByRole('listitem').filter({ hasText: title });
    await expect(card).toBeVisible(SCREEN);
    await expectPortugueseAndAccessible(page, ['campaigns']);
    await shoot(page, testInfo, 'campaigns');

    await card.getByRole('link', { name: new RegExp(`^${pt('campaigns.card.viewDetailsApply')}`) }).click();
    await expect(page).toHaveURL(new RegExp(`/campaigns/${campaignId}$`), SCREEN);
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible(SCREEN);
    const gross = await usd(page, 150_000, 'pt');
    expect(gross).toMatch(/^US\$\s1\.500,00$/);
    await expect(page.getByText(gross).first()).toBeVisible();
    await expectPortugueseAndAccessible(page, ['campaigns', 'applications']);
    await shoot(page, testInfo, 'campaign-detail');
    await page.getByRole('button', { name: pt('applications.apply.submit') }).click();
    // A blank pitch is refused in Portuguese.
    await expect(page.getByLabel(pt('applications.apply.pitch'))).toHaveAttribute('aria-invalid', 'true');
    await page.getByLabel(pt('applications.apply.pitch')).fill('Faço vídeos de lifestyle toda semana para 30 mil seguidores no Instagram.');
    await expectPortugueseAndAccessible(page, ['campaigns', 'applications']);
    await shoot(page, testInfo, 'apply');
    await page.getByRole('button', { name: pt('applications.apply.submit') }).click();
    await expect(toast(page, pt('applications.apply.toast.success'))).toBeVisible(SCREEN);

    // The brand hires.
    const applications = await rpc<Array<{ id: string }>>(brandApi, 'campaign_applications', { campaign_id: campaignId });
    expect(applications).toHaveLength(1);
    const mode = await hire(brandApi, applications[0]!.id);

    // The creator delivers a link (after the funding, with escrow on).
    const urlField = page.getByLabel(pt('deliverables.creator.url'));
    await expect(async () => {
      await page.reload();
      await expect(urlField).toBeVisible({ timeout: 3_000 });
    }).toPass(SCREEN);
    const net = await usd(page, 127_500, 'pt');
    if (mode === 'escrow') await expect(page.getByText(pt('applications.hire.creator.funded', { amount: net }))).toBeVisible();
    await urlField.fill(`https://www.instagram.com/reel/${handle}1/`);
    await page.getByRole('button', { name: pt('deliverables.creator.submit') }).click();
    await expect(toast(page, pt('deliverables.creator.toast.submitted'))).toBeVisible(SCREEN);
    await expectPortugueseAndAccessible(page, ['campaigns', 'applications', 'deliverables']);
    await shoot(page, testInfo, 'delivered');

    // The brand approves (and, without escrow, pays the approved content).
    const [deliverable] = await rpc<Array<{ id: string }>>(brandApi, 'application_deliverables', { application_id: applications[0]!.id });
    await rpc(brandApi, 'review_deliverable', { deliverable_id: deliverable!.id, status: 'approved', feedback: 'Ficou ótimo!' });
    if (mode === 'direct') {
      const created = await callPayments(brandApi, 'POST', 'create', { deliverableId: deliverable!.id });
      expect(created.status).toBe(200);
      await stripeDouble().paymentIntents.confirm(String(created.body.paymentIntentId), { payment_method: 'pm_card_visa', return_url: 'http://localhost/payments/result' });
    }
    await expect.poll(async () => (await payoutsOverview(creatorApi)).available_cents, SCREEN).toBeGreaterThan(0);
    const availableCents = (await payoutsOverview(creatorApi)).available_cents;

    // The earnings: US dollars written the Brazilian way ("US$ 1.275,00"), never reais.
    await page.goto('/payments/history');
    await expect(page.getByRole('heading', { name: pt('app.paymentHistory.title'), level: 1 })).toBeVisible(SCREEN);
    const available = await usd(page, availableCents, 'pt');
    expect(available).toMatch(/^US\$\s\d{1,3}(\.\d{3})*,\d{2}$/);
    const availableCard = page.locator('dl').filter({ has: page.locator('dt', { hasText: new RegExp(`^${pt('earnings.balance.available')}$`) }) });
    await expect(availableCard.locator('dd').first()).toHaveText(available, SCREEN);
    await expect(page.getByRole('row').filter({ hasText: title })).toContainText(available);
    await expect(page.locator('body')).not.toContainText('R$');
    await expectPortugueseAndAccessible(page, ['earnings']);
    await shoot(page, testInfo, 'earnings');
    // On a phone the navigation (and its language switch) is a slide-in menu.
    if (testInfo.project.name === 'mobile') {
      await page.getByRole('button', { name: text('pt', 'common.menu.open') }).click();
      const menu = page.getByRole('dialog');
      await expect(menu.getByRole('button', { name: text('pt', 'common.menu.close') })).toBeVisible();
      await expect(menu.getByRole('group', { name: pt('common.language') }).getByRole('button', { name: 'Português' })).toHaveAttribute('aria-pressed', 'true');
      await expectPortugueseAndAccessible(page, ['earnings']);
      await page.screenshot({ path: '/tmp/ptjourney-shots/mobile-menu.png' });
      await menu.getByRole('button', { name: text('pt', 'common.menu.close') }).click();
    }

    // Payouts: Brazil, then the double's onboarding page in Portuguese, with a CPF and a Pix key.
    await page.goto('/settings?tab=payouts');
    const panel = page.getByRole('tabpanel', { name: pt('settings.tabs.payouts') });
    await expect(panel.getByLabel(pt('settings.payouts.country'))).toBeVisible(SCREEN);
    await panel.getByLabel(pt('settings.payouts.country')).selectOption('BR');
    await expectPortugueseAndAccessible(page, ['settings']);
    await shoot(page, testInfo, 'payouts');
    await panel.getByRole('button', { name: pt('settings.payouts.action.setUp') }).click();
    await expect(page).toHaveURL(/\/stripe\/onboarding\?link=/, SCREEN);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Configure seus saques');
    await expect(page.locator('html')).toHaveAttribute('lang', 'pt-BR');
    await page.getByLabel('Nome do titular da conta').fill(name);
    // A CPF whose check digits are wrong is refused in Portuguese, and nothing typed is lost.
    await page.getByLabel('CPF ou CNPJ do titular da conta').fill('529.982.247-24');
    await page.getByRole('radio', { name: 'Chave Pix' }).check();
    await page.getByLabel('Tipo de chave').selectOption('email');
    await page.getByRole('textbox', { name: 'Chave Pix' }).fill(`${handle}@example.com`);
    await page.getByRole('button', { name: 'Salvar conta bancária' }).click();
    // Said beside the field, and in the summary above the form that links to it.
    await expect(page.locator('#f-holder_tax_id-error')).toHaveText('Este CPF não é válido. Confira os dígitos.', SCREEN);
    await expect(page.getByRole('link', { name: 'Este CPF não é válido. Confira os dígitos.' })).toHaveAttribute('href', '#f-holder_tax_id');
    await expect(page.getByLabel('Nome do titular da conta')).toHaveValue(name);
    expect(await seriousViolations(page)).toEqual([]);
    await shoot(page, testInfo, 'onboarding');
    await page.getByLabel('CPF ou CNPJ do titular da conta').fill('529.982.247-25');
    await page.getByRole('button', { name: 'Salvar conta bancária' }).click();

    await expect(page).toHaveURL(/\/settings\?tab=payouts/, SCREEN);
    const back = page.getByRole('tabpanel', { name: pt('settings.tabs.payouts') });
    await expect(back.getByRole('status').filter({ hasText: pt('settings.payouts.return.active.title') })).toBeVisible(SCREEN);
    const account = back.getByRole('region', { name: pt('settings.payouts.account.title') });
    await expect(account.getByText(pt('settings.payouts.state.active'), { exact: true })).toBeVisible();
    await expect(account).toContainText('Brasil');
    await expectPortugueseAndAccessible(page, ['settings']);
    await shoot(page, testInfo, 'payouts-active');
  });

});

test.describe('the sign-up country', () => {
  // A Spanish browser (the config's default visitor) and no language picked: Brazil alone makes it Portuguese.
  test.use({ locale: 'es-419' });

  test('a creator who picks Brazil on a Spanish screen lands in Portuguese', async ({ page, accounts }) => {
    await page.goto('/auth');
    await expect(page.getByRole('heading', { name: text('es', 'auth.heading.login') })).toBeVisible(SCREEN);
    const handle = unique('caio_');
    accounts.adopt(`${handle}@example.com`);
    const form = await signUpFromBrazil(page, 'es', handle, 'Caio Ferreira');
    await form.getByRole('button', { name: text('es', 'auth.register.submit') }).click();
    await expect(page).toHaveURL(/\/dashboard\/creator$/, SCREEN);
    await expect(page.getByRole('heading', { name: pt('app.creatorDashboard.title') })).toBeVisible(SCREEN);
    await expect(page.locator('html')).toHaveAttribute('lang', 'pt');
    await page.reload();
    await expect(page.getByRole('heading', { name: pt('app.creatorDashboard.title') })).toBeVisible(SCREEN);
  });
});
