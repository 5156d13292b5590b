import { AxeBuilder } from '@axe-core/playwright';
import type { Locator, Page } from '@playwright/test';
import { demo } from '../testkit/e2e/accounts.ts';
import type { Credentials } from '../testkit/e2e/clients.ts';
import { expect, test } from '../testkit/e2e/fixtures.ts';
import { type Lang, text } from '../testkit/e2e/catalog-text.ts';
import { OPEN_MENU, CLOSE_MENU, openNavigation } from '../testkit/e2e/navigation.ts';
import { loginPanel, signInThroughUi } from '../testkit/e2e/sign-in.ts';

/**
 * Issue 4: "axe-core finds no serious or critical violation on any screen". Every route of the route table
 * is visited per role, in each state worth checking (tabs, an open conversation, a refusal), at both
 * widths of the config; WCAG 2 A and AA rules; serious and critical violations fail. One test per screen
 * (signed in as the role's demo account): its own time budget, and a failure names its screen. Read-only.
 */

/** Seed rows (supabase/seed.sql) no journey changes. */
const seed = {
  brand: '00000000-0000-0000-0000-0000000000b1',
  creator: '00000000-0000-0000-0000-000000000c01',
  /** GlowLab's active campaign with applications. */
  campaign: '00000000-0000-0000-0001-000000000001',
  /** GlowLab's paused campaign: its owner sees Close, which opens a confirmation. */
  pausedCampaign: '00000000-0000-0000-0001-000000000003',
  /** Approved and paid content of the demo creator for GlowLab. */
  deliverable: '00000000-0000-0000-0003-000000000001',
};

/** The WCAG 2 A/AA violations of the page as it is now that are serious or critical, one line each. */
async function seriousViolations(page: Page, screen: string): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${screen} -> ${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
}

/** Waits until the screen has rendered its data: the given element is visible and no spinner is left. */
async function settled(page: Page, ready: Locator): Promise<void> {
  await expect(ready).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: /^(Loading|Cargando)/ })).toHaveCount(0);
}

interface Screen {
  name: string;
  path: string;
  /** What shows once the screen is there. */
  ready: (page: Page) => Locator;
  /** Further states of the same screen to check (a tab, a dialog), each with what shows once it is there. */
  states?: Array<{ name: string; open: (page: Page) => Promise<void>; ready: (page: Page) => Locator }>;
}

const h1 = (name: string | RegExp) => (page: Page) => page.getByRole('heading', { level: 1, name });
const tab = (name: string | RegExp) => async (page: Page) => {
  await page.getByRole('tab', { name }).click();
};
const selectedTab = (name: string | RegExp) => (page: Page) => page.getByRole('tab', { name, selected: true });

/** Visits one screen and its states, returning the violations found. */
async function audit(page: Page, s: Screen): Promise<string[]> {
  const found: string[] = [];
  await page.goto(s.path);
  await settled(page, s.ready(page));
  found.push(...(await seriousViolations(page, s.name)));
  for (const state of s.states ?? []) {
    await state.open(page);
    await settled(page, state.ready(page));
    found.push(...(await seriousViolations(page, `${s.name} (${state.name})`)));
  }
  return found;
}

/** Screens both signed-in marketplace roles have, in their own flavour and language. */
const sharedScreens = (lang: Lang): Screen[] => {
  const requirements = text(lang, 'campaigns.tabs.requirements');
  const statistics = text(lang, 'creators.profile.tab.statistics');
  const profile = text(lang, 'settings.tabs.profile');
  const security = text(lang, 'settings.tabs.security');
  return [
    { name: 'campaign detail', path: `/campaigns/${seed.campaign}`, ready: h1('Morning Glow Serum Launch'), states: [{ name: 'requirements tab', open: tab(requirements), ready: selectedTab(requirements) }] },
    {
      name: 'creator profile',
      path: `/creators/${seed.creator}`,
      ready: h1(/Sofía/),
      states: [{ name: 'statistics tab', open: tab(statistics), ready: selectedTab(statistics) }],
    },
    // The brand's payments are a table from 640 px and cards below; the creator's earnings a table.
    { name: 'payment history', path: '/payments/history', ready: (p) => p.getByRole('table').or(p.getByRole('list', { name: text(lang, 'payments.history.list') })).first() },
    { name: 'payment result without a payment', path: '/payments/result', ready: (p) => p.getByRole('heading', { level: 1 }) },
    { name: 'deliverable', path: `/deliverables/${seed.deliverable}`, ready: (p) => p.getByRole('heading', { level: 1 }) },
    {
      name: 'settings',
      path: '/settings',
      ready: h1(text(lang, 'settings.title')),
      states: [
        { name: 'profile tab', open: tab(profile), ready: selectedTab(profile) },
        { name: 'security tab', open: tab(security), ready: selectedTab(security) },
      ],
    },
  ];
};

/** The screens of each role, signed in as its demo account (null: a guest). */
const roles: Array<{ role: string; account: Credentials | null; home?: RegExp; screens: Screen[] }> = [
  {
    role: 'guest',
    account: null,
    screens: [
      { name: 'landing', path: '/', ready: (p) => p.getByRole('heading', { level: 1 }) },
      {
        name: 'auth',
        path: '/auth',
        ready: (p) => loginPanel(p).getByLabel('Correo electrónico'),
        states: [{ name: 'register tab', open: tab('Registrarse'), ready: (p) => p.getByRole('heading', { name: 'Crea tu cuenta' }) }],
      },
      { name: 'not found', path: '/no-such-page', ready: (p) => p.getByRole('heading', { level: 1 }) },
    ],
  },
  {
    role: 'creator',
    account: demo.creator,
    home: /\/dashboard\/creator$/,
    screens: [
      // A creator reads Spanish.
      { name: 'creator dashboard', path: '/dashboard/creator', ready: h1(text('es', 'app.creatorDashboard.title')) },
      { name: 'admin dashboard refused', path: '/dashboard/admin', ready: (p) => p.getByRole('heading', { name: text('es', 'common.accessDenied.title') }) },
      { name: 'browse campaigns', path: '/campaigns', ready: (p) => p.getByText(/^Mostrando \d+ campañas?/) },
      ...sharedScreens('es'),
      { name: 'messages with a conversation open', path: `/messages?contact=${seed.brand}`, ready: (p) => p.getByRole('textbox', { name: /mensaje/i }) },
      // Where a creator is paid (issue 16): the Payouts tab of Settings.
      { name: 'payouts settings', path: '/settings?tab=payouts', ready: selectedTab(text('es', 'settings.tabs.payouts')) },
    ],
  },
  {
    role: 'brand',
    account: demo.brand,
    home: /\/dashboard\/brand$/,
    screens: [
      { name: 'brand dashboard', path: '/dashboard/brand', ready: h1('Brand Dashboard') },
      { name: 'create campaign', path: '/campaigns/create', ready: (p) => p.getByLabel('Title', { exact: true }) },
      { name: 'edit campaign', path: `/campaigns/edit/${seed.campaign}`, ready: (p) => p.getByLabel('Title', { exact: true }) },
      { name: 'owner campaign detail', path: `/campaigns/${seed.campaign}`, ready: h1('Morning Glow Serum Launch'), states: [{ name: 'applications tab', open: tab(/^Applications/), ready: selectedTab(/^Applications/) }] },
      { name: 'discover creators', path: '/creators/discover', ready: h1('Discover Creators') },
      ...sharedScreens('en'),
      { name: 'messages with a conversation open', path: `/messages?contact=${seed.creator}`, ready: (p) => p.getByRole('textbox', { name: /message/i }) },
      // Below md the per-campaign figures are a list of cards; the table is for wider screens.
      { name: 'analytics', path: '/analytics', ready: (p) => p.getByRole((p.viewportSize()?.width ?? 1280) < 768 ? 'list' : 'table', { name: 'Figures per campaign' }) },
    ],
  },
  {
    role: 'admin',
    account: demo.admin,
    home: /\/dashboard\/admin$/,
    screens: [{ name: 'admin dashboard', path: '/dashboard/admin', ready: (p) => p.getByRole('table', { name: 'Users' }).or(p.getByRole('list', { name: 'Users' })) }],
  },
];

// One test per screen, so each has its own time budget and a failure names its screen (issue 33).
test.describe('accessibility (axe, WCAG 2 A/AA): no serious or critical violation', () => {
  for (const { role, account, home, screens } of roles) {
    for (const screen of screens) {
      test(`${role}: ${screen.name}`, async ({ page }) => {
        if (account) {
          await signInThroughUi(page, account);
          if (home) await expect(page).toHaveURL(home);
        }
        expect(await audit(page, screen)).toEqual([]);
      });
    }
  }
});

test.describe('keyboard', () => {
  test('the navigation, a tab list and a confirmation dialog work from the keyboard with a visible focus', async ({ page }) => {
    await signInThroughUi(page, demo.brand);
    await expect(page).toHaveURL(/\/dashboard\/brand$/);

    // The slide-in menu on phones is a dialog: it opens from the keyboard, and Escape closes it.
    if ((page.viewportSize()?.width ?? 1280) < 1024) {
      const menu = page.getByRole('button', { name: OPEN_MENU });
      await menu.focus();
      await page.keyboard.press('Enter');
      await expect(page.getByRole('dialog').getByRole('button', { name: CLOSE_MENU })).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(page.getByRole('dialog')).toHaveCount(0);
      await expect(menu).toBeFocused();
    } else {
      await openNavigation(page);
    }

    // Tabs: arrow keys move between them; the focused tab shows the focus outline.
    await page.goto('/settings');
    await settled(page, h1('Settings')(page));
    const account = page.getByRole('tab', { name: 'Account' });
    await account.focus();
    await page.keyboard.press('ArrowRight');
    const profile = page.getByRole('tab', { name: 'Profile' });
    await expect(profile).toBeFocused();
    await expect(profile).toHaveAttribute('aria-selected', 'true');
    await expect(profile).toHaveCSS('outline-style', 'solid');

    // A confirmation dialog: opened with Enter, focus moves in (Cancel first), Tab stays inside, Escape
    // cancels and gives focus back to the button that opened it. Nothing is closed.
    await page.goto(`/campaigns/${seed.pausedCampaign}`);
    await settled(page, h1('Holiday Gift Set Stories')(page));
    const close = page.getByRole('button', { name: 'Close', exact: true });
    await close.focus();
    await expect(close).toHaveCSS('outline-style', 'solid');
    await page.keyboard.press('Enter');
    // The dialog element has no box of its own (its panel is fixed-positioned): wait for its title.
    const dialog = page.getByRole('dialog', { name: 'Close this campaign?' });
    await expect(dialog.getByRole('heading', { name: 'Close this campaign?' })).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
    for (let i = 0; i < 3; i++) {
      await page.keyboard.press('Tab');
      await expect(dialog.locator(':focus')).toHaveCount(1);
    }
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await expect(close).toBeFocused();
  });
});
