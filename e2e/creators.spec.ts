import type { Page } from '@playwright/test';
import { demo } from '../testkit/e2e/accounts.ts';
import { englishShown, es, text } from '../testkit/e2e/catalog-text.ts';
import { expect, test } from '../testkit/e2e/fixtures.ts';
import { openNavigation } from '../testkit/e2e/navigation.ts';
import { signInThroughUi } from '../testkit/e2e/sign-in.ts';
import { seriousViolations } from '../testkit/e2e/axe.ts';
import { usd } from '../testkit/e2e/money.ts';

/** Seed ids (supabase/seed.sql). Nothing here changes data: other journeys may run at the same time. */
const sofia = '00000000-0000-0000-0000-000000000c01';
const mateo = '00000000-0000-0000-0000-000000000c02';
// Valentina has not applied to any campaign (Lucía, who has, is in the seed's dispute).
const valentina = '00000000-0000-0000-0000-000000000c03';
const daniela = '00000000-0000-0000-0000-000000000c12';

const longDate = (iso: string) => new Date(iso).toLocaleDateString('en-US', { month: 'long', day: 'numeric', year: 'numeric' });
/** A calendar date as a Spanish page writes it ("5 de marzo de 2026"), by the browser's Intl. */
const longDateEs = (page: Page, iso: string) =>
  page.evaluate((d) => new Intl.DateTimeFormat('es-419', { month: 'long', day: 'numeric', year: 'numeric' }).format(new Date(d)), iso);

/**
 * The English texts of the creator screens' catalog that differ in Spanish: none may show on a page a
 * creator reads in Spanish. Compared line by line (whole texts, any case: table headings are upper-cased
 * by CSS), with arguments matching anything, so names and titles in the data cannot trip it.
 */

/** Nothing sticks out sideways (390 px phones included). */
async function expectNoSidewaysScroll(page: Page) {
  const width = await page.evaluate<number>('document.documentElement.scrollWidth');
  expect(width).toBeLessThanOrEqual(page.viewportSize()!.width);
}

function creatorCards(page: Page) {
  // The cards, not the items of their portfolio strips (lists of their own, without a heading).
  return page.getByRole('region', { name: 'Creators' }).getByRole('listitem').filter({ has: page.getByRole('heading') });
}

async function signInAsBrand(page: Page) {
  await signInThroughUi(page, demo.brand);
  await expect(page).toHaveURL(/\/dashboard\/brand$/);
}

test.describe('discover creators (brand)', () => {
  test('search by name without accents, then filters that the URL keeps', async ({ page }) => {
    await signInAsBrand(page);
    await openNavigation(page);
    await page.getByRole('link', { name: 'Discover Creators' }).first().click();
    await expect(page).toHaveURL(/\/creators\/discover$/);
    await expect(page.getByRole('heading', { name: 'Discover Creators' })).toBeVisible();
    await expect(creatorCards(page).first()).toBeVisible();

    // Accent-insensitive search through the api: "sofia rios" finds Sofía Ríos.
    await page.getByLabel('Search creators').fill('sofia rios');
    await expect(page).toHaveURL(/[?&]q=sofia\+rios/);
    await expect(creatorCards(page)).toHaveCount(1);
    const card = creatorCards(page).first();
    await expect(card.getByRole('link', { name: 'Sofía Ríos', exact: true })).toHaveAttribute('href', `/creators/${sofia}`);
    await expect(card).toContainText('@sofia.rios');
    await expect(card).toContainText('New');
    await expect(card).toContainText('Beauty');
    // Her Instagram and TikTok are connected: the verified reach (51,340 + 23,910), not the typed 48.2K.
    await expect(card).toContainText('75.3K followers');
    await expect(card).toContainText('Verified · Instagram, TikTok');
    await expect(card).toContainText('Bogotá, Colombia');
    await expect(card.getByRole('link', { name: 'Invite Sofía Ríos' })).toHaveAttribute('href', `/messages?userId=${sofia}`);

    // By username too.
    await page.getByLabel('Search creators').fill('mateo.viaja');
    await expect(creatorCards(page)).toHaveCount(1);
    await expect(creatorCards(page).first()).toContainText('Mateo Fernández');

    // Nobody matches: the empty state.
    await page.getByLabel('Search creators').fill('zz-nobody-here');
    await expect(page.getByText('No creators found')).toBeVisible();
    await page.getByLabel('Search creators').fill('');
    await expect(page).toHaveURL(/\/creators\/discover$/);

    // The filters panel: Travel creators on YouTube with at least 80K followers -> only Mateo (86.5K typed;
    // the minimum applies to the typed count, his card shows the verified 61.2K of his connected Instagram).
    const toggle = page.getByRole('button', { name: 'Show Filters' });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await toggle.click();
    await expect(page.getByRole('button', { name: 'Hide Filters' })).toHaveAttribute('aria-expanded', 'true');
    const panel = page.getByRole('region', { name: 'Filters' });
    await panel.getByLabel('Niche').selectOption('Travel');
    await panel.getByLabel('Platform').selectOption('youtube');
    const slider = panel.getByLabel('Minimum followers');
    await slider.fill('80');
    await expect(panel.locator('output')).toHaveText('80K');
    await expect(page).toHaveURL(/niche=Travel/);
    await expect(page).toHaveURL(/platform=youtube/);
    await expect(page).toHaveURL(/followers=80/);
    await expect(creatorCards(page)).toHaveCount(1);
    await expect(creatorCards(page).first()).toContainText('Mateo Fernández');
    await expect(creatorCards(page).first()).toContainText('61.2K followers');

    // A reload keeps the filters (they live in the URL) and opens the panel to show them.
    await page.reload();
    await expect(page.getByRole('region', { name: 'Filters' }).getByLabel('Niche')).toHaveValue('Travel');
    await expect(page.getByRole('region', { name: 'Filters' }).getByLabel('Platform')).toHaveValue('youtube');
    await expect(creatorCards(page)).toHaveCount(1);
    await expect(creatorCards(page).first().getByRole('link', { name: 'Mateo Fernández', exact: true })).toHaveAttribute('href', `/creators/${mateo}`);

    // The top of the slider reads 100K+ and is a minimum without an upper bound.
    await page.getByRole('region', { name: 'Filters' }).getByLabel('Niche').selectOption('');
    await page.getByRole('region', { name: 'Filters' }).getByLabel('Platform').selectOption('');
    await page.getByRole('region', { name: 'Filters' }).getByLabel('Minimum followers').focus();
    await page.keyboard.press('End');
    await expect(page.getByRole('region', { name: 'Filters' }).locator('output')).toHaveText('100K+');
    await expect(page).toHaveURL(/followers=100$/);
    await expect(creatorCards(page).filter({ hasText: 'Andrés Morales' })).toHaveCount(1);
    await expect(creatorCards(page).filter({ hasText: 'Valentina Gómez' })).toHaveCount(1);
    await expect(creatorCards(page).filter({ hasText: 'Mateo Fernández' })).toHaveCount(0);

    // Clear Filters empties the panel and the URL.
    await page.getByRole('button', { name: 'Clear Filters' }).click();
    await expect(page).toHaveURL(/\/creators\/discover$/);
    await expect(page.getByRole('region', { name: 'Filters' }).locator('output')).toHaveText('0');
    await expect(creatorCards(page).filter({ hasText: 'Mateo Fernández' })).toHaveCount(1);

    await expectNoSidewaysScroll(page);
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('Invite on a card opens a conversation with the creator', async ({ page }) => {
    await signInAsBrand(page);
    await page.goto('/creators/discover?q=sofia');
    await page.getByRole('link', { name: 'Invite Sofía Ríos' }).click();
    await expect(page).toHaveURL(new RegExp(`/messages\\?userId=${sofia}$`));
  });

  test('a creator is refused and sent to their own dashboard', async ({ page }) => {
    await signInThroughUi(page, demo.creator);
    await expect(page).toHaveURL(/\/dashboard\/creator$/);
    await page.goto('/creators/discover');
    await expect(page).toHaveURL(/\/dashboard\/creator$/);
    await expect(page.getByRole('heading', { name: es('creators.discover.title') })).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'Discover Creators' })).toHaveCount(0);
  });
});

test.describe('creator profile', () => {
  test('shows the real profile, social links, portfolio and statistics', async ({ page, api }) => {
    expect((await api.auth.signInWithPassword(demo.brand)).error).toBeNull();
    const portfolio = await api.rpc('creator_portfolio', { creator_id: sofia });
    const statistics = await api.rpc('creator_statistics', { creator_id: sofia });
    expect(portfolio.error).toBeNull();
    expect(statistics.error).toBeNull();
    const stats = statistics.data[0];

    await signInAsBrand(page);
    await page.goto('/creators/discover?q=sofia');
    await page.getByRole('link', { name: 'Sofía Ríos', exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/creators/${sofia}$`));
    await expect(page.getByRole('heading', { name: 'Sofía Ríos', level: 1 })).toBeVisible();
    await expect(page.getByText('@sofia.rios', { exact: true })).toBeVisible();
    await expect(page.getByText('Self-reported: 48.2K followers')).toBeVisible();
    await expect(page.getByText('Starting at $150.00 per post')).toBeVisible();
    await expect(page.getByText(/Maquillaje natural y skincare/)).toBeVisible();

    const social = [
      // Connected: the verified handles and the platforms' own profile links; YouTube stays the typed one.
      ['@sofia.rios (opens in a new tab)', 'https://www.instagram.com/sofia.rios'],
      ['@sofiarios (opens in a new tab)', 'https://www.tiktok.com/@sofiarios'],
      ['YouTube: @SofiaRiosBeauty (opens in a new tab)', 'https://www.youtube.com/@SofiaRiosBeauty'],
    ] as const;
    for (const [name, href] of social) {
      const link = page.getByRole('link', { name, exact: true });
      await expect(link).toHaveAttribute('href', href);
      await expect(link).toHaveAttribute('target', '_blank');
      await expect(link).toHaveAttribute('rel', /noopener/);
    }
    await expect(page.getByRole('link', { name: 'Invite to Campaign' })).toHaveAttribute('href', '/campaigns/create');
    await expect(page.getByRole('link', { name: 'Message', exact: true })).toHaveAttribute('href', `/messages?userId=${sofia}`);

    // Approved content (the default tab): the approved content the api returns, with campaign and date.
    await expect(page.getByRole('tab', { name: 'Approved content' })).toHaveAttribute('aria-selected', 'true');
    const items = page.getByRole('tabpanel', { name: 'Approved content' }).getByRole('listitem');
    await expect(items).toHaveCount(portfolio.data.length);
    for (const [i, item] of portfolio.data.entries()) {
      await expect(items.nth(i).getByRole('link', { name: item.content_url })).toHaveAttribute('rel', /noopener/);
      await expect(items.nth(i)).toContainText(item.campaign_title);
      await expect(items.nth(i)).toContainText(`Approved ${longDate(item.approved_at)}`);
    }

    // Statistics: the real figures, reached with the keyboard.
    await page.getByRole('tab', { name: 'Approved content' }).focus();
    await page.keyboard.press('ArrowRight');
    await expect(page.getByRole('tab', { name: 'Statistics' })).toHaveAttribute('aria-selected', 'true');
    const figure = (label: string) =>
      page.getByRole('tabpanel', { name: 'Statistics' }).locator('dt', { hasText: new RegExp(`^${label}$`) }).locator('xpath=following-sibling::dd[1]');
    await expect(figure('Campaigns completed')).toHaveText(String(stats.campaigns_completed));
    await expect(figure('Approved content')).toHaveText(String(stats.approved_deliverables));
    const rate = Number(stats.acceptance_rate);
    await expect(figure('Acceptance rate')).toHaveText(`${Number.isInteger(rate) ? rate : rate.toFixed(1)}%`);
    await expect(figure('Member since')).toHaveText(longDate(stats.member_since));

    await expectNoSidewaysScroll(page);
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('honest empty states: no portfolio, no activity, no rate', async ({ page }) => {
    await signInAsBrand(page);
    await page.goto(`/creators/${valentina}`);
    await expect(page.getByRole('heading', { name: 'Valentina Gómez', level: 1 })).toBeVisible();
    await expect(page.getByText('No approved content yet')).toBeVisible();
    await page.getByRole('tab', { name: 'Statistics' }).click();
    await expect(page.getByText(/has not worked on a campaign here yet/)).toBeVisible();
    await expect(page.getByText('No decisions yet')).toBeVisible();
    // Only the handles she has: Instagram and TikTok.
    await expect(page.getByRole('link', { name: /^TikTok:/ })).toHaveCount(1);
    await expect(page.getByRole('link', { name: /^YouTube:/ })).toHaveCount(0);

    await page.goto(`/creators/${daniela}`);
    await expect(page.getByRole('heading', { name: 'Daniela Pérez', level: 1 })).toBeVisible();
    await expect(page.getByText('Rates not specified')).toBeVisible();
    await expect(page.getByText('5.2K')).toBeVisible();
  });

  test('a missing creator reads Creator Not Found', async ({ page }) => {
    await signInAsBrand(page);
    await page.goto('/creators/00000000-0000-0000-0000-00000000dead');
    await expect(page.getByRole('heading', { name: 'Creator Not Found' })).toBeVisible();
    await page.goto('/creators/not-an-id');
    await expect(page.getByRole('heading', { name: 'Creator Not Found' })).toBeVisible();
    // A brand is not a creator either.
    await page.goto('/creators/00000000-0000-0000-0000-0000000000b2');
    await expect(page.getByRole('heading', { name: 'Creator Not Found' })).toBeVisible();
  });

  test('a creator reads profiles in Spanish, without brand-only actions', async ({ page }) => {
    const english = ['creators'];
    await signInThroughUi(page, demo.creator);
    await expect(page).toHaveURL(/\/dashboard\/creator$/);
    await page.goto(`/creators/${mateo}`);
    await expect(page.getByRole('heading', { name: 'Mateo Fernández', level: 1 })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');
    await expect(page.getByRole('heading', { name: es('creators.profile.about') })).toBeVisible();
    await expect(page.getByText(es('creators.niche.Travel'), { exact: true })).toBeVisible();
    await expect(page.getByRole('link', { name: es('creators.profile.invite') })).toHaveCount(0);
    await expect(page.getByRole('link', { name: es('creators.profile.message'), exact: true })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Invite to Campaign' })).toHaveCount(0);
    expect(await englishShown(page, english)).toEqual([]);

    await page.goto(`/creators/${sofia}`);
    await expect(page.getByRole('link', { name: es('creators.profile.edit') })).toHaveAttribute('href', '/settings');
    await expect(page.getByRole('tab', { name: es('creators.profile.tab.portfolio') })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('tabpanel').getByRole('listitem').first()).toContainText(/Aprobado el \d{1,2} de \p{L}+ de \d{4}/u);
    expect(await englishShown(page, english)).toEqual([]);
    // A truncated link's screen-reader text stays inside it instead of widening the page.
    await expectNoSidewaysScroll(page);
    await page.getByRole('tab', { name: es('creators.profile.tab.statistics') }).click();
    await expect(page.getByRole('tabpanel', { name: es('creators.profile.tab.statistics') }).getByText(es('creators.statistics.memberSince'))).toBeVisible();
    expect(await englishShown(page, english)).toEqual([]);
    await expectNoSidewaysScroll(page);
    expect(await seriousViolations(page)).toEqual([]);
  });
});

test.describe('creator dashboard', () => {
  test('shows the real figures, the first three open campaigns with the right button, and the gigs', async ({ page, api }) => {
    expect((await api.auth.signInWithPassword(demo.creator)).error).toBeNull();
    const figures = await api.rpc('creator_dashboard');
    expect(figures.error).toBeNull();

    // The page's own read of the campaign list: other specs open campaigns meanwhile, so a second read
    // here could see a newer one.
    const browsed = page.waitForResponse(
      (r) => r.url().includes('/rest/v1/rpc/browse_campaigns') && r.request().postDataJSON()?.page_size === 3,
    );
    await signInThroughUi(page, demo.creator);
    await expect(page).toHaveURL(/\/dashboard\/creator$/);
    // A creator reads the dashboard in Spanish.
    const stat = (label: string) => page.locator('dl', { has: page.getByText(label, { exact: true }) }).locator('dd').first();
    await expect(stat(es('dashboard-creator.activeGigs'))).toHaveText(String(figures.data.active_gigs));
    await expect(stat(es('dashboard-creator.completedJobs'))).toHaveText(String(figures.data.completed_jobs));
    await expect(stat(es('dashboard-creator.rating'))).toHaveText(es('dashboard-creator.rating.none'));
    await expect(stat(es('dashboard-creator.totalEarnings'))).toHaveText(await usd(page, figures.data.total_earnings_cents, 'es'));

    const open = (await (await browsed).json()) as Array<{ id: string; title: string; deadline: string; has_applied: boolean }>;
    expect(open.length).toBeGreaterThan(0);
    const cards = page.getByRole('region', { name: es('campaigns.available.title') }).getByRole('listitem');
    await expect(cards).toHaveCount(open.length);
    for (const [i, c] of open.entries()) {
      const label = es(c.has_applied ? 'campaigns.card.viewDetails.label' : 'campaigns.card.viewDetailsApply.label', { title: c.title });
      await expect(cards.nth(i).getByRole('link', { name: label })).toHaveAttribute('href', `/campaigns/${c.id}`);
      await expect(cards.nth(i)).toContainText(await longDateEs(page, c.deadline));
    }
    await expect(page.getByRole('region', { name: es('applications.gigs.title') }).getByRole('listitem').first()).toBeVisible();
    await expectNoSidewaysScroll(page);
  });
});
