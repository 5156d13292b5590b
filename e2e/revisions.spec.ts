import { mkdirSync } from 'node:fs';
import type { Locator, Page, TestInfo } from '@playwright/test';
import { seriousViolations } from '../testkit/e2e/axe.ts';
import { en, englishShown, es, text } from '../testkit/e2e/catalog-text.ts';
import { rpc, signedInClient } from '../testkit/e2e/clients.ts';
import { expect, test } from '../testkit/e2e/fixtures.ts';
import { resubmitByApi, reviewByApi, submitByApi, submittedHire } from '../testkit/e2e/revisions.ts';
import { signInAs } from '../testkit/e2e/sign-in.ts';
import { toast } from '../testkit/e2e/toast.ts';
import { usd } from '../testkit/e2e/money.ts';

// Revision rounds and the activity history (issue 17) end to end: on a funded hire the brand asks for
// changes with feedback, the creator resubmits with a note, the brand approves and the money is released;
// both read every round and the hire's history on the deliverable page. A campaign states its revision
// rounds (form, campaign page); once they are used up, Request changes is no longer offered. The brand
// reads English, the creator Spanish. Every journey makes its own accounts, which the fixture deletes.


/** The deliverable page's revisions card and history card (their headings name the regions). */
const revisions = (page: Page, lang: 'en' | 'es') => page.getByRole('region', { name: lang === 'en' ? en('deliverables.revisions.title') : es('deliverables.revisions.title'), exact: true });
const history = (page: Page, lang: 'en' | 'es') => page.getByRole('region', { name: lang === 'en' ? en('activity.title') : es('activity.title'), exact: true });
/** Submission n's card: the original version, then revision n - 1 (the one round rule, issue 30). */
const round = (scope: Locator, n: number, lang: 'en' | 'es') =>
  scope.getByRole('article', { name: n === 1 ? text(lang, 'deliverables.round.original') : text(lang, 'deliverables.round.title', { revision: n - 1 }), exact: true });
/** The events of the history, in order. */
const historyEvents = (page: Page, lang: 'en' | 'es') => history(page, lang).getByRole('listitem');
/** A date as the date input takes it, in the browser's (and this machine's) time zone. */
const dateInput = (d: Date) => `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
const escape = (s: string) => s.replace(/[.*+?^$()|[\]\\{}]/g, '\\$&');
/** Each event's text starts with its sentence (then its time, link and quote). */
const startingWith = (sentences: string[]) => sentences.map((s) => new RegExp(`^${escape(s)}`));


/** Saves a screenshot (a whole page, or one element) under /tmp/revisions-shots, named after the project (desktop 1280 px, mobile 390 px). */
async function shoot(target: Page | Locator, testInfo: TestInfo, name: string) {
  mkdirSync('/tmp/revisions-shots', { recursive: true });
  const path = `/tmp/revisions-shots/${testInfo.project.name}-${name}.png`;
  if ('goto' in target) await target.screenshot({ path, fullPage: true });
  else await target.screenshot({ path });
}

async function expectNoSeriousViolations(page: Page) {
  expect(await seriousViolations(page)).toEqual([]);
}

test.describe('revisions', () => {
  // Two people, a card payment and several screens each: room for a busy shared machine (no speed is asserted).
  test.describe.configure({ timeout: 150_000 });

  test('request changes then approve: every round and the history on the deliverable page', async ({ page, openPersonPage, accounts }, testInfo) => {
    const h = await submittedHire(accounts);
    const brandName = h.brand.companyName!;
    const creatorName = h.creator.fullName;
    const feedback = 'Please show the bottle label in the first 3 seconds.';
    const note = 'Moved the label shot to the opening.';

    // The brand opens the content: round 1 awaits review, none of the 2 included rounds used.
    await signInAs(page, h.brand, /\/dashboard\/brand$/);
    await page.goto(`/deliverables/${h.deliverableId}`);
    const brandRevisions = revisions(page, 'en');
    await expect(brandRevisions).toContainText(en('deliverables.review.roundsUsed', { used: 0, included: 2 }));
    await expect(round(brandRevisions, 1, 'en').getByRole('link', { name: h.contentUrl })).toBeVisible();
    await expect(round(brandRevisions, 1, 'en')).toContainText(en('deliverables.round.awaiting'));

    // Request changes: the feedback is required, then sent.
    await brandRevisions.getByRole('button', { name: en('deliverables.review.requestChanges') }).click();
    const dialog = page.getByRole('dialog', { name: en('deliverables.changes.title') });
    await expect(dialog).toContainText(en('deliverables.changes.description', { name: creatorName, round: 1, included: 2 }));
    const feedbackField = dialog.getByLabel(en('deliverables.changes.field'));
    await expect(feedbackField).toBeFocused();
    await dialog.getByRole('button', { name: en('deliverables.changes.confirm') }).click();
    await expect(dialog.getByText(en('deliverables.decision.validation.feedbackRequired'))).toBeVisible();
    await expectNoSeriousViolations(page);
    await shoot(page, testInfo, 'request-changes-dialog');
    await feedbackField.fill(feedback);
    await dialog.getByRole('button', { name: en('deliverables.changes.confirm') }).click();
    await expect(toast(page, en('deliverables.brand.toast.updated'))).toBeVisible();
    await expect(dialog).toHaveCount(0);
    await expect(round(brandRevisions, 1, 'en')).toContainText(en('deliverables.round.decision.changes_requested'));
    await expect(round(brandRevisions, 1, 'en')).toContainText(feedback);
    await expect(round(brandRevisions, 1, 'en')).toContainText(/By you on /);
    await expect(brandRevisions).toContainText(en('deliverables.review.roundsUsed', { used: 1, included: 2 }));
    await expect(brandRevisions).toContainText(en('deliverables.brand.waitingCreator', { name: creatorName }));
    await expect(brandRevisions.getByRole('button', { name: en('deliverables.brand.approve') })).toHaveCount(0);

    // The creator sees the feedback on the campaign and resubmits the same link: a note is required.
    const creator = await openPersonPage();
    await signInAs(creator, h.creator, /\/dashboard\/creator$/);
    await creator.goto(`/campaigns/${h.campaignId}`);
    const item = creator.getByRole('listitem').filter({ has: creator.getByRole('link', { name: h.contentUrl }) });
    await expect(item.getByText(es('common.deliverable.status.changes_requested'), { exact: true })).toBeVisible();
    await expect(item).toContainText(`${es('deliverables.creator.changesLabel')} ${feedback}`);
    await expect(item.getByRole('button', { name: es('deliverables.creator.editLabel', { url: h.contentUrl }) })).toHaveCount(0);
    await item.getByRole('button', { name: es('deliverables.creator.resubmitLabel', { url: h.contentUrl }) }).click();
    const form = item.getByRole('form', { name: es('deliverables.resubmit.title') });
    await expect(form.getByLabel(es('deliverables.creator.url'))).toHaveValue(h.contentUrl);
    await expect(form.getByLabel(es('deliverables.creator.url'))).toBeFocused();
    await form.getByRole('button', { name: es('deliverables.resubmit.submit') }).click();
    await expect(form.getByText(es('deliverables.resubmit.validation.noteRequired'))).toBeVisible();
    await shoot(item, testInfo, 'resubmit-form');
    await form.getByLabel(es('deliverables.resubmit.note')).fill(note);
    await form.getByRole('button', { name: es('deliverables.resubmit.submit') }).click();
    await expect(toast(creator, es('deliverables.resubmit.toast'))).toBeVisible();
    await expect(item.getByText(es('common.deliverable.status.pending'), { exact: true })).toBeVisible();
    await expect(item).toContainText(`${es('deliverables.creator.noteLabel')} ${note}`);
    expect(await englishShown(creator, ['deliverables'])).toEqual([]);

    // On the deliverable page the creator reads both rounds.
    await item.getByRole('link', { name: es('deliverables.viewRoundsLabel', { url: h.contentUrl }) }).click();
    await expect(creator).toHaveURL(new RegExp(`/deliverables/${h.deliverableId}$`));
    const creatorRevisions = revisions(creator, 'es');
    await expect(round(creatorRevisions, 1, 'es')).toContainText(feedback);
    await expect(round(creatorRevisions, 1, 'es')).toContainText(es('deliverables.round.by', { name: brandName, date: '' }).trim());
    await expect(round(creatorRevisions, 2, 'es')).toContainText(note);
    await expect(round(creatorRevisions, 2, 'es')).toContainText(es('deliverables.round.awaiting'));
    await expect(creatorRevisions).toContainText(es('deliverables.creator.waitingBrand'));

    // The brand sees round 2 (back from another window) and approves: the money is released.
    await page.reload();
    await expect(round(brandRevisions, 2, 'en')).toContainText(note);
    await expect(brandRevisions).toContainText(en('deliverables.review.roundsUsed', { used: 1, included: 2 }));
    // The count and the card agree: one revision used, the card of the resubmission says "Revision 1".
    await expect(brandRevisions.getByRole('heading', { name: en('deliverables.round.title', { revision: 1 }), exact: true })).toBeVisible();
    await expect(brandRevisions.getByRole('heading', { name: /^Round \d/ })).toHaveCount(0);
    await brandRevisions.getByRole('button', { name: en('deliverables.brand.approve') }).click();
    // Approving a funded hire's content releases the money: the dialog says how much before anything moves.
    const release = page.getByRole('dialog', { name: en('deliverables.approveRelease.title') });
    await expect(release).toContainText(en('deliverables.approveRelease.text', { gross: '$500.00', name: creatorName, net: '$425.00', fee: '$75.00' }));
    await release.getByRole('button', { name: en('deliverables.approveRelease.confirm', { net: '$425.00' }) }).click();
    await expect(toast(page, en('deliverables.brand.toast.updated'))).toBeVisible();
    await expect(round(brandRevisions, 2, 'en')).toContainText(en('deliverables.round.decision.approved'));
    await expect(brandRevisions.getByRole('button', { name: en('deliverables.brand.approve') })).toHaveCount(0);

    // Both read the history, oldest first; the brand's sentences say "You" for its own steps.
    const brandSteps = [
      en('activity.event.applied', { actor: creatorName }),
      en('activity.event.accepted.you'),
      en('activity.event.funded.you', { amount: '$500.00' }),
      en('activity.event.submitted', { actor: creatorName }),
      en('activity.event.changes_requested.you', { revision: 1 }),
      en('activity.event.resubmitted', { actor: creatorName, revision: 1 }),
      en('activity.event.approved.you'),
      en('activity.event.released', { amount: '$425.00' }),
    ];
    // The release is recorded a moment after the approval: reload until it shows.
    await expect(async () => {
      await page.reload();
      await expect(historyEvents(page, 'en')).toHaveText(startingWith(brandSteps), { timeout: 2_000 });
    }).toPass({ timeout: 30_000 });
    await expect(history(page, 'en')).toContainText(feedback);
    await expect(history(page, 'en')).toContainText(note);
    await expectNoSeriousViolations(page);
    await shoot(page, testInfo, 'brand-deliverable');
    await shoot(brandRevisions, testInfo, 'brand-revisions');
    await shoot(history(page, 'en'), testInfo, 'brand-history');

    await creator.reload();
    await expect(round(creatorRevisions, 2, 'es')).toContainText(es('deliverables.round.decision.approved'));
    await expect(historyEvents(creator, 'es')).toHaveText(
      startingWith([
        es('activity.event.applied.you'),
        es('activity.event.accepted', { actor: brandName }),
        es('activity.event.funded', { actor: brandName, amount: await usd(creator, 50_000, 'es') }),
        es('activity.event.submitted.you'),
        es('activity.event.changes_requested', { actor: brandName, revision: 1 }),
        es('activity.event.resubmitted.you', { revision: 1 }),
        es('activity.event.approved', { actor: brandName }),
        es('activity.event.released', { amount: await usd(creator, 42_500, 'es') }),
      ]),
    );
    expect(await englishShown(creator, ['deliverables', 'activity'])).toEqual([]);
    await expectNoSeriousViolations(creator);
    await shoot(creator, testInfo, 'creator-deliverable');
  });

  test('the campaign states its revision rounds; once used up, Request changes is gone; a rejection needs a reason', async ({ page, openPersonPage, accounts }, testInfo) => {
    const brand = await accounts.create('brand');
    const creator = await accounts.create('creator', { label: 'rita' });
    // Not "Revision ...": that reads as the English card label "Revision {revision}" to englishShown.
    const title = `Rondas incluidas ${creator.username}`;

    // The brand creates a campaign with no revision rounds (the form offers 2), then edits it to 1.
    await signInAs(page, brand, /\/dashboard\/brand$/);
    await page.goto('/campaigns/create');
    const rounds = page.getByLabel(en('campaigns.field.revisionRoundsIncluded'));
    await expect(rounds).toHaveValue('2');
    await expect(page.getByText(en('campaigns.field.revisionRounds.hint'))).toBeVisible();
    await page.getByLabel('Title').fill(title);
    await page.getByLabel('Description').fill('A short unboxing of our kettle.');
    await page.getByLabel('Instagram', { exact: true }).check();
    await page.getByLabel('Compensation type').selectOption('product');
    // The form leaves the amount and the deadline for the brand to type (issue 30, item 8).
    await page.getByLabel('Compensation (USD)').fill('0');
    await page.getByLabel('Deadline').fill(dateInput(new Date(Date.now() + 14 * 86400e3)));
    await rounds.fill('11');
    await page.getByRole('button', { name: 'Create Campaign' }).click();
    await expect(page.getByText(en('campaigns.validation.revisionRounds'))).toBeVisible();
    await shoot(page, testInfo, 'campaign-form');
    await rounds.fill('0');
    await page.getByRole('button', { name: 'Create Campaign' }).click();
    await page.getByRole('dialog', { name: en('campaigns.publish.title') }).getByRole('button', { name: en('campaigns.publish.confirm') }).click();
    await expect(page).toHaveURL(/\/campaigns\/[0-9a-f-]{36}$/);
    const campaignId = page.url().split('/').pop()!;
    await expect(page.getByText(en('campaigns.revisionRounds.none'))).toBeVisible();
    await page.getByRole('link', { name: 'Edit Campaign' }).click();
    await expect(rounds).toHaveValue('0');
    await rounds.fill('1');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page).toHaveURL(new RegExp(`/campaigns/${campaignId}$`));
    await expect(page.getByText('1 revision round included', { exact: true })).toBeVisible();

    // The creator reads it before applying, next to the brand's rating ("New": no reviews yet).
    const person = await openPersonPage();
    await signInAs(person, creator, /\/dashboard\/creator$/);
    await person.goto(`/campaigns/${campaignId}`);
    await expect(person.getByText('1 ronda de revisión incluida', { exact: true })).toBeVisible();
    await expect(person.getByRole('complementary', { name: es('campaigns.sidebar.label') }).getByText(es('common.rating.new'), { exact: true })).toBeVisible();
    await expect(person.getByRole('button', { name: 'Enviar postulación' })).toBeVisible();
    await shoot(person, testInfo, 'campaign-before-applying');

    // The hire through the api: applied, accepted, content submitted, the one round used and answered.
    const [brandApi, creatorApi] = await Promise.all([signedInClient(brand), signedInClient(creator)]);
    const applicationId = await rpc<string>(creatorApi, 'apply_to_campaign', { campaign_id: campaignId, pitch: 'I unbox kettles weekly.' });
    await rpc(brandApi, 'accept_application', { application_id: applicationId });
    const url = `https://www.tiktok.com/@${creator.username}/video/1`;
    const deliverableId = await submitByApi(creator, campaignId, url);
    await reviewByApi(brand, deliverableId, 'changes_requested', 'Say the brand name out loud.');
    await resubmitByApi(creator, deliverableId, `${url}2`, 'Added the brand name.');

    // The brand's panel on the campaign and the deliverable page: Approve and Reject only.
    await page.goto(`/campaigns/${campaignId}?tab=applications`);
    const panel = page.getByRole('region', { name: en('deliverables.brand.region', { name: creator.fullName }) });
    const article = panel.getByRole('article').filter({ has: page.getByRole('link', { name: `${url}2` }) });
    await expect(article).toContainText(en('deliverables.review.roundsUsed', { used: 1, included: 1 }));
    await expect(article.getByRole('button', { name: en('deliverables.brand.approve') })).toBeVisible();
    await expect(article.getByRole('button', { name: en('deliverables.review.requestChanges') })).toHaveCount(0);
    await page.goto(`/deliverables/${deliverableId}`);
    const brandRevisions = revisions(page, 'en');
    await expect(brandRevisions).toContainText(en('deliverables.review.noRoundsLeft'));
    await expect(brandRevisions.getByRole('button', { name: en('deliverables.brand.reject') })).toBeVisible();
    await expect(brandRevisions.getByRole('button', { name: en('deliverables.review.requestChanges') })).toHaveCount(0);

    // Rejecting asks for a reason; the rejection is final for the creator.
    await brandRevisions.getByRole('button', { name: en('deliverables.brand.reject') }).click();
    const dialog = page.getByRole('dialog', { name: en('deliverables.reject.title') });
    await dialog.getByRole('button', { name: en('deliverables.reject.confirm') }).click();
    await expect(dialog.getByText(en('deliverables.decision.validation.reasonRequired'))).toBeVisible();
    await dialog.getByLabel(en('deliverables.reject.field')).fill('The product is not shown at all.');
    await dialog.getByRole('button', { name: en('deliverables.reject.confirm') }).click();
    await expect(toast(page, en('deliverables.brand.toast.updated'))).toBeVisible();
    await expect(round(brandRevisions, 2, 'en')).toContainText(en('deliverables.round.decision.rejected'));
    await expect(history(page, 'en').getByText(en('activity.event.content_rejected.you'), { exact: true })).toBeVisible();

    await person.goto(`/campaigns/${campaignId}`);
    const item = person.getByRole('listitem').filter({ has: person.getByRole('link', { name: `${url}2` }) });
    await expect(item.getByText(es('common.deliverable.status.rejected'), { exact: true })).toBeVisible();
    await expect(item).toContainText('The product is not shown at all.');
    for (const action of ['editLabel', 'deleteLabel', 'resubmitLabel']) {
      await expect(item.getByRole('button', { name: es(`deliverables.creator.${action}`, { url: `${url}2` }) })).toHaveCount(0);
    }
    // A new link can still be submitted.
    await expect(person.getByRole('button', { name: es('deliverables.creator.submit') })).toBeVisible();
    expect(await englishShown(person, ['deliverables', 'campaigns'])).toEqual([]);
  });
});
