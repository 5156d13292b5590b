import { mkdirSync } from 'node:fs';
import type { Page, TestInfo } from '@playwright/test';
import { unique } from '../testkit/e2e/accounts.ts';
import { type Lang, text } from '../testkit/e2e/catalog-text.ts';
import { seriousViolations } from '../testkit/e2e/axe.ts';
import { anonClient } from '../testkit/e2e/clients.ts';
import { expect, test } from '../testkit/e2e/fixtures.ts';

/**
 * Issue 32, item 1: a visitor who has not signed up browses the active campaigns from the landing page,
 * opens one, presses Apply, signs up (or in) and lands back on that campaign. A link preview (no
 * JavaScript) of the campaign shows its title. Seeded campaign 1 (GlowLab, active) is the one opened.
 */
const SEEDED = { id: '00000000-0000-0000-0001-000000000001', title: 'Morning Glow Serum Launch', brand: 'GlowLab Skincare' };

const c = (lang: Lang, key: string, values?: Record<string, string | number>) => text(lang, `campaigns.${key}`, values);

/** A screenshot under /tmp/public-campaigns-shots, named after the project (desktop 1280 px, mobile 390 px). */
async function shoot(page: Page, testInfo: TestInfo, name: string) {
  mkdirSync('/tmp/public-campaigns-shots', { recursive: true });
  await page.screenshot({ path: `/tmp/public-campaigns-shots/${testInfo.project.name}-${name}.png`, fullPage: true });
}

/** From the landing page in `lang` to the seeded campaign's public page, through "Browse campaigns". */
async function openSeededCampaign(page: Page, testInfo: TestInfo, lang: Lang) {
  await page.goto('/');
  await page.getByRole('button', { name: text(lang, `common.language.${lang}`) }).click();
  await page.getByRole('link', { name: text(lang, 'app.landing.browseCampaigns') }).click();
  await expect(page).toHaveURL(/\/explore$/);
  await expect(page.getByRole('heading', { level: 1, name: c(lang, 'public.title') })).toBeVisible();
  await expect(page).toHaveTitle(c(lang, 'public.pageTitle'));
  const list = page.getByRole('list', { name: c(lang, 'browse.list') });
  const card = list.getByRole('listitem').filter({ has: page.getByRole('heading', { name: SEEDED.title }) });
  await expect(list.getByRole('listitem').first()).toBeVisible();
  // Other journeys may publish campaigns meanwhile (newest first): show more until the seeded one is there.
  await expect(async () => {
    if (await card.count()) return;
    await page.getByRole('button', { name: c(lang, 'public.loadMore') }).click({ timeout: 5_000 });
    expect(await card.count()).toBeGreaterThan(0);
  }).toPass({ timeout: 60_000 });
  await expect(card).toContainText(SEEDED.brand);
  // No applicant data on the public card.
  await expect(card).not.toContainText(/applicant|postulante|solicitud/i);
  expect(await seriousViolations(page)).toEqual([]);
  await shoot(page, testInfo, `${lang}-list`);
  await card.getByRole('link', { name: c(lang, 'card.viewDetails.label', { title: SEEDED.title }) }).click();
  await expect(page).toHaveURL(new RegExp(`/explore/${SEEDED.id}$`));
  await expect(page.getByRole('heading', { level: 1, name: SEEDED.title })).toBeVisible();
  await expect(page.getByText(SEEDED.brand).first()).toBeVisible();
  await expect(page.getByText(c(lang, 'field.requirements'), { exact: true })).toBeVisible();
  await expect(page).toHaveTitle(c(lang, 'public.campaignTitle', { title: SEEDED.title, brand: SEEDED.brand }));
  expect(await seriousViolations(page)).toEqual([]);
  await shoot(page, testInfo, `${lang}-detail`);
}

test.describe('public campaigns', () => {

  test('a visitor browses in Spanish, applies, signs up as a creator and lands back on the campaign', async ({ page, accounts }, testInfo) => {
    await openSeededCampaign(page, testInfo, 'es');
    await page.getByRole('link', { name: c('es', 'public.apply'), exact: true }).click();
    await expect(page).toHaveURL(/\/auth\?next=/);
    const form = page.getByRole('tabpanel', { name: text('es', 'auth.tab.register') });
    const handle = unique('visita_');
    accounts.adopt(`${handle}@example.com`);
    await form.getByLabel(text('es', 'auth.field.fullName')).fill('Valeria Ruiz');
    await form.getByLabel(text('es', 'auth.social.instagram')).fill(handle);
    await form.getByLabel(text('es', 'auth.field.email')).fill(`${handle}@example.com`);
    await form.getByLabel(text('es', 'auth.field.password'), { exact: true }).fill('secreta123');
    await form.getByLabel(text('es', 'auth.field.passwordConfirm')).fill('secreta123');
    await form.getByRole('checkbox').check();
    await form.getByRole('button', { name: text('es', 'auth.register.submit') }).click();
    await expect(page).toHaveURL(new RegExp(`/campaigns/${SEEDED.id}$`), { timeout: 20_000 });
    await expect(page.getByRole('heading', { level: 1, name: SEEDED.title })).toBeVisible();
  });

  test('a visitor browses in English, presses Apply, signs in instead and lands back on the campaign', async ({ page, accounts }, testInfo) => {
    const creator = await accounts.create('creator');
    await openSeededCampaign(page, testInfo, 'en');
    await page.getByRole('link', { name: c('en', 'public.apply'), exact: true }).click();
    await expect(page).toHaveURL(/\/auth\?next=/);
    await page.getByRole('tab', { name: text('en', 'auth.tab.login') }).click();
    const login = page.getByRole('tabpanel', { name: text('en', 'auth.tab.login') });
    await login.getByLabel(text('en', 'auth.field.email')).fill(creator.email);
    await login.getByLabel(text('en', 'auth.field.password')).fill(creator.password);
    await login.getByRole('button', { name: text('en', 'auth.login.submit') }).click();
    await expect(page).toHaveURL(new RegExp(`/campaigns/${SEEDED.id}$`), { timeout: 20_000 });
    await expect(page.getByRole('heading', { level: 1, name: SEEDED.title })).toBeVisible();
  });

  test('a campaign that is not open says so, and ?next= never leads to another site', async ({ page, accounts }) => {
    await page.goto('/explore/00000000-0000-0000-0001-000000000005'); // a GlowLab draft
    await expect(page.getByText(c('es', 'public.notFound'))).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toHaveCount(0);
    const creator = await accounts.create('creator');
    const [first, ...others] = ['//evil.example', '/\\evil.example', 'https://evil.example'];
    // Signing in with a foreign next goes to the dashboard as usual ...
    await page.goto(`/auth?next=${encodeURIComponent(first!)}`);
    const login = page.getByRole('tabpanel', { name: text('es', 'auth.tab.login') });
    await login.getByLabel(text('es', 'auth.field.email')).fill(creator.email);
    await login.getByLabel(text('es', 'auth.field.password')).fill(creator.password);
    await login.getByRole('button', { name: text('es', 'auth.login.submit') }).click();
    await expect(page).toHaveURL(/\/dashboard\/creator$/);
    // ... and so does /auth for someone signed in, which forwards at once.
    for (const evil of others) {
      await page.goto(`/auth?next=${encodeURIComponent(evil)}`);
      await expect(page).toHaveURL(/\/dashboard\/creator$/);
    }
  });

  test('the raw HTML of a campaign carries its title, description and Open Graph tags (no JavaScript)', async ({ request }) => {
    const [row] = ((await anonClient().rpc('public_campaign', { campaign_id: SEEDED.id })).data ?? []) as Array<{ title: string }>;
    expect(row?.title).toBe(SEEDED.title);
    const html = await (await request.get(`/explore/${SEEDED.id}`, { headers: { 'accept-language': 'en-US,en;q=0.9' } })).text();
    expect(html).toContain(`<title>${SEEDED.title} — ${SEEDED.brand}</title>`);
    expect(html).toContain(`<meta property="og:title" content="${SEEDED.title} — ${SEEDED.brand}" />`);
    expect(html).toMatch(/<meta property="og:description" content="GlowLab Skincare is looking for creators: \$[\d,.]+ · /);
    expect(html).toMatch(new RegExp(`<meta property="og:url" content="[^"]+/explore/${SEEDED.id}" />`));
    const list = await (await request.get('/explore', { headers: { 'accept-language': 'es' } })).text();
    expect(list).toContain('<meta property="og:title" content="Explorar campañas — Creator Marketplace" />');
  });
});
