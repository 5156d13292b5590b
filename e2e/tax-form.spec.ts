import { text } from '../testkit/e2e/catalog-text.ts';
import { expect, test } from '../testkit/e2e/fixtures.ts';
import { signInAs } from '../testkit/e2e/sign-in.ts';

// Issue 36 item 1 (decision 0044): a creator signs the W-8BEN in Settings > Payouts, in their language;
// a number with a wrong check digit is refused on its field with the reason, and the form on file shows
// its number masked and until when it is valid. Payouts wait for it (earnings shows why).

const es = (key: string, values?: Record<string, string | number>) => text('es', `settings.tax.${key}`, values);

test('a creator from Peru signs the W-8BEN; a wrong check digit is refused and nothing typed is lost', async ({ page, accounts }) => {
  const creator = await accounts.create('creator', { fullName: 'Rosa Quispe' });
  await signInAs(page, creator, /\/dashboard\/creator$/);

  await page.goto('/payments/history');
  await expect(page.getByText(text('es', 'earnings.taxHold.title'))).toBeVisible();
  await page.getByRole('link', { name: text('es', 'earnings.taxHold.action') }).click();
  await expect(page).toHaveURL(/tab=payouts/);

  await expect(page.getByText(es('state.missing'))).toBeVisible();
  // The two questions pick the form: not a US person, paid as a person.
  await page.getByLabel(es('choose.us.no'), { exact: true }).check();
  await page.getByLabel(es('choose.entity.no')).check();
  await expect(page.getByText(es('choose.result', { form: es('formType.w8ben') }))).toBeVisible();
  await page.getByLabel(es('field.legalName')).fill('Rosa Quispe');
  await page.getByLabel(es('field.citizenship')).selectOption('PE');
  await page.getByLabel(es('field.dateOfBirth')).fill('1993-02-11');
  await page.getByLabel(es('field.street')).fill('Av. El Sol 512');
  await page.getByLabel(es('field.city')).fill('Cusco 08002');
  await page.getByLabel(es('field.country')).selectOption('PE');
  const tin = page.getByLabel(es('field.tinOf', { kind: 'RUC' }));
  await tin.fill('10468794372');
  await page.getByLabel(es('field.signer')).fill('Rosa Quispe');
  await page.getByLabel(es('certification.accept')).check();
  await page.getByRole('button', { name: es('submit') }).click();
  await expect(page.getByText(es('rule.check_digit'))).toBeVisible();
  await expect(tin).toHaveValue('10468794372');
  await expect(page.getByLabel(es('field.legalName'))).toHaveValue('Rosa Quispe');

  await tin.fill('10468794379');
  await page.getByRole('button', { name: es('submit') }).click();
  await expect(page.getByText(es('state.valid'))).toBeVisible();
  await expect(page.getByText('RUC •••• 4379')).toBeVisible();
  await expect(page.getByText(`31 de diciembre de ${new Date().getFullYear() + 3}`)).toBeVisible();
  // The full number is nowhere on the page.
  await expect(page.getByText('10468794379')).toHaveCount(0);

  await page.goto('/payments/history');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByText(text('es', 'earnings.taxHold.title'))).toHaveCount(0);
});
