import { mkdirSync } from 'node:fs';
import type { Page, TestInfo } from '@playwright/test';
import { seriousViolations } from '../testkit/e2e/axe.ts';
import { type Lang, text } from '../testkit/e2e/catalog-text.ts';
import { rpc, signedInClient } from '../testkit/e2e/clients.ts';
import { accept, fundByApi, pendingHire } from '../testkit/e2e/escrow.ts';
import { expect, test } from '../testkit/e2e/fixtures.ts';
import { signInAs } from '../testkit/e2e/sign-in.ts';
import { toast } from '../testkit/e2e/toast.ts';

// Draft review (issue 34 item 3, decision 0049) end to end, once in Spanish and once in English, at both
// widths (the desktop and mobile projects): the brand turns it on in the campaign's form, the creator uploads a video
// draft (the connection dropped once mid-upload), the brand plays it and requests changes, the creator
// uploads round 2, the brand approves it, and only then does the public link go through. The video is
// generated in the browser (a canvas recorded by MediaRecorder): no file is committed.

/**
 * A second of a drawn, moving picture as WebM, made in the page: a real file the browser's player opens.
 * (Page code as text: the e2e project is typed without the DOM's media classes.)
 */
const RECORD_WEBM = `async (h) => {
  const canvas = document.createElement('canvas');
  canvas.width = 160;
  canvas.height = 120;
  const ctx = canvas.getContext('2d');
  const recorder = new MediaRecorder(canvas.captureStream(15), { mimeType: 'video/webm' });
  const chunks = [];
  recorder.ondataavailable = (e) => chunks.push(e.data);
  const stopped = new Promise((r) => (recorder.onstop = r));
  recorder.start(100);
  for (let i = 0; i < 15; i++) {
    ctx.fillStyle = 'hsl(' + h + ', 70%, ' + (30 + i * 2) + '%)';
    ctx.fillRect(0, 0, 160, 120);
    ctx.fillStyle = '#fff';
    ctx.fillRect(i * 10, 50, 20, 20);
    await new Promise((r) => setTimeout(r, 66));
  }
  recorder.stop();
  await stopped;
  const bytes = new Uint8Array(await new Blob(chunks, { type: 'video/webm' }).arrayBuffer());
  let s = '';
  for (const b of bytes) s += String.fromCharCode(b);
  return btoa(s);
}`;

async function recordWebm(page: Page, hue: number): Promise<Buffer> {
  return Buffer.from(await page.evaluate<string>(`(${RECORD_WEBM})(${hue})`), 'base64');
}

async function shoot(page: Page, testInfo: TestInfo, lang: Lang, name: string) {
  mkdirSync('/tmp/draft-review-shots', { recursive: true });
  await page.screenshot({ path: `/tmp/draft-review-shots/${testInfo.project.name}-${lang}-${name}.png`, fullPage: true });
}

for (const lang of ['es', 'en'] as const) {
  test.describe(`draft review (${lang})`, () => {
    test.describe.configure({ timeout: 180_000 });

    test('upload with a dropped connection, changes requested, round 2 approved, then the public link', async ({ page, openPersonPage, accounts, pageProblems }, testInfo) => {
      const tr = (key: string, values?: Record<string, string | number>) => text(lang, key, values);
      const hire = await pendingHire(accounts);
      const [brandApi, creatorApi] = await Promise.all([signedInClient(hire.brand), signedInClient(hire.creator)]);
      await rpc(brandApi, 'set_my_language', { language: lang });
      await rpc(creatorApi, 'set_my_language', { language: lang });
      await accept(hire);
      await fundByApi(hire);
      const creatorName = hire.creator.fullName;
      const note = lang === 'es' ? 'Muestra la etiqueta en los primeros 3 segundos.' : 'Show the label in the first 3 seconds.';

      // The brand turns draft review on in the campaign's form; the campaign's details say so.
      const brand = await openPersonPage();
      await signInAs(brand, hire.brand, /\/dashboard\/brand$/);
      await brand.goto(`/campaigns/edit/${hire.campaignId}`);
      const reviewBox = brand.getByRole('checkbox', { name: tr('campaigns.field.draftReview') });
      await expect(reviewBox).not.toBeChecked();
      await reviewBox.check();
      await brand.getByRole('button', { name: tr('campaigns.edit.submit') }).click();
      await expect(toast(brand, tr('campaigns.toast.updated'))).toBeVisible();
      await brand.goto(`/campaigns/${hire.campaignId}`);
      await expect(brand.getByText(tr('campaigns.draftReview.on'))).toBeVisible();

      // The creator: the link waits for an approved draft; a wrong file is refused before anything is sent.
      await signInAs(page, hire.creator, /\/dashboard\/creator$/);
      await page.goto(`/campaigns/${hire.campaignId}`);
      const drafts = page.getByRole('region', { name: tr('deliverables.drafts.title'), exact: true });
      await expect(drafts).toBeVisible();
      await expect(page.getByText(tr('deliverables.drafts.linkLocked'))).toBeVisible();
      await expect(page.getByLabel(tr('deliverables.creator.url'))).toHaveCount(0);
      const form = drafts.getByRole('form', { name: tr('deliverables.drafts.upload.title') });
      const file = form.getByLabel(tr('deliverables.drafts.upload.field'));
      await form.getByRole('button', { name: tr('deliverables.drafts.upload.submit') }).click();
      await expect(form.getByText(tr('deliverables.drafts.problem.required'))).toBeVisible();
      await file.setInputFiles({ name: 'notes.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n') });
      await form.getByRole('button', { name: tr('deliverables.drafts.upload.submit') }).click();
      await expect(form.getByText(tr('deliverables.drafts.problem.type'))).toBeVisible();
      await expect(file).toHaveAttribute('aria-invalid', 'true');

      // Round 1: the first upload request is cut (as a dropped connection), the next one is slowed so the
      // progress bar can be read; tus-js-client retries and the upload completes.
      const video1 = await recordWebm(page, 200);
      let cut = 0;
      let slowed = 0;
      await page.route('**/storage/v1/upload/resumable**', async (route) => {
        if (route.request().method() === 'POST' && cut === 0) {
          cut++;
          return route.abort('connectionreset');
        }
        if (slowed === 0) {
          slowed++;
          await new Promise((r) => setTimeout(r, 1500));
        }
        return route.continue();
      });
      await file.setInputFiles({ name: 'draft-1.webm', mimeType: 'video/webm', buffer: video1 });
      await form.getByRole('button', { name: tr('deliverables.drafts.upload.submit') }).click();
      const bar = form.getByRole('progressbar', { name: tr('deliverables.drafts.upload.progress') });
      await expect(bar).toBeVisible();
      await expect(bar).toHaveAttribute('aria-valuenow', /^\d+$/);
      await expect(toast(page, tr('deliverables.drafts.upload.done'))).toBeVisible({ timeout: 30_000 });
      expect(cut).toBe(1);
      await page.unroute('**/storage/v1/upload/resumable**');
      // The cut request is the test's doing, not the app's: the browser's line about it is not a problem.
      for (let i = pageProblems.length - 1; i >= 0; i--) if (/net::ERR_CONNECTION_RESET|net::ERR_FAILED/.test(pageProblems[i]!)) pageProblems.splice(i, 1);
      const round = (p: Page, n: number) => p.getByRole('article', { name: text(lang, 'deliverables.drafts.round', { round: n }), exact: true });
      await expect(round(page, 1)).toContainText(tr('deliverables.drafts.status.submitted'));
      await expect(drafts).toContainText(tr('deliverables.drafts.waiting.creator', { round: 1 }));
      await expect(form).toHaveCount(0);
      expect(await seriousViolations(page)).toEqual([]);
      await shoot(page, testInfo, lang, 'creator-round-1-sent');

      // The brand plays it (the signed URL answers Range requests, which seeking uses) and requests changes.
      await brand.goto(`/campaigns/${hire.campaignId}?tab=applications`);
      const review = brand.getByRole('region', { name: tr('deliverables.drafts.title'), exact: true });
      const player = review.locator('video');
      await expect(player).toHaveAttribute('aria-label', tr('deliverables.drafts.player', { round: 1, name: creatorName }));
      await expect(player).toHaveAttribute('preload', 'metadata');
      await expect.poll(() => player.evaluate((v) => (v as unknown as { readyState: number }).readyState), { timeout: 15_000 }).toBeGreaterThanOrEqual(1);
      const src = await player.getAttribute('src');
      const ranged = await brand.evaluate(async (url) => {
        const res = await fetch(url, { headers: { range: 'bytes=10-19' } });
        return { status: res.status, length: (await res.arrayBuffer()).byteLength };
      }, src!);
      expect(ranged).toEqual({ status: 206, length: 10 });
      await shoot(brand, testInfo, lang, 'brand-round-1');
      await review.getByRole('button', { name: tr('deliverables.drafts.requestChanges') }).click();
      const noteField = review.getByLabel(tr('deliverables.drafts.note'));
      await expect(noteField).toBeFocused();
      await review.getByRole('button', { name: tr('deliverables.drafts.sendChanges') }).click();
      await expect(review.getByText(tr('deliverables.drafts.noteRequired'))).toBeVisible();
      await noteField.fill(note);
      await review.getByRole('button', { name: tr('deliverables.drafts.sendChanges') }).click();
      await expect(toast(brand, tr('deliverables.drafts.toast.changes'))).toBeVisible();
      await expect(round(brand, 1)).toContainText(tr('deliverables.drafts.status.changes_requested'));
      await expect(round(brand, 1)).toContainText(note);
      await expect(review).toContainText(tr('deliverables.drafts.waitingChanges.brand', { name: creatorName }));
      expect(await seriousViolations(brand)).toEqual([]);

      // The creator reads the note and uploads round 2.
      await page.reload();
      await expect(drafts).toContainText(tr('deliverables.drafts.changes.creator'));
      await expect(round(page, 1)).toContainText(note);
      await form.getByLabel(tr('deliverables.drafts.upload.field')).setInputFiles({ name: 'draft-2.webm', mimeType: 'video/webm', buffer: await recordWebm(page, 20) });
      await form.getByRole('button', { name: tr('deliverables.drafts.upload.submit') }).click();
      await expect(toast(page, tr('deliverables.drafts.upload.done'))).toBeVisible({ timeout: 30_000 });
      await expect(round(page, 2)).toContainText(tr('deliverables.drafts.status.submitted'));

      // The brand approves round 2.
      await brand.reload();
      await expect(review.locator('video')).toHaveAttribute('aria-label', tr('deliverables.drafts.player', { round: 2, name: creatorName }));
      await review.getByRole('button', { name: tr('deliverables.drafts.approve') }).click();
      await expect(toast(brand, tr('deliverables.drafts.toast.approved'))).toBeVisible();
      await expect(review).toContainText(tr('deliverables.drafts.approved.brand', { round: 2, name: creatorName }));
      await expect(round(brand, 2)).toContainText(tr('deliverables.drafts.status.approved'));
      await shoot(brand, testInfo, lang, 'brand-approved');

      // Now, and only now, the creator submits the public link.
      await page.reload();
      await expect(drafts).toContainText(tr('deliverables.drafts.approved.creator'));
      await expect(page.getByText(tr('deliverables.drafts.linkLocked'))).toHaveCount(0);
      const url = `https://www.instagram.com/reel/${hire.creator.username}/`;
      await page.getByLabel(tr('deliverables.creator.url')).fill(url);
      await page.getByRole('button', { name: tr('deliverables.creator.submit') }).click();
      await expect(toast(page, tr('deliverables.creator.toast.submitted'))).toBeVisible();
      await expect(page.getByRole('link', { name: url }).first()).toBeVisible();
      await shoot(page, testInfo, lang, 'creator-link-submitted');
    });
  });
}
