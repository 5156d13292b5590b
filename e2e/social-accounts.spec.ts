import type { Page } from '@playwright/test';
import { type Account, unique } from '../testkit/e2e/accounts.ts';
import { type Lang, text } from '../testkit/e2e/catalog-text.ts';
import { rpc, serviceClient, signedInClient, stackUrl } from '../testkit/e2e/clients.ts';
import { sendQueuedEmails, waitForEmail } from '../testkit/e2e/mail.ts';
import { type AccountFactory, expect, test } from '../testkit/e2e/fixtures.ts';
import { signInAs } from '../testkit/e2e/sign-in.ts';
import { seriousViolations } from '../testkit/e2e/axe.ts';

/**
 * Connected accounts (issue 35 item 1, decision 0053): a creator connects a platform account through the
 * platform's consent page (the local double's), sees the handle and the count the platform reported in
 * Settings and, with the Verified mark, on their public profile; disconnects it; and, declining the
 * consent, is told so. Each test makes its own creator and its own test account on the double.
 */

const TAG: Record<Lang, string> = { es: 'es-419', en: 'en-US', pt: 'pt-BR' };

/** Makes an account on the platform double (its test controls answer this machine only). */
async function platformAccount(platform: 'instagram' | 'tiktok' | 'youtube', followers: number): Promise<{ id: string; username: string; displayName: string }> {
  const username = unique(`${platform.slice(0, 2)}_`);
  const displayName = `E2E ${username}`;
  const res = await fetch(`${stackUrl()}/platforms/_control/accounts`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ platform, username, displayName, followers }),
  });
  expect(res.status).toBe(200);
  const { account } = (await res.json()) as { account: { id: string } };
  return { id: account.id, username, displayName };
}

async function creatorIn(lang: Lang, accounts: AccountFactory, page: Page): Promise<Account> {
  const creator = await accounts.create('creator', { fullName: lang === 'es' ? 'Lucía Conectada' : 'Lucy Connected' });
  const api = await signedInClient(creator);
  await rpc(api, 'set_my_language', { language: lang });
  await api.auth.signOut().catch(() => undefined);
  await signInAs(page, creator, /\/dashboard\/creator$/);
  await expect(page.locator('html')).toHaveAttribute('lang', lang === 'pt' ? 'pt-BR' : lang);
  return creator;
}

function section(page: Page, lang: Lang) {
  return page.getByRole('region', { name: text(lang, 'settings.social.title') });
}

function row(page: Page, lang: Lang, platform: string) {
  return section(page, lang).getByRole('listitem').filter({ has: page.getByRole('heading', { name: platform, exact: true }) });
}

/** Connects through the consent page, in the creator's language, choosing the test account and Allow (or Deny). */
async function consent(page: Page, lang: Lang, platform: string, decision: 'allow' | 'deny', account?: { username: string; displayName: string }) {
  await row(page, lang, platform).getByRole('button', { name: text(lang, 'settings.social.connect.named', { platform }) }).click();
  // The double's page: a test stand-in for the platform, in the language the app asked for.
  await expect(page).toHaveURL(/\/platforms\//);
  const consentTitle = { es: `quiere acceder a tu cuenta de ${platform}`, en: `wants to access your ${platform} account`, pt: `quer acessar sua conta do ${platform}` }[lang];
  await expect(page.getByRole('heading', { level: 1 })).toContainText(consentTitle);
  if (account) await page.getByLabel({ es: 'Cuenta', en: 'Account', pt: 'Conta' }[lang]).selectOption({ label: `@${account.username} (${account.displayName})` });
  const button = decision === 'allow' ? { es: 'Permitir', en: 'Allow', pt: 'Permitir' }[lang] : { es: 'Rechazar', en: 'Deny', pt: 'Recusar' }[lang];
  await page.getByRole('button', { name: button, exact: true }).click();
  await expect(page).toHaveURL(/\/settings/);
}

async function connectSeeAndDisconnect(page: Page, lang: Lang, creator: Account, platform: 'TikTok' | 'Instagram') {
  const t = (key: string, values?: Record<string, string | number>) => text(lang, key, values);
  const followers = 48_210;
  const account = await platformAccount(platform === 'TikTok' ? 'tiktok' : 'instagram', followers);

  await page.goto('/settings');
  await expect(section(page, lang).getByRole('heading', { name: t('settings.social.title') })).toBeVisible();
  await expect(section(page, lang).getByRole('listitem')).toHaveCount(3);
  await expect(row(page, lang, platform)).toContainText(t('settings.social.status.none'));

  await consent(page, lang, platform, 'allow', account);
  // Back in Settings: told once, the address cleaned of the one-time result.
  await expect(page.getByText(t('settings.social.result.connected.title', { platform }))).toBeVisible();
  await expect(page).toHaveURL(/\/settings#connected-accounts$/);
  const connected = row(page, lang, platform);
  await expect(connected).toContainText(t('settings.social.status.connected'));
  await expect(connected).toContainText(`@${account.username}`);
  await expect(connected).toContainText(`${new Intl.NumberFormat(TAG[lang]).format(followers)} ${lang === 'en' ? 'followers' : 'seguidores'}`);
  const today = new Intl.DateTimeFormat(TAG[lang], { month: 'long', day: 'numeric', year: 'numeric' }).format(new Date());
  await expect(connected).toContainText(t('settings.social.asOf', { date: today }));
  await expect(connected.getByRole('button', { name: t('settings.social.disconnect.named', { platform }) })).toBeVisible();
  const width = await page.evaluate<number>('document.documentElement.scrollWidth');
  expect(width).toBeLessThanOrEqual(page.viewportSize()!.width);
  expect(await seriousViolations(page)).toEqual([]);

  // The public profile: the platform's count with the Verified mark and its date.
  await page.goto(`/creators/${creator.id}`);
  await expect(page.getByRole('heading', { name: creator.fullName, level: 1 })).toBeVisible();
  const compact = new Intl.NumberFormat(TAG[lang], { notation: 'compact', compactDisplay: lang === 'en' ? 'short' : 'long', maximumFractionDigits: 1 }).format(followers);
  const accounts = page.getByRole('list', { name: t('common.reach.accounts') });
  const listed = accounts.getByRole('listitem').filter({ hasText: platform });
  await expect(listed.getByText(`@${account.username}`)).toBeVisible();
  await expect(listed).toContainText(t('common.reach.followers', { followers: compact }));
  await expect(listed).toContainText(t('common.reach.verifiedOn', { platforms: platform }));
  await expect(listed).toContainText(t('common.reach.asOf', { date: today }));

  // Disconnect: asked first, with what it does; then the account and its mark go.
  await page.goto('/settings');
  await row(page, lang, platform).getByRole('button', { name: t('settings.social.disconnect.named', { platform }) }).click();
  const dialog = page.getByRole('dialog', { name: t('settings.social.disconnect.title', { platform }) });
  await expect(dialog).toContainText(t('settings.social.disconnect.text', { platform, handle: account.username }));
  await dialog.getByRole('button', { name: t('settings.social.disconnect.confirm') }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(t('settings.social.disconnected', { platform }))).toBeVisible();
  await expect(row(page, lang, platform)).toContainText(t('settings.social.status.none'));
  await expect(row(page, lang, platform)).not.toContainText(`@${account.username}`);

  await page.goto(`/creators/${creator.id}`);
  await expect(page.getByRole('heading', { name: creator.fullName, level: 1 })).toBeVisible();
  await expect(page.getByRole('list', { name: t('common.reach.accounts') })).toHaveCount(0);
  await expect(page.getByRole('main')).not.toContainText(t('common.reach.verifiedOn', { platforms: platform }));
}

test('a creator in Spanish connects TikTok, sees the verified count in Settings and on their profile, then disconnects it', async ({ page, accounts }) => {
  const creator = await creatorIn('es', accounts, page);
  await connectSeeAndDisconnect(page, 'es', creator, 'TikTok');
});

test('a creator in English connects Instagram, sees the verified count in Settings and on their profile, then disconnects it', async ({ page, accounts }) => {
  const creator = await creatorIn('en', accounts, page);
  await connectSeeAndDisconnect(page, 'en', creator, 'Instagram');
});

test('a creator who declines on the consent page is told nothing was connected', async ({ page, accounts }) => {
  await creatorIn('es', accounts, page);
  const account = await platformAccount('tiktok', 900);
  await page.goto('/settings');
  await consent(page, 'es', 'TikTok', 'deny', account);
  const alert = section(page, 'es').getByRole('alert');
  await expect(alert).toContainText(text('es', 'settings.social.result.denied.title', { platform: 'TikTok' }));
  await expect(alert).toContainText(text('es', 'settings.social.result.denied.text', { platform: 'TikTok' }));
  await expect(page).toHaveURL(/\/settings#connected-accounts$/);
  await expect(row(page, 'es', 'TikTok')).toContainText(text('es', 'settings.social.status.none'));
  // Closing the notice takes it away.
  await alert.getByRole('button', { name: text('es', 'settings.social.dismiss') }).click();
  await expect(section(page, 'es').getByRole('alert')).toHaveCount(0);
});

test('a creator whose TikTok stopped answering is told in the bell and by email, and reconnects from Settings', async ({ page, accounts }) => {
  const creator = await creatorIn('es', accounts, page);
  const account = await platformAccount('tiktok', 5_400);
  // The account as the consent saved it, then the daily refresh refused by TikTok (what the refresh job reports).
  const service = serviceClient();
  const id = await rpc<string>(service, 'social_account_save', {
    creator_id: creator.id, platform: 'tiktok', platform_user_id: account.id, handle: account.username, display_name: account.displayName,
    profile_url: null, followers: 5_400, followers_as_of: new Date().toISOString(), access_token: 'expired', refresh_token: 'revoked',
    access_expires_at: null, refresh_expires_at: null, scopes: [],
  });
  await rpc(service, 'social_account_refresh_failed', { account_id: id, reconnect: true, error: 'refresh refused: invalid_grant' });

  const bell = page.getByRole('button', { name: new RegExp(`^${text('es', 'notifications.bell.unread', { count: 1 })}$`) }).filter({ visible: true });
  await page.reload();
  await bell.click();
  const sentence = text('es', 'notifications.kind.social_reconnect_needed', { platform: 'TikTok', handle: account.username });
  await page.getByRole('region', { name: text('es', 'notifications.title') }).getByRole('link', { name: new RegExp(`^${sentence.replace(/[.*+?^$()|[\]\\{}]/g, '\\$&')}`) }).click();
  await expect(page).toHaveURL(/\/settings#connected-accounts$/);
  const tiktok = row(page, 'es', 'TikTok');
  await expect(tiktok).toContainText(text('es', 'settings.social.status.reconnect_needed'));
  await expect(tiktok).toContainText(text('es', 'settings.social.reconnect.text', { platform: 'TikTok' }));

  // The same notice by email, in Spanish.
  await sendQueuedEmails();
  await waitForEmail({ to: creator.email, subject: /Vuelve a conectar tu cuenta de TikTok/ });

  await tiktok.getByRole('button', { name: text('es', 'settings.social.reconnect.named', { platform: 'TikTok' }) }).click();
  await expect(page.getByRole('heading', { level: 1 })).toContainText('quiere acceder a tu cuenta de TikTok');
  await page.getByLabel('Cuenta').selectOption({ label: `@${account.username} (${account.displayName})` });
  await page.getByRole('button', { name: 'Permitir', exact: true }).click();
  await expect(page.getByText(text('es', 'settings.social.result.connected.title', { platform: 'TikTok' }))).toBeVisible();
  await expect(row(page, 'es', 'TikTok')).toContainText(text('es', 'settings.social.status.connected'));
  await expect(row(page, 'es', 'TikTok').getByRole('button', { name: text('es', 'settings.social.reconnect.named', { platform: 'TikTok' }) })).toHaveCount(0);
});
