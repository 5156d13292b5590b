import type { Page } from '@playwright/test';
import { unique } from '../testkit/e2e/accounts.ts';
import { type Lang, text } from '../testkit/e2e/catalog-text.ts';
import { rpc, serviceClient, signedInClient, stackUrl } from '../testkit/e2e/clients.ts';
import { accept, fundByApi, pendingHire } from '../testkit/e2e/escrow.ts';
import { expect, test } from '../testkit/e2e/fixtures.ts';
import { withSchedulerLock } from '../testkit/e2e/scheduler-lock.ts';
import { submitByApi } from '../testkit/e2e/revisions.ts';
import { signInAs } from '../testkit/e2e/sign-in.ts';

/**
 * Proof of delivery through the real delivery-verify function (issue 35, decision 0055): a creator connects
 * their TikTok account (the local double, through its consent page), posts on it, delivers the link; the
 * function, invoked as the scheduler invokes it, matches the link to the creator's own post and takes its
 * 24-hour reading from the double; the brand sees the post Verified with those metrics in the campaign's
 * analytics. Nothing here writes a check or a reading with the service role. In English with the video's own link,
 * and in Spanish with its TikTok share link (vm.tiktok.com), which the function reads through its redirect.
 *
 * The scheduler and this test. delivery-verify runs every 5 minutes from app.scheduled_jobs, but the e2e
 * stack starts with SCHEDULER=off (testkit/test-stack.ts): nothing ticks on its own. The only other runs
 * are other journeys' `POST /_test/scheduler/run {at}` (escrow, documents), which run every job, this one
 * included, possibly while this test runs (two workers). Such a run can only take what this test's run
 * takes, once: the check is decided from the same double, record_delivery_check and record_post_snapshot
 * record a checkpoint once (a second run finds it taken and changes nothing), and every reading comes from
 * the same post on the same double, so the figures are the same whichever run takes them. With an `at`
 * further ahead, such a run may also take the 7-day reading: so the test asserts the figures and the
 * verification, not which checkpoint is latest, and not the counts its own run answers.
 */

const METRICS = { views: 23_456, likes: 1_200, comments: 45, shares: 30 };

async function doubleAccount(): Promise<{ id: string; username: string; displayName: string }> {
  const username = unique('tt_');
  const displayName = `E2E ${username}`;
  const res = await fetch(`${stackUrl()}/platforms/_control/accounts`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ platform: 'tiktok', username, displayName, followers: 31_000 }),
  });
  expect(res.status).toBe(200);
  const { account } = (await res.json()) as { account: { id: string } };
  return { id: account.id, username, displayName };
}

/** The creator connects the double's account through its consent page, in the creator's language. */
async function connectTikTok(page: Page, lang: Lang, account: { username: string; displayName: string }) {
  await page.goto('/settings');
  const section = page.getByRole('region', { name: text(lang, 'settings.social.title') });
  const row = section.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'TikTok', exact: true }) });
  await row.getByRole('button', { name: text(lang, 'settings.social.connect.named', { platform: 'TikTok' }) }).click();
  await expect(page).toHaveURL(/\/platforms\//);
  await page.getByLabel({ es: 'Cuenta', en: 'Account', pt: 'Conta' }[lang]).selectOption({ label: `@${account.username} (${account.displayName})` });
  await page.getByRole('button', { name: { es: 'Permitir', en: 'Allow', pt: 'Permitir' }[lang], exact: true }).click();
  await expect(page).toHaveURL(/\/settings/);
  await expect(row).toContainText(text(lang, 'settings.social.status.connected'));
}

test.describe('delivery verified by the delivery-verify function', () => {
  test.describe.configure({ timeout: 180_000 });

  const runs: Array<{ lang: Lang; link: 'video' | 'share' }> = [{ lang: 'en', link: 'video' }, { lang: 'es', link: 'share' }];
  for (const { lang, link } of runs) test(`own post delivered (${link} link), checked and read from the double: the brand sees its metrics in analytics (${lang})`, async ({ page, accounts }) => {
    const hire = await pendingHire(accounts);
    await accept(hire);
    await fundByApi(hire);
    const creatorApi = await signedInClient(hire.creator);
    await rpc(creatorApi, 'set_my_language', { language: lang });
    await creatorApi.auth.signOut().catch(() => undefined);

    const account = await doubleAccount();
    await signInAs(page, hire.creator, /\/dashboard\/creator$/);
    await connectTikTok(page, lang, account);

    // TikTok reports a post's create_time in whole seconds: one second after the hire was accepted, the
    // post cannot read as published before it.
    await new Promise((r) => setTimeout(r, 1_100));
    const posted = await fetch(`${stackUrl()}/platforms/_control/posts`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ accountId: account.id, caption: 'Unboxing the new line #ad', metrics: METRICS, ageMs: 0 }),
    });
    expect(posted.status).toBe(200);
    const post = (await posted.json()) as { id: string; shortCode: string };
    const url = link === 'share' ? `https://vm.tiktok.com/${post.shortCode}/` : `https://www.tiktok.com/@${account.username}/video/${post.id}`;
    await submitByApi(hire.creator, hire.campaignId, url);

    // The scheduler's call (service role key), as if 25 hours had passed: the check is due now, the 24-hour
    // reading by then.
    // Checks every delivered link due by then, other journeys' too: never inside a journey holding the scheduler lock.
    const { error } = await withSchedulerLock(() =>
      serviceClient().functions.invoke('delivery-verify/run', { body: { at: new Date(Date.now() + 25 * 3_600_000).toISOString() } }));
    expect(error).toBeNull();

    await page.context().clearCookies();
    await page.evaluate(() => localStorage.clear());
    const brandApi = await signedInClient(hire.brand);
    await rpc(brandApi, 'set_my_language', { language: lang });
    await brandApi.auth.signOut().catch(() => undefined);
    await signInAs(page, hire.brand, /\/dashboard\/brand$/);
    await page.goto('/analytics');
    await page.getByLabel(text(lang, 'analytics.posts.campaign')).selectOption({ label: hire.campaignTitle });
    const wide = (page.viewportSize()?.width ?? 1280) >= 768;
    const results = wide
      ? page.getByRole('table', { name: text(lang, 'analytics.posts.title') }).getByRole('row').filter({ hasText: hire.creator.fullName })
      : page.getByRole('list', { name: text(lang, 'analytics.posts.title') }).getByRole('listitem').filter({ hasText: hire.creator.fullName });
    await expect(results).toHaveCount(1);
    await expect(results).toContainText(text(lang, 'analytics.posts.outcome.verified'));
    await expect(results).toContainText('23,456');
    // Engagements: likes, comments and shares (TikTok reports no saves).
    await expect(results).toContainText('1,275');
  });
});
