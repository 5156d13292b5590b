import type { Page } from '@playwright/test';
import { en, es } from '../testkit/e2e/catalog-text.ts';
import { rpc, signedInClient } from '../testkit/e2e/clients.ts';
import { expect, test } from '../testkit/e2e/fixtures.ts';
import { payOnCheckout } from '../testkit/e2e/checkout.ts';
import { signInAs } from '../testkit/e2e/sign-in.ts';

/**
 * Usage rights (issue 36 item 2, decision 0056): a brand sets paid usage on a campaign with the form (a
 * zero-day term is refused on its field), publishes it, and the creator reads the licence in plain words
 * on the campaign before applying; once hired, the brand's licence library lists it with its days left.
 */

/** A screenshot to look at: in E2E_SCREENSHOTS when set (the run's own output folder is removed after it). */
const shot = async (page: Page, name: string, fullPage = true) => {
  const file = `${name}-${test.info().project.name}.png`;
  const dir = process.env.E2E_SCREENSHOTS;
  await page.screenshot({ path: dir ? `${dir}/${file}` : test.info().outputPath(file), fullPage });
};
const dateInput = (d: Date) => `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;

test('a brand sets paid usage on a campaign; the creator reads it before applying', async ({ page, accounts, openPersonPage }) => {
  test.setTimeout(120_000);
  const [brand, creator] = await Promise.all([accounts.create('brand'), accounts.create('creator')]);
  await signInAs(page, brand, /\/dashboard\/brand$/);
  await page.goto('/campaigns/create');
  const title = `Paid usage ${Date.now()}`;
  await page.getByLabel('Title').fill(title);
  await page.getByLabel('Description').fill('A serum routine we may run as ads.');
  await page.getByLabel('Instagram', { exact: true }).check();
  await page.getByLabel(en('campaigns.field.compensationUsd')).fill('500');
  await page.getByLabel('Deadline').fill(dateInput(new Date(Date.now() + 10 * 86400e3)));

  const section = page.getByRole('group', { name: en('campaigns.usage.title') });
  await expect(section.getByRole('radio', { name: en('campaigns.usage.kind.organic') })).toBeChecked();
  await section.getByRole('radio', { name: en('campaigns.usage.kind.paid') }).check();
  const adPlatforms = section.getByRole('group', { name: en('campaigns.usage.platforms') });
  await adPlatforms.getByLabel('Instagram').check();
  await adPlatforms.getByLabel('TikTok').check();
  await section.getByLabel(en('campaigns.usage.price')).fill('300');
  await section.getByLabel(en('campaigns.usage.territory')).fill('us');
  await section.getByLabel(en('campaigns.usage.termDays')).fill('0');
  await section.getByLabel(en('campaigns.usage.exclusivityCategory')).fill('skincare');
  await page.getByRole('button', { name: en('campaigns.create.submit') }).click();
  // Issue 36 item 4: a zero-day licence is refused on its field, with its own words; nothing typed is lost.
  await expect(section.getByText(en('campaigns.usage.validation.termNotPositive'))).toBeVisible();
  await expect(section.getByText(en('campaigns.usage.validation.exclusivityIncomplete'))).toBeVisible();
  await expect(section.getByLabel(en('campaigns.usage.price'))).toHaveValue('300');
  await section.scrollIntoViewIfNeeded();
  await section.screenshot({ path: test.info().outputPath(`usage-form-errors-${test.info().project.name}.png`) });
  if (process.env.E2E_SCREENSHOTS) await section.screenshot({ path: `${process.env.E2E_SCREENSHOTS}/usage-form-errors-${test.info().project.name}.png` });

  await section.getByLabel(en('campaigns.usage.termDays')).fill('90');
  await section.getByLabel(en('campaigns.usage.exclusivityDays')).fill('30');
  await expect(section.getByText(en('campaigns.usage.validation.termNotPositive'))).toBeHidden();
  await page.getByRole('button', { name: en('campaigns.create.submit') }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Publish campaign' }).click();
  await expect(page).toHaveURL(/\/campaigns\/[0-9a-f-]{36}$/);
  const campaignId = page.url().split('/').pop()!;
  const summary = page.getByTestId('usage-rights-summary');
  await expect(summary).toHaveText(
    'The brand may post your content as ads on Instagram and TikTok in United States for 90 days; exclusivity: skincare, 30 days; paid usage: $300.00.',
  );

  // The edit form starts from what was stored.
  await page.goto(`/campaigns/edit/${campaignId}`);
  const stored = page.getByRole('group', { name: en('campaigns.usage.title') });
  await expect(stored.getByRole('radio', { name: en('campaigns.usage.kind.paid') })).toBeChecked();
  await expect(stored.getByLabel(en('campaigns.usage.territory'))).toHaveValue('US');
  await expect(stored.getByLabel(en('campaigns.usage.termDays'))).toHaveValue('90');
  await expect(stored.getByLabel(en('campaigns.usage.price'))).toHaveValue('300');
  await stored.scrollIntoViewIfNeeded();
  await shot(page, 'usage-form-edit', false);

  // The creator, in Spanish, reads the licence on the campaign, above the apply form.
  const creatorPage = await openPersonPage();
  await signInAs(creatorPage, creator, /\/dashboard\/creator$/);
  await creatorPage.goto(`/campaigns/${campaignId}`);
  const creatorSummary = creatorPage.getByRole('region', { name: es('campaigns.usage.title') }).getByTestId('usage-rights-summary');
  await expect(creatorSummary).toContainText('La marca puede publicar tu contenido como anuncios en Instagram y TikTok en Estados Unidos durante 90 días');
  await expect(creatorSummary).toContainText('exclusividad: skincare, 30 días; uso pagado:');
  await expect(creatorPage.getByRole('button', { name: es('applications.apply.submit') })).toBeVisible();
  // What the creator receives counts the licence price too: $800.00 held in escrow, less the 15% fee.
  await expect(creatorPage.getByText(/^Recibes USD\s680\.00\s/)).toBeVisible();
  await shot(creatorPage, 'usage-creator-detail');

  // A visitor, signed out, reads the same words on the public campaign page (decision 0056).
  const visitor = await openPersonPage();
  await visitor.goto(`/explore/${campaignId}`);
  // A visitor reads the site's default language, Spanish.
  const publicSummary = visitor.getByRole('region', { name: es('campaigns.usage.title') }).getByTestId('usage-rights-summary');
  await expect(publicSummary).toContainText('La marca puede publicar tu contenido como anuncios en Instagram y TikTok en Estados Unidos durante 90 días');
  await expect(publicSummary).toContainText('exclusividad: skincare, 30 días; uso pagado:');
  await shot(visitor, 'usage-public-detail');
});

test('the brand licence library lists a hire licence with its days left', async ({ page, accounts }) => {
  test.setTimeout(120_000);
  const [brand, creator] = await Promise.all([accounts.create('brand'), accounts.create('creator', { label: 'licensor' })]);
  const [brandApi, creatorApi] = await Promise.all([signedInClient(brand), signedInClient(creator)]);
  const campaignId = await rpc<string>(brandApi, 'create_campaign', {
    title: `Library ${Date.now()}`, description: 'Product for a reel we may boost.', content_type: 'review', platforms: ['instagram'],
    compensation_type: 'product', compensation_cents: 0, deadline: new Date(Date.now() + 10 * 86400e3).toISOString(), status: 'active',
  });
  await rpc(brandApi, 'set_campaign_usage_rights', {
    campaign_id: campaignId, usage_kind: 'paid', usage_platforms: ['instagram', 'tiktok'], usage_territory: ['US', 'MX'], usage_term_days: 90,
    usage_price_cents: 30000, exclusivity_category: 'skincare', exclusivity_days: 30,
  });
  const application = await rpc<string>(creatorApi, 'apply_to_campaign', { campaign_id: campaignId, pitch: 'Happy to license it.' });
  await rpc(brandApi, 'accept_application', { application_id: application });

  await signInAs(page, brand, /\/dashboard\/brand$/);
  await page.goto('/payments/history');
  const library = page.getByRole('region', { name: en('campaigns.licences.title') });
  const card = library.getByRole('listitem');
  await expect(card).toHaveCount(1);
  await expect(card).toContainText(creator.fullName);
  await expect(card).toContainText(en('campaigns.licences.kind.paid', { platforms: 'Instagram and TikTok' }));
  await expect(card).toContainText('United States and Mexico');
  await expect(card).toContainText(en('campaigns.licences.status.active'));
  await expect(card.getByRole('definition').filter({ hasText: /^90$/ })).toBeVisible();
  await library.scrollIntoViewIfNeeded();
  await shot(page, 'usage-licence-library');
});

test('a product campaign\'s paid licence: the brand accepts and funds the licence part, shown apart from the content', async ({ page, accounts }) => {
  test.setTimeout(120_000);
  const [brand, creator] = await Promise.all([accounts.create('brand'), accounts.create('creator', { label: 'productlicensor' })]);
  const [brandApi, creatorApi] = await Promise.all([signedInClient(brand), signedInClient(creator)]);
  const campaignId = await rpc<string>(brandApi, 'create_campaign', {
    title: `Product licence ${Date.now()}`, description: 'A serum for a reel we will run as ads.', content_type: 'review', platforms: ['instagram'],
    compensation_type: 'product', compensation_cents: 0, deadline: new Date(Date.now() + 10 * 86400e3).toISOString(), status: 'active',
  });
  await rpc(brandApi, 'set_campaign_usage_rights', {
    campaign_id: campaignId, usage_kind: 'paid', usage_platforms: ['instagram'], usage_territory: null, usage_term_days: 90, usage_price_cents: 30000,
  });
  await rpc<string>(creatorApi, 'apply_to_campaign', { campaign_id: campaignId, pitch: 'Happy to license it.' });

  await signInAs(page, brand, /\/dashboard\/brand$/);
  await page.goto(`/campaigns/${campaignId}?tab=applications`);
  const item = page.getByRole('article', { name: `Application from ${creator.fullName}` });
  await item.getByRole('button', { name: 'Accept' }).click();
  // Decision 0056 amended: no flat fee, yet the licence's $300.00 is funded on hire through escrow.
  await item.getByRole('button', { name: 'Fund $300.00' }).click();
  const panel = item.getByRole('region', { name: en('payments.fund.title') });
  await expect(panel.getByRole('definition').nth(0)).toHaveText('$300.00');
  await expect(panel).toContainText(`${en('payments.fund.content')}$0.00`);
  await expect(panel).toContainText(`${en('payments.fund.licence')}$300.00`);
  await expect(panel).toContainText(`${en('payments.fund.fee', { percent: 15 })}$45.00`);
  await expect(panel).toContainText(`${en('payments.fund.creatorReceives', { name: creator.fullName })}$255.00`);
  await panel.scrollIntoViewIfNeeded();
  await shot(page, 'usage-fund-licence', false);
  await panel.getByRole('button', { name: 'Pay $300.00 by card' }).click();
  await payOnCheckout(page, '$300.00');
  await expect(page.getByRole('heading', { name: 'Payment Successful' })).toBeVisible();
  await page.getByRole('link', { name: en('payments.result.backToApplications') }).click();
  await expect(item.getByText('Funded', { exact: true })).toBeVisible();
});

