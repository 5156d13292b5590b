import { mkdirSync } from 'node:fs';
import type { Locator, Page, TestInfo } from '@playwright/test';
import { seriousViolations } from '../testkit/e2e/axe.ts';
import { en, englishShown, es, text } from '../testkit/e2e/catalog-text.ts';
import { rpc, signedInClient } from '../testkit/e2e/clients.ts';
import { deliveredHire } from '../testkit/e2e/disputes.ts';
import { expect, test } from '../testkit/e2e/fixtures.ts';
import { withSchedulerLock } from '../testkit/e2e/scheduler-lock.ts';
import { sendQueuedEmails, waitForEmail } from '../testkit/e2e/mail.ts';
import { CLOSE_MENU, openNavigation } from '../testkit/e2e/navigation.ts';
import { completedHire } from '../testkit/e2e/reviews.ts';
import { signInAs } from '../testkit/e2e/sign-in.ts';

// Issue 32, item 7, end to end: the brand's applicant cards link to the creator's profile and show
// followers, niche and rating; once a hire is complete the campaign page asks each side for a review,
// which disappears once written; the message screens name a brand by its company; a message in a dispute's
// thread reaches the other party (bell and email), not its writer. The brand reads English, the creator
// Spanish. Every journey makes its own accounts, which the accounts fixture deletes.

const escape = (s: string) => s.replace(/[.*+?^$()|[\]\\{}]/g, '\\$&');

/** Saves a screenshot under /tmp/people-shots, named after the project (desktop 1280 px, mobile 390 px). */
async function shoot(target: Page | Locator, testInfo: TestInfo, name: string) {
  mkdirSync('/tmp/people-shots', { recursive: true });
  const path = `/tmp/people-shots/${testInfo.project.name}-${name}.png`;
  if ('goto' in target) await target.screenshot({ path, fullPage: true });
  else await target.screenshot({ path });
}

/** Switches the screen's language with the language switch (in the slide-in menu on phones), as a user does. */
async function switchLanguage(page: Page, to: 'en' | 'es') {
  await openNavigation(page);
  const from = to === 'en' ? 'es' : 'en';
  const group = page.getByRole('group', { name: text(from, 'common.language') }).filter({ visible: true });
  await group.getByRole('button', { name: text(to, `common.language.${to}`) }).click();
  await expect(page.getByRole('group', { name: text(to, 'common.language') }).filter({ visible: true })).toBeVisible();
  const close = page.getByRole('dialog').getByRole('button', { name: CLOSE_MENU });
  if (await close.isVisible()) {
    await close.click();
    await expect(page.getByRole('dialog')).toHaveCount(0);
  }
}

/** The bell on screen (the phone's top bar or, from lg, above the screen). */
const bell = (page: Page, name: RegExp) => page.getByRole('button', { name }).filter({ visible: true });

test.describe('people and messages', () => {
  // Two people, a funded hire and several screens each: room for a busy shared machine.
  test.describe.configure({ timeout: 150_000 });

  test('applicant cards show the creator; a completed hire asks both sides for a review until they write it', async ({ page, openPersonPage, accounts }, testInfo) => {
    const h = await completedHire(accounts);
    const brandName = h.brand.companyName!;
    const creatorName = h.creator.fullName;
    const creatorApi = await signedInClient(h.creator);
    await rpc(creatorApi, 'update_creator_profile', { niche: 'Beauty', followers: 48_200 });
    await creatorApi.auth.signOut().catch(() => undefined);

    // The brand's applicant card: the name links to the profile; followers (compact), niche, and no rating yet.
    await signInAs(page, h.brand, /\/dashboard\/brand$/);
    await page.goto(`/campaigns/${h.campaignId}?tab=applications`);
    const card = page.getByRole('article', { name: en('applications.list.item', { name: creatorName }) });
    await expect(card.getByRole('link', { name: creatorName })).toHaveAttribute('href', `/creators/${h.creator.id}`);
    // No connected account: the typed number, labelled self-reported (decision 0054).
    await expect(card).toContainText(en('common.reach.followers', { followers: '48.2K' }));
    await expect(card).toContainText(en('common.reach.selfReported'));
    await expect(card).toContainText(en('creators.niche.Beauty'));
    await expect(card).toContainText(en('creators.facts.noReviews'));
    // The hire is complete: the brand is asked to review the creator.
    const brandPrompt = card.getByRole('region', { name: en('reviews.prompt.title', { name: creatorName }) });
    await expect(brandPrompt).toContainText(en('reviews.prompt.text'));
    await shoot(card, testInfo, 'en-applicant-card-prompt');
    expect(await seriousViolations(page)).toEqual([]);
    // The same card in Spanish (a brand may choose it): its own words, Spanish compact numbers.
    await switchLanguage(page, 'es');
    const cardEs = page.getByRole('article', { name: es('applications.list.item', { name: creatorName }) });
    await expect(cardEs).toContainText(es('common.reach.followers', { followers: '48.2 mil' }));
    await expect(cardEs).toContainText(es('common.reach.selfReported'));
    await expect(cardEs).toContainText(es('creators.facts.noReviews'));
    await expect(cardEs.getByRole('region', { name: es('reviews.prompt.title', { name: creatorName }) })).toContainText(es('reviews.prompt.text'));
    await shoot(cardEs, testInfo, 'es-applicant-card-prompt');
    await switchLanguage(page, 'en');
    await brandPrompt.getByRole('button', { name: en('reviews.prompt.action') }).click();
    await brandPrompt.getByRole('radio', { name: '5 stars' }).check();
    await brandPrompt.getByLabel(en('reviews.form.body', { name: creatorName })).fill(`${creatorName} delivered a great reel two days early.`);
    await shoot(card, testInfo, 'en-applicant-card-review-form');
    await brandPrompt.getByRole('button', { name: en('reviews.form.submit') }).click();
    await expect(page.getByRole('status').filter({ hasText: en('reviews.form.toast') }).first()).toBeVisible();
    await expect(brandPrompt).toHaveCount(0);
    await page.reload();
    await expect(card).toBeVisible();
    await expect(card.getByRole('region', { name: en('reviews.prompt.title', { name: creatorName }) })).toHaveCount(0);

    // The creator, in Spanish, is asked on the campaign page to review the brand by its company name.
    const creator = await openPersonPage();
    await signInAs(creator, h.creator, /\/dashboard\/creator$/);
    await creator.goto(`/campaigns/${h.campaignId}`);
    const creatorPrompt = creator.getByRole('region', { name: es('reviews.prompt.title', { name: brandName }) });
    await expect(creatorPrompt).toContainText(es('reviews.prompt.text'));
    await shoot(creator, testInfo, 'es-campaign-creator-prompt');
    expect(await englishShown(creator, ['reviews'])).toEqual([]);
    // In English, if she chooses it; then back to Spanish.
    await switchLanguage(creator, 'en');
    await expect(creator.getByRole('region', { name: en('reviews.prompt.title', { name: brandName }) })).toContainText(en('reviews.prompt.text'));
    await shoot(creator, testInfo, 'en-campaign-creator-prompt');
    await switchLanguage(creator, 'es');
    await creatorPrompt.getByRole('button', { name: es('reviews.prompt.action') }).click();
    await creatorPrompt.getByRole('radio', { name: '5 estrellas' }).check();
    await creatorPrompt.getByLabel(es('reviews.form.body', { name: brandName })).fill(`Brief claro de ${brandName} y pago a tiempo.`);
    await creatorPrompt.getByRole('button', { name: es('reviews.form.submit') }).click();
    await expect(creator.getByRole('status').filter({ hasText: es('reviews.form.toast') }).first()).toBeVisible();
    await expect(creatorPrompt).toHaveCount(0);
    await creator.reload();
    await expect(creator.getByRole('heading', { name: es('applications.panel.content') })).toBeVisible();
    await expect(creator.getByRole('region', { name: es('reviews.prompt.title', { name: brandName }) })).toHaveCount(0);

    // Both wrote: the reviews are published, and the card reads the creator's real rating.
    await page.reload();
    await expect(card.getByRole('img', { name: 'Rated 5.0 out of 5 from 1 review' })).toBeVisible();
    await expect(card).not.toContainText(en('creators.facts.noReviews'));
    await shoot(card, testInfo, 'en-applicant-card-rated');
    await switchLanguage(page, 'es');
    const ratedEs = page.getByRole('article', { name: es('applications.list.item', { name: creatorName }) });
    await expect(ratedEs.getByRole('img', { name: 'Calificación de 5.0 sobre 5 en 1 reseña' })).toBeVisible();
    await shoot(ratedEs, testInfo, 'es-applicant-card-rated');
    await switchLanguage(page, 'en');
    await card.getByRole('link', { name: creatorName }).click();
    await expect(page).toHaveURL(new RegExp(`/creators/${h.creator.id}$`));
    await expect(page.getByRole('heading', { level: 1, name: creatorName })).toBeVisible();
  });

  test('conversations name a brand by its company, in the list and the thread', async ({ page, accounts }, testInfo) => {
    const [brand, creator] = await Promise.all([
      accounts.create('brand', { label: 'glow', fullName: 'Jessica Parkerson', companyName: `GlowLab Skincare ${Date.now().toString(36)}` }),
      accounts.create('creator', { label: 'sofi' }),
    ]);
    const company = brand.companyName!;
    const brandApi = await signedInClient(brand);
    await rpc(brandApi, 'send_message', { receiver_id: creator.id, content: 'Hola, nos encantó tu perfil.' });
    await brandApi.auth.signOut().catch(() => undefined);

    await signInAs(page, creator, /\/dashboard\/creator$/);
    await page.goto('/messages');
    const list = page.getByRole('list', { name: es('messages.contacts.list') });
    const contact = list.getByRole('button', { name: new RegExp(escape(company)) });
    await expect(contact).toBeVisible();
    await expect(list).not.toContainText('Jessica Parkerson');
    await contact.click();
    await expect(page.getByRole('heading', { name: company })).toBeVisible();
    await expect(page.getByText('Jessica Parkerson')).toHaveCount(0);
    await shoot(page, testInfo, 'es-messages-company');
    await switchLanguage(page, 'en');
    // (On phones the open conversation fills the screen; its header names the brand.)
    await expect(page.getByRole('heading', { name: company })).toBeVisible();
    await expect(page.getByRole('textbox', { name: en('messages.composer.label') })).toBeVisible();
    await shoot(page, testInfo, 'en-messages-company');
    // A link that names the brand before any reply (?userId) names it the same way.
    await page.goto(`/messages?userId=${brand.id}`);
    await expect(page.getByRole('heading', { name: company })).toBeVisible();
  });

  test("a message in a dispute's thread reaches the other party by bell and email, not its writer", async ({ page, openPersonPage, accounts }, testInfo) => {
    // Other journeys run every scheduled job days ahead (delivery checks included, which tell both parties of
    // a post they cannot find): none may run between the bell read to zero and the one message this counts.
    await withSchedulerLock(async () => {
      const h = await deliveredHire(accounts);
      const brandName = h.brand.companyName!;
      const brandApi = await signedInClient(h.brand);
      const disputeId = await rpc<string>(brandApi, 'open_dispute', {
        application_id: h.applicationId, reason: 'not_as_agreed', details: 'The reel shows a competitor, which the brief ruled out.',
      });

      // The creator has read what came before (the hire, the dispute); in Spanish, she watches her bell while
      // the brand writes in the thread.
      const creatorApi = await signedInClient(h.creator);
      await rpc(creatorApi, 'mark_all_notifications_read');
      await signInAs(page, h.creator, /\/dashboard\/creator$/);
      await expect(bell(page, new RegExp(`^${escape(es('notifications.bell'))}$`))).toBeVisible();
      const note = 'Please send the version without the other brand by Friday.';
      await rpc(brandApi, 'post_dispute_message', { dispute_id: disputeId, body: note });
      await brandApi.auth.signOut().catch(() => undefined);
      const lit = bell(page, new RegExp(`^${escape(es('notifications.bell.unread', { count: 1 }))}$`));
      await expect(lit).toBeVisible({ timeout: 15_000 });
      await lit.click();
      const panel = page.getByRole('region', { name: es('notifications.title') });
      const sentence = es('notifications.kind.dispute_message', { actor: brandName, campaign: h.campaignTitle });
      const link = panel.getByRole('link', { name: new RegExp(`^${escape(sentence)}`) });
      await expect(link).toBeVisible();
      await shoot(page, testInfo, 'es-bell-dispute-message');
      await link.click();
      await expect(page).toHaveURL(new RegExp(`/deliverables/${h.deliverableId}$`));
      await expect(page.getByRole('article', { name: es('disputes.thread.item', { name: brandName }) })).toContainText(note);

      // The email, in Spanish, quotes the message and links to the thread.
      await sendQueuedEmails();
      const subject = `Nuevo mensaje en la disputa de ${h.campaignTitle}`;
      const mail = await waitForEmail({ to: h.creator.email, subject: new RegExp(escape(subject)) });
      expect(mail.text).toContain(`${brandName} escribió en la disputa de ${h.campaignTitle}`);
      expect(mail.text).toContain(`“${note}”`);
      expect(mail.text).toContain(`/deliverables/${h.deliverableId}`);

      // The brand, who wrote it, is not told of its own message (it hears of the creator's answer instead).
      const brand = await openPersonPage();
      await signInAs(brand, h.brand, /\/dashboard\/brand$/);
      await brand.goto('/notifications');
      const brandList = brand.getByRole('list', { name: en('notifications.title') });
      await expect(brand.getByRole('heading', { name: en('notifications.title'), level: 1 })).toBeVisible();
      await expect(brandList.getByRole('link', { name: new RegExp(escape(en('notifications.kind.dispute_message', { actor: brandName, campaign: h.campaignTitle }))) })).toHaveCount(0);
      await rpc(creatorApi, 'post_dispute_message', { dispute_id: disputeId, body: 'La envío el jueves.' });
      await creatorApi.auth.signOut().catch(() => undefined);
      await brand.reload();
      const answer = brandList.getByRole('link', { name: new RegExp(`^${escape(en('notifications.kind.dispute_message', { actor: h.creator.fullName, campaign: h.campaignTitle }))}`) });
      await expect(answer).toBeVisible();
      await shoot(brand, testInfo, 'en-notifications-dispute-message');
      await switchLanguage(brand, 'es');
      await expect(brand.getByRole('list', { name: es('notifications.title') }).getByRole('link', {
        name: new RegExp(`^${escape(es('notifications.kind.dispute_message', { actor: h.creator.fullName, campaign: h.campaignTitle }))}`),
      })).toBeVisible();
      await shoot(brand, testInfo, 'es-notifications-dispute-message');
    });
  });
});
