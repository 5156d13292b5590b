import type { Page } from '@playwright/test';
import { text } from '../testkit/e2e/catalog-text.ts';
import { expect, test } from '../testkit/e2e/fixtures.ts';
import { shot } from '../testkit/e2e/shot.ts';
import { signInThroughUi } from '../testkit/e2e/sign-in.ts';

/**
 * The creator portfolio (decision 0048): a creator adds pictures in Settings (Spanish), puts them in
 * order, captions them and removes one; a brand (English) sees them on the profile and in Discover.
 */

/** A real image made by the browser's own encoder, one colour and a word, so the order is visible. */
async function imageFile(page: Page, type: 'image/png' | 'image/jpeg', color: string, word: string): Promise<Buffer> {
  // A string, as the e2e project compiles without the DOM's types.
  const b64 = await page.evaluate<string>(`(() => {
    const c = document.createElement('canvas');
    c.width = 900;
    c.height = 1200;
    const ctx = c.getContext('2d');
    ctx.fillStyle = '${color}';
    ctx.fillRect(0, 0, 900, 1200);
    ctx.fillStyle = '#ffffff';
    ctx.font = 'bold 160px sans-serif';
    ctx.fillText('${word}', 120, 640);
    return c.toDataURL('${type}').split(',')[1];
  })()`);
  return Buffer.from(b64, 'base64');
}

const fileInput = (page: Page) => page.locator('input[type="file"][accept*="video/mp4"]');

test('a creator adds, orders, captions and removes portfolio items; a brand sees them on the profile and in Discover', async ({ page, accounts, openPersonPage }) => {
  test.setTimeout(150_000);
  // Each project (desktop, mobile) runs at once on the same stack: a name of its own to search for.
  const fullName = `Renata ${test.info().project.name === 'mobile' ? 'Movil' : 'Escritorio'}`;
  const creator = await accounts.create('creator', { fullName });
  const brand = await accounts.create('brand');

  await signInThroughUi(page, creator);
  await expect(page).toHaveURL(/\/dashboard\/creator$/);
  await page.goto('/settings?tab=profile');
  const section = page.getByRole('region', { name: text('es', 'settings.portfolio.title') });
  await expect(section.getByTestId('portfolio-count')).toHaveText(text('es', 'settings.portfolio.count', { count: 0, max: 12 }));

  // Refused before any upload: a type the bucket does not take.
  let uploads = 0;
  page.on('request', (r) => {
    if (r.url().includes('/storage/v1/object/portfolio/') && r.method() === 'POST') uploads++;
  });
  await fileInput(page).setInputFiles({ name: 'anim.gif', mimeType: 'image/gif', buffer: Buffer.from('GIF89a') });
  await expect(section.getByRole('alert')).toHaveText(text('es', 'settings.portfolio.error.type', { name: 'anim.gif' }));
  expect(uploads).toBe(0);

  await fileInput(page).setInputFiles({ name: 'uno.png', mimeType: 'image/png', buffer: await imageFile(page, 'image/png', '#be123c', 'UNO') });
  await expect(section.getByTestId('portfolio-count')).toHaveText(text('es', 'settings.portfolio.count', { count: 1, max: 12 }));
  await fileInput(page).setInputFiles({ name: 'dos.jpg', mimeType: 'image/jpeg', buffer: await imageFile(page, 'image/jpeg', '#0e7490', 'DOS') });
  await expect(section.getByTestId('portfolio-count')).toHaveText(text('es', 'settings.portfolio.count', { count: 2, max: 12 }));
  // The original and a browser-made thumbnail for each image.
  expect(uploads).toBe(4);

  // Captions, then the second goes first.
  const caption = (n: number) => section.getByLabel(text('es', 'settings.portfolio.caption', { n }), { exact: true });
  await caption(1).fill('Campaña roja');
  const save = section.getByRole('listitem', { name: text('es', 'settings.portfolio.imageN', { n: 1 }) }).getByRole('button', { name: text('es', 'settings.portfolio.saveCaption') });
  await expect(save).toBeEnabled();
  await save.click();
  await expect(page.getByRole('status').filter({ hasText: text('es', 'settings.portfolio.toast.captionSaved') })).toBeVisible();
  await caption(2).fill('Campaña azul');
  await caption(2).press('Enter');
  await expect(section.getByRole('img', { name: 'Campaña azul' })).toBeVisible();
  await section.getByRole('button', { name: text('es', 'settings.portfolio.moveUp', { name: 'Campaña azul' }) }).click();
  await expect(caption(1)).toHaveValue('Campaña azul');
  await expect(caption(2)).toHaveValue('Campaña roja');
  await expect(section.getByRole('button', { name: text('es', 'settings.portfolio.moveUp', { name: 'Campaña azul' }) })).toBeDisabled();
  await shot(page, 'portfolio-settings');

  // A third one, then removed again: its files go too.
  await fileInput(page).setInputFiles({ name: 'tres.png', mimeType: 'image/png', buffer: await imageFile(page, 'image/png', '#4d7c0f', 'TRES') });
  await expect(section.getByTestId('portfolio-count')).toHaveText(text('es', 'settings.portfolio.count', { count: 3, max: 12 }));
  const third = section.getByRole('img', { name: text('es', 'settings.portfolio.imageN', { n: 3 }) });
  const thirdSrc = (await third.getAttribute('src'))!;
  expect((await page.request.get(thirdSrc)).status()).toBe(200);
  await section.getByRole('button', { name: text('es', 'settings.portfolio.removeLabel', { name: text('es', 'settings.portfolio.imageN', { n: 3 }) }) }).click();
  await expect(section.getByTestId('portfolio-count')).toHaveText(text('es', 'settings.portfolio.count', { count: 2, max: 12 }));
  await expect.poll(async () => (await page.request.get(thirdSrc)).status()).toBe(400);

  // The brand, in English: the profile's grid in the creator's order, thumbnails (480 px) not originals.
  const brandPage = await openPersonPage();
  await signInThroughUi(brandPage, brand);
  await expect(brandPage).toHaveURL(/\/dashboard\/brand$/);
  await brandPage.goto(`/creators/${creator.id}`);
  const grid = brandPage.getByRole('list', { name: text('en', 'creators.showcase.listLabel', { name: 'Renata' }) });
  await expect(grid.getByRole('img')).toHaveCount(2);
  await expect(grid.getByRole('img').first()).toHaveAccessibleName('Campaña azul');
  await expect(grid.getByRole('img').nth(1)).toHaveAccessibleName('Campaña roja');
  await expect(grid.getByText('Campaña azul')).toBeVisible();
  const first = grid.getByRole('img').first();
  await expect.poll(() => first.evaluate((img) => (img as unknown as { naturalHeight: number }).naturalHeight)).toBe(480);
  await shot(brandPage, 'portfolio-profile');

  // Discover: the card carries the strip, in the same order.
  await brandPage.goto(`/creators/discover?q=${encodeURIComponent(fullName)}`);
  const strip = brandPage.getByRole('list', { name: text('en', 'creators.card.portfolio') });
  await expect(strip.getByRole('img')).toHaveCount(2);
  await expect(strip.getByRole('img').first()).toHaveAccessibleName('Campaña azul');
  await shot(brandPage, 'portfolio-discover');
});
