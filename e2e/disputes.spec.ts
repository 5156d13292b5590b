import { mkdirSync } from 'node:fs';
import type { Locator, Page, TestInfo } from '@playwright/test';
import { seriousViolations } from '../testkit/e2e/axe.ts';
import { en, englishShown, es, text } from '../testkit/e2e/catalog-text.ts';
import { rpc, signedInClient } from '../testkit/e2e/clients.ts';
import { deliveredHire } from '../testkit/e2e/disputes.ts';
import { expect, test } from '../testkit/e2e/fixtures.ts';
import { signInAs } from '../testkit/e2e/sign-in.ts';
import { usd } from '../testkit/e2e/money.ts';
import { toast } from '../testkit/e2e/toast.ts';

// Disputes (issue 17) end to end: on a funded hire either side opens a dispute, which freezes the money;
// both sides and an admin talk in its thread; the admin resolves it (here a split: part released to the
// creator less the 15% fee, the rest refunded to the brand), or whoever opened it withdraws it. The brand
// and the admin read English, the creator Spanish. Every journey makes its own accounts, which the
// accounts fixture deletes.



/** The deliverable page's dispute panel, by the heading that names it. */
const panel = (page: Page, key: string, lang: 'en' | 'es') => page.getByRole('region', { name: text(lang, key), exact: true });
/** A message of a dispute's thread, by its author. */
const message = (scope: Page | Locator, name: string, lang: 'en' | 'es') => scope.getByRole('article', { name: text(lang, 'disputes.thread.item', { name }) });
/** A stat card of the creator's balance (label and value in one <dl>). */
const balanceCard = (page: Page, label: string) => page.locator('dl').filter({ has: page.locator('dt', { hasText: new RegExp(`^${label}$`) }) });

/**
 * Saves a screenshot of the whole page or of one element under /tmp/disputes-shots, named after the project
 * (desktop 1280 px, mobile 390 px). A dialog scrolls inside the viewport, so the viewport is made tall for the shot.
 */
async function shoot(target: Page | Locator, testInfo: TestInfo, name: string, viewportHeight?: number) {
  mkdirSync('/tmp/disputes-shots', { recursive: true });
  const path = `/tmp/disputes-shots/${testInfo.project.name}-${name}.png`;
  if (!('goto' in target)) return void (await target.screenshot({ path }));
  const page = target;
  const size = page.viewportSize();
  if (!viewportHeight || !size) return void (await page.screenshot({ path, fullPage: true }));
  await page.setViewportSize({ width: size.width, height: viewportHeight });
  await page.screenshot({ path });
  await page.setViewportSize(size);
}

test.describe('disputes', () => {
  // Three people, a funded hire, a refund and several screens each: room for a busy shared machine.
  test.describe.configure({ timeout: 180_000 });

  test('dispute resolved by split', async ({ page, openPersonPage, accounts }, testInfo) => {
    const h = await deliveredHire(accounts);
    const brandName = h.brand.companyName!;
    const creatorName = h.creator.fullName;
    const details = `The reel for ${h.campaignTitle} shows a competitor's product, which the brief ruled out.`;
    const evidence = `https://example.com/brief-${h.creator.username}.pdf`;
    const reply = 'El brief no decía nada de otras marcas; puedo editar el video esta semana.';
    const note = 'The brief was ambiguous: the creator keeps $300.00 for the work done, the brand gets the rest back.';

    // The brand opens a dispute from the deliverable page: the rules first, then a reason, details and a link.
    await signInAs(page, h.brand, /\/dashboard\/brand$/);
    await page.goto(`/deliverables/${h.deliverableId}`);
    const quiet = panel(page, 'disputes.open.cardTitle', 'en');
    await quiet.getByRole('button', { name: en('disputes.open.button') }).click();
    const dialog = page.getByRole('dialog', { name: en('disputes.open.title') });
    await expect(dialog).toContainText(en('disputes.open.freeze', { amount: '$500.00' }));
    await dialog.getByRole('button', { name: en('disputes.open.submit') }).click();
    await expect(dialog.getByText(en('disputes.validation.reasonInvalid'), { exact: true })).toBeVisible();
    await expect(dialog.getByText(en('disputes.validation.detailsRequired'), { exact: true })).toBeVisible();
    await dialog.getByLabel(en('disputes.open.reason')).selectOption({ label: en('disputes.reason.not_as_agreed') });
    await dialog.getByLabel(en('disputes.open.details')).fill(details);
    await dialog.getByLabel(en('disputes.open.evidenceUrl', { number: 1 })).fill('example.com/brief.pdf');
    await dialog.getByRole('button', { name: en('disputes.open.submit') }).click();
    await expect(dialog.getByText(en('disputes.validation.evidenceInvalid'), { exact: true })).toBeVisible();
    await dialog.getByLabel(en('disputes.open.evidenceUrl', { number: 1 })).fill(evidence);
    await shoot(page, testInfo, 'open-dispute-dialog', testInfo.project.name === 'mobile' ? 1100 : 900);
    await dialog.getByRole('button', { name: en('disputes.open.submit') }).click();
    await expect(toast(page, en('disputes.open.toast'))).toBeVisible();
    await expect(dialog).toBeHidden();

    // The open dispute is shown prominently; no second dispute is offered while it is open.
    const brandActive = panel(page, 'disputes.active.title', 'en');
    await expect(brandActive).toContainText(en('disputes.status.open'));
    await expect(brandActive).toContainText(en('disputes.reason.not_as_agreed'));
    await expect(brandActive).toContainText(en('disputes.active.frozen', { amount: '$500.00' }));
    await expect(brandActive).toContainText(details);
    await expect(brandActive.getByRole('link', { name: evidence })).toHaveAttribute('href', evidence);
    await expect(brandActive).toContainText(`${brandName} (${en('disputes.role.brand')})`);
    await expect(brandActive.getByRole('button', { name: en('disputes.withdraw.button') })).toBeVisible();
    await expect(page.getByRole('button', { name: en('disputes.open.button') })).toHaveCount(0);
    // A disputed hire is frozen: no countdown to automatic approval, here or beside the content on the campaign
    // (issue 30, finding 7: it read "Auto-approves in 2 d 23 h").
    const autoApproves = en('common.countdown.brand', { time: 'TIME' }).split('TIME')[0]!;
    await expect(page.getByText(autoApproves)).toHaveCount(0);
    await page.goto(`/campaigns/${h.campaignId}?tab=applications`);
    const content = page.getByRole('region', { name: en('deliverables.brand.region', { name: creatorName }) });
    await expect(content.getByRole('link', { name: en('deliverables.viewRoundsLabel', { url: h.contentUrl }) })).toBeVisible();
    await expect(content.getByText(en('common.deliverable.status.pending'), { exact: true })).toBeVisible();
    await expect(page.getByText(autoApproves)).toHaveCount(0);
    await page.goto(`/deliverables/${h.deliverableId}`);

    // The creator sees it in Spanish, cannot withdraw what the brand opened, and answers in the thread.
    const creator = await openPersonPage();
    await signInAs(creator, h.creator, /\/dashboard\/creator$/);
    await creator.goto(`/deliverables/${h.deliverableId}`);
    const creatorActive = panel(creator, 'disputes.active.title', 'es');
    await expect(creatorActive).toContainText(es('disputes.reason.not_as_agreed'));
    await expect(creatorActive).toContainText(details);
    await expect(creatorActive.getByRole('button', { name: es('disputes.withdraw.button') })).toHaveCount(0);
    await expect(creator.getByRole('button', { name: es('disputes.open.button') })).toHaveCount(0);
    await creatorActive.getByRole('button', { name: es('disputes.reply.send') }).click();
    await expect(creatorActive.getByText(es('disputes.reply.validation.bodyRequired'), { exact: true })).toBeVisible();
    await creatorActive.getByLabel(es('disputes.reply.label')).fill(reply);
    await creatorActive.getByRole('button', { name: es('disputes.reply.send') }).click();
    await expect(message(creatorActive, creatorName, 'es')).toContainText(reply);
    await expect(message(creatorActive, creatorName, 'es')).toContainText(es('disputes.role.creator'));
    await expect(creatorActive.getByLabel(es('disputes.reply.label'))).toHaveValue('');
    expect(await englishShown(creator, ['disputes'])).toEqual([]);

    // The brand reads the answer; the page with the open dispute, at this project's width.
    await page.reload();
    await expect(message(brandActive, creatorName, 'en')).toContainText(reply);
    await expect(message(brandActive, creatorName, 'en')).toContainText(en('disputes.role.creator'));
    await shoot(page, testInfo, 'deliverable-open-dispute');
    expect(await seriousViolations(page)).toEqual([]);

    // An admin finds it in the queue on the dashboard and reviews it: details, thread and the content.
    const admin = await accounts.create('admin', { label: 'arbiter' });
    const adminPage = await openPersonPage();
    await signInAs(adminPage, admin, /\/dashboard\/admin$/);
    const queue = adminPage.getByRole('region', { name: en('disputes.admin.title'), exact: true });
    const review = queue.getByRole('button', { name: en('disputes.admin.reviewLabel', { campaign: h.campaignTitle }) });
    // Oldest first, fifty at a time: on a database with many open disputes this newest one is further on.
    const more = queue.getByRole('button', { name: en('disputes.admin.loadMore') });
    await expect(review.or(more).first()).toBeVisible();
    while (!(await review.isVisible())) {
      await more.click();
      await expect(review.or(more).first()).toBeVisible();
    }
    await expect(review).toBeVisible();
    // The line under the list says whether that is the whole queue or more are waiting (its words before the count).
    const shownLine = (key: string) => en(key).split('{')[0]!;
    await expect(queue.getByText(new RegExp(`^(${shownLine('disputes.admin.showingAll')}|${shownLine('disputes.admin.showingSoFar')})`))).toBeVisible();
    const row = queue.getByRole(testInfo.project.name === 'mobile' ? 'listitem' : 'row').filter({ hasText: h.campaignTitle });
    await expect(row).toContainText(en('disputes.admin.partiesValue', { brand: brandName, creator: creatorName }));
    await expect(row).toContainText('$500.00');
    await expect(row).toContainText(en('disputes.age.lessThanHour'));
    await expect(row).toContainText(en('disputes.reason.not_as_agreed'));
    await shoot(queue, testInfo, 'admin-queue');
    await review.click();
    const resolve = adminPage.getByRole('dialog', { name: en('disputes.resolve.title') });
    await expect(resolve).toContainText(details);
    await expect(message(resolve, creatorName, 'en')).toContainText(reply);
    await expect(resolve.getByRole('link', { name: h.contentUrl })).toBeVisible();

    // The admin writes in the thread too, then splits: $300.00 of $500.00 to the creator, with a note.
    await resolve.getByLabel(en('disputes.reply.label')).fill('Thanks both, I am reviewing the brief now.');
    await resolve.getByRole('button', { name: en('disputes.reply.send') }).click();
    await expect(message(resolve, admin.fullName, 'en')).toContainText(en('disputes.role.admin'));
    await resolve.getByRole('radio', { name: en('disputes.resolve.outcome.split') }).check();
    const share = resolve.getByLabel(en('disputes.resolve.amount'));
    await share.fill('500');
    await resolve.getByRole('button', { name: en('disputes.resolve.submit'), exact: true }).click();
    await expect(resolve.getByText(en('disputes.resolve.validation.splitInvalid'), { exact: true })).toBeVisible();
    await expect(resolve.getByText(en('disputes.resolve.validation.noteRequired'), { exact: true })).toBeVisible();
    await share.fill('300');
    await expect(resolve).toContainText(en('disputes.resolve.preview', { creator: '$300.00', brand: '$200.00' }));
    await resolve.getByLabel(en('disputes.resolve.note')).fill(note);
    await shoot(adminPage, testInfo, 'admin-resolve-dialog', testInfo.project.name === 'mobile' ? 2600 : 1700);
    expect(await seriousViolations(adminPage)).toEqual([]);
    await resolve.getByRole('button', { name: en('disputes.resolve.submit'), exact: true }).click();
    const outcome = en('disputes.outcome.split', { creator: '$300.00', brand: '$200.00' });
    await expect(toast(adminPage, en('disputes.resolve.toast'))).toContainText(outcome);
    await expect(resolve).toBeHidden();
    await expect(review).toHaveCount(0);

    // Both sides see how it ended, the admin's note and who decided; the thread stays, read-only.
    await page.reload();
    const brandResolved = panel(page, 'disputes.resolved.title', 'en');
    await expect(brandResolved).toContainText(outcome);
    await expect(brandResolved).toContainText(note);
    await expect(brandResolved).toContainText(en('disputes.resolved.by', { name: admin.fullName, date: 'DATE' }).split('DATE')[0]!.trim());
    await expect(message(brandResolved, creatorName, 'en')).toContainText(reply);
    await expect(brandResolved.getByLabel(en('disputes.reply.label'))).toHaveCount(0);
    await shoot(brandResolved, testInfo, 'resolved-brand');
    await expect(page.getByRole('button', { name: en('disputes.open.button') })).toHaveCount(0);

    await creator.reload();
    const creatorResolved = panel(creator, 'disputes.resolved.title', 'es');
    await expect(creatorResolved).toContainText(es('disputes.outcome.split', { creator: await usd(creator, 30_000, 'es'), brand: await usd(creator, 20_000, 'es') }));
    await expect(creatorResolved).toContainText(note);
    expect(await englishShown(creator, ['disputes'])).toEqual([]);

    // The creator's share reached their balance less the 15% fee: $255.00 available.
    const creatorApi = await signedInClient(h.creator);
    const overview = (await rpc<Array<{ available_cents: number; in_escrow_cents: number }>>(creatorApi, 'my_payouts_overview'))[0]!;
    expect(overview.available_cents).toBe(25_500);
    expect(overview.in_escrow_cents).toBe(0);
    await creator.goto('/payments/history');
    await expect(balanceCard(creator, es('earnings.balance.available')).locator('dd').first()).toHaveText(await usd(creator, 25_500, 'es'));

    // The split paid the creator: the job is completed, not active (issue 30, finding 6: it read active 1,
    // completed 0), and it leaves "Mis trabajos activos" for the list of past jobs.
    await creator.goto('/dashboard/creator');
    const stat = (label: string) => creator.locator('dl', { has: creator.getByText(es(label), { exact: true }) }).locator('dd').first();
    await expect(stat('dashboard-creator.activeGigs')).toHaveText('0');
    await expect(stat('dashboard-creator.completedJobs')).toHaveText('1');
    const job = (list: string) => creator.getByRole('region', { name: es(list) }).getByRole('listitem').filter({ has: creator.getByRole('link', { name: h.campaignTitle }) });
    await expect(job('applications.gigs.othersTitle').getByText(es('applications.gigs.completed'), { exact: true })).toBeVisible();
    await expect(job('applications.gigs.title')).toHaveCount(0);
  });

  test('the opener withdraws a dispute and may open one again', async ({ page, openPersonPage, accounts }, testInfo) => {
    const h = await deliveredHire(accounts);
    const creatorName = h.creator.fullName;

    // The creator opens a dispute (in Spanish): the brand has not reviewed the content.
    await signInAs(page, h.creator, /\/dashboard\/creator$/);
    await page.goto(`/deliverables/${h.deliverableId}`);
    await panel(page, 'disputes.open.cardTitle', 'es').getByRole('button', { name: es('disputes.open.button') }).click();
    const dialog = page.getByRole('dialog', { name: es('disputes.open.title') });
    await dialog.getByLabel(es('disputes.open.reason')).selectOption({ label: es('disputes.reason.unresponsive') });
    await dialog.getByLabel(es('disputes.open.details')).fill('La marca no responde desde hace dos semanas.');
    // No evidence: the empty link row is left out.
    await dialog.getByRole('button', { name: es('disputes.open.submit') }).click();
    const active = panel(page, 'disputes.active.title', 'es');
    await expect(active).toContainText(es('disputes.details.noEvidence'));
    expect(await englishShown(page, ['disputes'])).toEqual([]);

    // A second dispute is neither offered to the brand nor accepted from it while this one is open.
    const brand = await openPersonPage();
    await signInAs(brand, h.brand, /\/dashboard\/brand$/);
    await brand.goto(`/deliverables/${h.deliverableId}`);
    const brandActive = panel(brand, 'disputes.active.title', 'en');
    await expect(brandActive).toContainText(`${creatorName} (${en('disputes.role.creator')})`);
    await expect(brand.getByRole('button', { name: en('disputes.open.button') })).toHaveCount(0);
    await expect(brandActive.getByRole('button', { name: en('disputes.withdraw.button') })).toHaveCount(0);
    const brandApi = await signedInClient(h.brand);
    const second = await brandApi.rpc('open_dispute', { application_id: h.applicationId, reason: 'other', details: 'Me too.' });
    expect(second.error?.details).toBe('dispute_open');

    // Whoever opened it withdraws it, after confirming: the money is no longer frozen and the button is back.
    await active.getByRole('button', { name: es('disputes.withdraw.button') }).click();
    const confirm = page.getByRole('dialog', { name: es('disputes.withdraw.title') });
    await confirm.getByRole('button', { name: es('disputes.withdraw.confirm') }).click();
    await expect(toast(page, es('disputes.withdraw.toast'))).toBeVisible();
    await expect(active).toBeHidden();
    const again = panel(page, 'disputes.open.cardTitle', 'es');
    await expect(again).toContainText(es('disputes.withdrawn.mine', { date: 'DATE' }).split('DATE')[0]!.trim());
    await expect(again.getByRole('button', { name: es('disputes.open.button') })).toBeVisible();
    await shoot(again, testInfo, 'withdrawn-creator');

    await brand.reload();
    const brandAgain = panel(brand, 'disputes.open.cardTitle', 'en');
    await expect(brandAgain).toContainText(en('disputes.withdrawn.text', { name: creatorName, date: 'DATE' }).split('DATE')[0]!.trim());
    await expect(brandAgain.getByRole('button', { name: en('disputes.open.button') })).toBeVisible();
  });
});
