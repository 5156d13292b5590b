import type { Page } from '@playwright/test';
import { demo } from '../testkit/e2e/accounts.ts';
import { type Lang, text } from '../testkit/e2e/catalog-text.ts';
import { rpc, signedInClient } from '../testkit/e2e/clients.ts';
import { expect, test } from '../testkit/e2e/fixtures.ts';
import { signInAs, signInThroughUi } from '../testkit/e2e/sign-in.ts';
import { seriousViolations } from '../testkit/e2e/axe.ts';

/**
 * Verified vs self-reported (issue 35 item 3, decision 0054) on the seed's connected accounts
 * (supabase/seed.sql): Andrés (Instagram 97,800 + TikTok 141,300), Sofía (51,340 + 23,910), Mateo
 * (Instagram 61,200; his YouTube needs reconnecting, last count twelve days ago), Diego (TikTok 58,760),
 * Santiago (YouTube, count hidden). Everyone else's count is the one they typed. Nothing here writes
 * to the seed: the Spanish brand is a fresh account.
 */
const mateo = '00000000-0000-0000-0000-000000000c02';
const valentina = '00000000-0000-0000-0000-000000000c03';

function creatorCards(page: Page, lang: Lang) {
  return page.getByRole('region', { name: text(lang, 'creators.discover.results') }).getByRole('listitem').filter({ has: page.getByRole('heading') });
}

async function checkDiscover(page: Page, lang: Lang, figures: { sofia: string; valentina: string; andres: string }) {
  const t = (key: string, values?: Record<string, string | number>) => text(lang, key, values);
  await page.goto('/creators/discover');
  await expect(page.getByRole('heading', { name: t('creators.discover.title') })).toBeVisible();

  // Side by side in the default order (typed followers): Valentina's typed 120.4K, Sofía's verified reach.
  const sofia = creatorCards(page, lang).filter({ hasText: 'Sofía Ríos' });
  await expect(sofia).toContainText(t('common.reach.followers', { followers: figures.sofia }));
  await expect(sofia).toContainText(t('common.reach.verifiedOn', { platforms: 'Instagram, TikTok' }));
  await expect(sofia).toContainText(t('common.reach.asOf', { date: '' }).trim());
  const vale = creatorCards(page, lang).filter({ hasText: 'Valentina Gómez' });
  await expect(vale).toContainText(t('common.reach.followers', { followers: figures.valentina }));
  await expect(vale).toContainText(t('common.reach.selfReported'));
  await expect(vale).not.toContainText(t('common.reach.verifiedOn', { platforms: '' }).trim());

  // Sort by verified reach: Andrés first (239.1K), the URL keeps it.
  await page.getByLabel(t('creators.discover.sort')).selectOption('verified_reach');
  await expect(page).toHaveURL(/[?&]sort=verified_reach/);
  await expect(creatorCards(page, lang).first()).toContainText('Andrés Morales');
  await expect(creatorCards(page, lang).first()).toContainText(t('common.reach.followers', { followers: figures.andres }));

  // Verified accounts only: the five creators with a connected account, by verified reach.
  await page.getByRole('button', { name: t('creators.discover.showFilters') }).click();
  await page.getByLabel(t('creators.filters.verifiedOnly')).check();
  await expect(page).toHaveURL(/[?&]verified=1/);
  await expect(creatorCards(page, lang)).toHaveCount(5);
  const names = creatorCards(page, lang).getByRole('heading');
  await expect(names).toHaveText(['Andrés Morales', 'Sofía Ríos', 'Mateo Fernández', 'Diego Martínez', 'Santiago López']);
  // A reload keeps both (they live in the URL).
  await page.reload();
  await expect(page.getByLabel(t('creators.discover.sort'))).toHaveValue('verified_reach');
  await expect(page.getByLabel(t('creators.filters.verifiedOnly'))).toBeChecked();
  await expect(creatorCards(page, lang)).toHaveCount(5);
  const width = await page.evaluate<number>('document.documentElement.scrollWidth');
  expect(width).toBeLessThanOrEqual(page.viewportSize()!.width);
  expect(await seriousViolations(page)).toEqual([]);
}

async function checkProfiles(page: Page, lang: Lang, figures: { mateoReach: string; mateoTyped: string; valentina: string }) {
  const t = (key: string, values?: Record<string, string | number>) => text(lang, key, values);
  await page.goto(`/creators/${mateo}`);
  await expect(page.getByRole('heading', { name: 'Mateo Fernández', level: 1 })).toBeVisible();
  await expect(page.getByText(t('creators.profile.selfReportedTotal', { followers: figures.mateoTyped }))).toBeVisible();
  const accounts = page.getByRole('list', { name: t('common.reach.accounts') });
  const instagram = accounts.getByRole('listitem').filter({ hasText: 'Instagram' });
  await expect(instagram.getByRole('link', { name: /@mateo\.viaja/ })).toHaveAttribute('href', 'https://www.instagram.com/mateo.viaja');
  await expect(instagram).toContainText(t('common.reach.verifiedOn', { platforms: 'Instagram' }));
  // The YouTube channel needs reconnecting: its last count stays, dated, without the Verified mark.
  const youtube = accounts.getByRole('listitem').filter({ hasText: 'YouTube' });
  await expect(youtube).toContainText(t('common.reach.followers', { followers: lang === 'en' ? '18.5K' : '18.5 mil' }));
  await expect(youtube).toContainText(t('common.reach.lastVerified', { date: '' }).trim());
  await expect(youtube).not.toContainText(t('common.reach.verifiedOn', { platforms: 'YouTube' }));
  // His figure in the header is the verified reach (the reconnect_needed channel is not in it).
  await expect(page.getByRole('main')).toContainText(t('common.reach.followers', { followers: figures.mateoReach }));

  await page.goto(`/creators/${valentina}`);
  await expect(page.getByRole('heading', { name: 'Valentina Gómez', level: 1 })).toBeVisible();
  await expect(page.getByRole('main')).toContainText(t('common.reach.followers', { followers: figures.valentina }));
  await expect(page.getByRole('main')).toContainText(t('common.reach.selfReported'));
  await expect(page.getByRole('list', { name: t('common.reach.accounts') })).toHaveCount(0);
  expect(await seriousViolations(page)).toEqual([]);
}

test('a brand in English sees verified and self-reported counts, filters to verified and sorts by verified reach', async ({ page }) => {
  await signInThroughUi(page, demo.brand);
  await expect(page).toHaveURL(/\/dashboard\/brand$/);
  await checkDiscover(page, 'en', { sofia: '75.3K', valentina: '120.4K', andres: '239.1K' });
  await checkProfiles(page, 'en', { mateoReach: '61.2K', mateoTyped: '86.5K', valentina: '120.4K' });
});

test('a brand who chose Spanish reads the same in Spanish', async ({ page, accounts }) => {
  const brand = await accounts.create('brand', { fullName: 'Marca Verificada' });
  const brandApi = await signedInClient(brand);
  await rpc(brandApi, 'set_my_language', { language: 'es' });
  await brandApi.auth.signOut().catch(() => undefined);
  await signInAs(page, brand, /\/dashboard\/brand$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  await checkDiscover(page, 'es', { sofia: '75.3 mil', valentina: '120.4 mil', andres: '239.1 mil' });
  await checkProfiles(page, 'es', { mateoReach: '61.2 mil', mateoTyped: '86.5 mil', valentina: '120.4 mil' });
});
