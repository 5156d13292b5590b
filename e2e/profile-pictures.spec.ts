import { writeFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { text } from '../testkit/e2e/catalog-text.ts';
import { rpc, signedInClient } from '../testkit/e2e/clients.ts';
import { expect, test } from '../testkit/e2e/fixtures.ts';
import { shot } from '../testkit/e2e/shot.ts';
import { openNavigation } from '../testkit/e2e/navigation.ts';
import { signInThroughUi } from '../testkit/e2e/sign-in.ts';

/**
 * Profile photos and brand logos (issue 34 item 3): chosen in Settings, framed in a square, uploaded into
 * the user's Storage folder, and shown where the person or brand appears. Creators in Spanish, brands in
 * English.
 */

/** A real PNG, made by the browser's own encoder: two colours, so a crop is visible. */
async function pngFile(page: Page, width: number, height: number): Promise<Buffer> {
  // A string, as the e2e project compiles without the DOM's types.
  const b64 = await page.evaluate<string>(`(() => {
    const c = document.createElement('canvas');
    c.width = ${width};
    c.height = ${height};
    const ctx = c.getContext('2d');
    ctx.fillStyle = '#0e7490';
    ctx.fillRect(0, 0, ${width}, ${height});
    ctx.fillStyle = '#f59e0b';
    ctx.beginPath();
    ctx.arc(${width / 2}, ${height / 2}, ${Math.min(width, height) / 3}, 0, Math.PI * 2);
    ctx.fill();
    return c.toDataURL('image/png').split(',')[1];
  })()`);
  return Buffer.from(b64, 'base64');
}

/** Counts the requests that would put bytes into Storage. */
function watchUploads(page: Page): () => number {
  let n = 0;
  page.on('request', (r) => {
    if (r.url().includes('/storage/v1/object/') && ['POST', 'PUT'].includes(r.method())) n++;
  });
  return () => n;
}

async function openProfileTab(page: Page, lang: 'es' | 'en') {
  await page.goto('/settings?tab=profile');
  await expect(page.getByRole('heading', { level: 2, name: text(lang, lang === 'es' ? 'settings.picture.title.avatar' : 'settings.picture.title.logo') })).toBeVisible();
}

// The picture's input (a creator's Profile tab also has the portfolio's, which takes videos too).
const fileInput = (page: Page) => page.locator('input[type="file"]:not([accept*="video"])');
test('a creator uploads a photo in Spanish; it shows in the sidebar and on the brand\'s applicant card, and is removed', async ({ page, accounts, openPersonPage }) => {
  test.setTimeout(120_000);
  const creator = await accounts.create('creator', { fullName: 'Lucía Foto' });
  const brand = await accounts.create('brand');
  const [brandApi, creatorApi] = await Promise.all([signedInClient(brand), signedInClient(creator)]);
  const campaignId = await rpc<string>(brandApi, 'create_campaign', {
    title: `Pictures ${Date.now()}`, description: 'Show our bottle.', content_type: 'review', platforms: ['instagram'],
    compensation_type: 'product', compensation_cents: 0, deadline: new Date(Date.now() + 5 * 86400e3).toISOString(),
  });
  await rpc(creatorApi, 'apply_to_campaign', { campaign_id: campaignId, pitch: 'I film every day.' });

  await signInThroughUi(page, creator);
  await expect(page).toHaveURL(/\/dashboard\/creator$/);
  await openProfileTab(page, 'es');
  const uploads = watchUploads(page);
  await fileInput(page).setInputFiles({ name: 'yo.png', mimeType: 'image/png', buffer: await pngFile(page, 900, 600) });
  const frame = page.getByRole('img', { name: text('es', 'settings.picture.crop.label') });
  await expect(frame).toBeVisible();
  // Drag the picture and zoom in a little: the crop follows the pointer, the keys and the slider.
  const box = (await frame.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2 + 40, box.y + box.height / 2, { steps: 4 });
  await page.mouse.up();
  await frame.focus();
  await page.keyboard.press('+');
  await expect(page.getByLabel(text('es', 'settings.picture.crop.zoom'))).toHaveValue('1.25');
  await shot(page, 'creator-crop');
  await page.getByRole('button', { name: text('es', 'settings.picture.save') }).click();
  await expect(page.getByRole('status').filter({ hasText: text('es', 'settings.picture.toast.saved') })).toBeVisible();
  expect(uploads()).toBe(1);

  const mine = `/storage/v1/object/public/avatars/${creator.id}/avatar-`;
  const picture = page.getByRole('img', { name: 'Lucía Foto' });
  await expect(picture).toHaveAttribute('src', new RegExp(mine.replace(/[/.]/g, '\\$&')));
  const src = (await picture.getAttribute('src'))!;
  const served = await page.request.get(src);
  expect(served.status()).toBe(200);
  expect(served.headers()['content-type']).toMatch(/^image\/(webp|jpeg)$/);
  await shot(page, 'creator-settings');

  // The sidebar (the slide-in menu on a phone) shows the same picture beside the name.
  await openNavigation(page);
  const signedIn = page.getByText(text('es', 'common.signedInAs', { name: 'Lucía Foto' })).filter({ visible: true });
  await expect(signedIn).toBeVisible();
  await expect(signedIn.locator('..').locator('img')).toHaveAttribute('src', src);
  await expect(signedIn.locator('..').locator('img')).toHaveAttribute('loading', 'lazy');
  await shot(page, 'creator-sidebar');
  if ((page.viewportSize()?.width ?? 1280) < 1024) await page.keyboard.press('Escape');

  // The brand sees it on the applicant card.
  const brandPage = await openPersonPage();
  await signInThroughUi(brandPage, brand);
  await expect(brandPage).toHaveURL(/\/dashboard\/brand$/);
  await brandPage.goto(`/campaigns/${campaignId}`);
  await brandPage.getByRole('tab', { name: /Applications/ }).click();
  const card = brandPage.getByRole('article', { name: text('en', 'applications.list.item', { name: 'Lucía Foto' }) });
  const thumb = card.locator('img');
  await expect(thumb).toHaveAttribute('src', src);
  await expect(thumb).toHaveAttribute('width', '40');
  await expect(thumb).toHaveAttribute('height', '40');
  await expect.poll(() => thumb.evaluate((img) => (img as unknown as { naturalWidth: number }).naturalWidth)).toBe(512);
  await shot(brandPage, 'brand-applicant-card');

  // Removing it unlinks it and deletes the file; the initials come back.
  await page.getByRole('button', { name: text('es', 'settings.picture.remove.avatar') }).click();
  await expect(page.getByRole('status').filter({ hasText: text('es', 'settings.picture.toast.removed') })).toBeVisible();
  await expect(page.getByRole('img', { name: 'Lucía Foto' })).toHaveText('LF');
  expect((await page.request.get(src)).status()).toBe(400);
});

test('a wrong type or a file too big is refused with a message, and nothing is uploaded', async ({ page, accounts }) => {
  const creator = await accounts.create('creator', { fullName: 'Pablo Prueba' });
  await signInThroughUi(page, creator);
  await expect(page).toHaveURL(/\/dashboard\/creator$/);
  await openProfileTab(page, 'es');
  const uploads = watchUploads(page);

  await fileInput(page).setInputFiles({ name: 'notas.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n') });
  await expect(page.getByRole('alert')).toHaveText(text('es', 'settings.picture.error.type', { name: 'notas.pdf' }));

  // From a file on disk: the browser reads it itself. Given as a buffer, Playwright sends the 11 MB over the
  // DevTools connection in base64, which on a busy machine outlasts the step's budget.
  const enorme = test.info().outputPath('enorme.png');
  writeFileSync(enorme, Buffer.alloc(11 * 1024 * 1024, 1));
  await fileInput(page).setInputFiles(enorme);
  await expect(page.getByRole('alert')).toHaveText(text('es', 'settings.picture.error.size', { name: 'enorme.png', size: '11', max: '10' }));

  // Declared a PNG, but not one: refused when the browser cannot decode it, before any upload.
  await fileInput(page).setInputFiles({ name: 'falsa.png', mimeType: 'image/png', buffer: Buffer.from('not a picture at all') });
  await expect(page.getByRole('alert')).toHaveText(text('es', 'settings.picture.error.unreadable', { name: 'falsa.png' }));
  await shot(page, 'creator-refused');

  expect(uploads()).toBe(0);
  await expect(page.getByRole('img', { name: 'Pablo Prueba' })).toHaveText('PP');
});

test.describe('brands', () => {
  // The sign-in screen follows the browser (Spanish here); a brand's screens are English after it.
  test('a brand uploads its logo in English; it shows on its campaign', async ({ page, accounts }) => {
    const brand = await accounts.create('brand', { companyName: 'Picture Labs' });
    const brandApi = await signedInClient(brand);
    const title = `Logo campaign ${Date.now()}`;
    const campaignId = await rpc<string>(brandApi, 'create_campaign', {
      title, description: 'Show our logo.', content_type: 'review', platforms: ['instagram'],
      compensation_type: 'product', compensation_cents: 0, deadline: new Date(Date.now() + 5 * 86400e3).toISOString(),
    });
    await signInThroughUi(page, brand);
    await expect(page).toHaveURL(/\/dashboard\/brand$/);
    await openProfileTab(page, 'en');
    await fileInput(page).setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: await pngFile(page, 400, 400) });
    await expect(page.getByRole('img', { name: text('en', 'settings.picture.crop.label') })).toBeVisible();
    await page.getByRole('button', { name: text('en', 'settings.picture.save') }).click();
    await expect(page.getByRole('status').filter({ hasText: text('en', 'settings.picture.toast.saved') })).toBeVisible();
    const logo = page.getByRole('img', { name: 'Picture Labs' });
    await expect(logo).toHaveAttribute('src', new RegExp(`/storage/v1/object/public/logos/${brand.id}/logo-`));
    const src = (await logo.getAttribute('src'))!;
    await shot(page, 'brand-settings');
    // A brand's logo is its picture in the sidebar too.
    await openNavigation(page);
    const signedIn = page.getByText(text('en', 'common.signedInAs', { name: brand.fullName })).filter({ visible: true });
    await expect(signedIn.locator('..').locator('img')).toHaveAttribute('src', src);
    if ((page.viewportSize()?.width ?? 1280) < 1024) await page.keyboard.press('Escape');

    await page.goto(`/campaigns/${campaignId}`);
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    const sidebar = page.getByRole('complementary', { name: text('en', 'campaigns.sidebar.label') });
    await expect(sidebar.locator('img')).toHaveAttribute('src', src);
    await shot(page, 'brand-campaign');
  });
});
