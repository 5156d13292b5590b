import { en, es } from '../testkit/e2e/catalog-text.ts';
import { accessToken, anonKey, rpc, signedInClient, stackUrl } from '../testkit/e2e/clients.ts';
import { expect, test } from '../testkit/e2e/fixtures.ts';
import { shot } from '../testkit/e2e/shot.ts';
import { signInAs } from '../testkit/e2e/sign-in.ts';
import { fileBytes } from '../testkit/file-bytes.ts';

/**
 * Brief attachments (issue 34, decision 0050): a brand attaches a PDF to its campaign's brief on the edit
 * screen; a PNG renamed .pdf is refused by its content; the creator it hired downloads the PDF through a
 * signed link; a creator who applied and was not hired sees no files and cannot fetch them by path.
 */

const PDF = Buffer.from(fileBytes.pdf());
const PDF_NAME = 'Guía creativa.pdf';

test('a brand attaches a PDF; the hired creator downloads it; an applicant neither sees nor fetches it', async ({ page, accounts, openPersonPage }) => {
  test.setTimeout(120_000);
  const brand = await accounts.create('brand');
  const [hired, applicant] = await Promise.all([accounts.create('creator', { label: 'hired' }), accounts.create('creator', { label: 'applicant' })]);
  const [brandApi, hiredApi, applicantApi] = await Promise.all([signedInClient(brand), signedInClient(hired), signedInClient(applicant)]);
  const title = `Brief files ${Date.now()}`;
  const campaignId = await rpc<string>(brandApi, 'create_campaign', {
    title, description: 'Read the brief first.', content_type: 'review', platforms: ['instagram'], compensation_type: 'product',
    compensation_cents: 0, deadline: new Date(Date.now() + 10 * 86400e3).toISOString(), status: 'active',
  });
  const hiredApplication = await rpc<string>(hiredApi, 'apply_to_campaign', { campaign_id: campaignId, pitch: 'I read every brief.' });
  await rpc(brandApi, 'accept_application', { application_id: hiredApplication });
  await rpc(applicantApi, 'apply_to_campaign', { campaign_id: campaignId, pitch: 'Me too, please.' });

  // The brand (in English, brands' language) attaches the PDF on the edit screen.
  await signInAs(page, brand, /\/dashboard\/brand$/);
  await page.goto(`/campaigns/edit/${campaignId}`);
  const section = page.getByRole('region', { name: en('campaigns.brief.title') });
  await expect(section.getByText(en('campaigns.brief.empty'))).toBeVisible();
  await page.getByTestId('brief-file-input').setInputFiles({ name: PDF_NAME, mimeType: 'application/pdf', buffer: PDF });
  await expect(section.getByText(PDF_NAME)).toBeVisible();
  // A PNG renamed .pdf passes the browser's type check and Storage's, and is refused by its content.
  await page.getByTestId('brief-file-input').setInputFiles({ name: 'falso.pdf', mimeType: 'application/pdf', buffer: Buffer.from(fileBytes.png()) });
  await expect(section.getByRole('alert')).toHaveText(en('lib.upload.error.contentMismatch', { name: 'falso.pdf' }));
  await expect(section.getByRole('listitem')).toHaveCount(1);
  await shot(page, 'brief-files-edit');
  const [attached] = await rpc<Array<{ path: string; file_name: string }>>(brandApi, 'brief_attachments', { campaign_id: campaignId });
  expect(attached?.file_name).toBe(PDF_NAME);

  // The hired creator sees the file on the campaign and downloads the very bytes.
  const creatorPage = await openPersonPage();
  await signInAs(creatorPage, hired, /\/dashboard\/creator$/);
  await creatorPage.goto(`/campaigns/${campaignId}`);
  const panel = creatorPage.getByRole('region', { name: es('campaigns.brief.title') });
  const link = panel.getByRole('link', { name: es('campaigns.brief.downloadName', { name: PDF_NAME }) });
  await expect(link).toBeVisible();
  await shot(creatorPage, 'brief-files-hired');
  const res = await creatorPage.request.get((await link.getAttribute('href'))!);
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toBe('application/pdf');
  expect(Buffer.compare(await res.body(), PDF)).toBe(0);
  const download = creatorPage.waitForEvent('download');
  await link.click();
  expect((await download).suggestedFilename()).toBe(PDF_NAME);

  // The applicant who was not hired sees the campaign but no files, and Storage refuses the guessed path.
  const applicantPage = await openPersonPage();
  await signInAs(applicantPage, applicant, /\/dashboard\/creator$/);
  await applicantPage.goto(`/campaigns/${campaignId}`);
  await expect(applicantPage.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(applicantPage.getByRole('tab').first()).toBeVisible();
  await expect(applicantPage.getByRole('region', { name: es('campaigns.brief.title') })).toHaveCount(0);
  expect(await rpc(applicantApi, 'brief_attachments', { campaign_id: campaignId })).toEqual([]);
  const direct = await fetch(`${stackUrl()}/storage/v1/object/authenticated/briefs/${attached!.path}`, {
    headers: { apikey: anonKey(), Authorization: `Bearer ${await accessToken(applicantApi)}` },
  });
  expect(direct.status).not.toBe(200);
  expect((await applicantApi.storage.from('briefs').download(attached!.path)).error).not.toBeNull();
  expect((await applicantApi.storage.from('briefs').createSignedUrl(attached!.path, 60)).error).not.toBeNull();
});

test('files chosen while creating a campaign are attached once it exists; a wrong type is refused before upload', async ({ page, accounts }) => {
  test.setTimeout(120_000);
  const brand = await accounts.create('brand');
  await signInAs(page, brand, /\/dashboard\/brand$/);
  await page.goto('/campaigns/create');
  const title = `Created with files ${Date.now()}`;
  await page.getByLabel('Title').fill(title);
  await page.getByLabel('Description').fill('Everything is in the attached brief.');
  await page.getByLabel('Instagram', { exact: true }).check();
  await page.getByLabel('Compensation (USD)').fill('100');
  const due = new Date(Date.now() + 10 * 86400e3);
  await page.getByLabel('Deadline').fill(`${due.getFullYear()}-${String(due.getMonth() + 1).padStart(2, '0')}-${String(due.getDate()).padStart(2, '0')}`);
  await page.getByLabel('Status').selectOption('draft');

  const section = page.getByRole('region', { name: en('campaigns.brief.title') });
  await expect(section.getByText(en('campaigns.brief.queuedNote'))).toBeVisible();
  await page.getByTestId('brief-file-input').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
  await expect(section.getByRole('alert')).toHaveText(en('campaigns.brief.error.type', { name: 'notes.txt' }));
  await page.getByTestId('brief-file-input').setInputFiles([
    { name: PDF_NAME, mimeType: 'application/pdf', buffer: PDF },
    { name: 'moodboard.png', mimeType: 'image/png', buffer: Buffer.from(fileBytes.png()) },
  ]);
  await expect(section.getByRole('listitem')).toHaveCount(2);
  await expect(section.getByRole('alert')).toHaveCount(0);
  await page.getByRole('button', { name: en('campaigns.create.submit') }).click();

  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  const panel = page.getByRole('region', { name: en('campaigns.brief.title') });
  for (const name of [PDF_NAME, 'moodboard.png']) {
    await expect(panel.getByRole('link', { name: en('campaigns.brief.downloadName', { name }) })).toBeVisible();
  }
});
