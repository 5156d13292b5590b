import { readFile } from 'node:fs/promises';
import { text } from '../testkit/e2e/catalog-text.ts';
import { rpc, signedInClient } from '../testkit/e2e/clients.ts';
import { expect, test } from '../testkit/e2e/fixtures.ts';
import { shot } from '../testkit/e2e/shot.ts';
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
  await shot(page, 'tax-form-check-digit');

  await tin.fill('10468794379');
  await page.getByRole('button', { name: es('submit') }).click();
  await expect(page.getByText(es('state.valid'))).toBeVisible();
  await expect(page.getByText('RUC •••• 4379')).toBeVisible();
  await shot(page, 'tax-form-on-file');
  await expect(page.getByText(`31 de diciembre de ${new Date().getFullYear() + 3}`)).toBeVisible();
  // The full number is nowhere on the page.
  await expect(page.getByText('10468794379')).toHaveCount(0);

  await page.goto('/payments/history');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByText(text('es', 'earnings.taxHold.title'))).toHaveCount(0);
});

test('a US creator answers the two questions and signs the W-9: an SSN never issued is refused, then the form on file has no expiry', async ({ page, accounts }) => {
  const creator = await accounts.create('creator', { fullName: 'Jordan Lee' });
  await signInAs(page, creator, /\/dashboard\/creator$/);
  await page.goto('/settings?tab=payouts');

  await page.getByLabel(es('choose.us.yes')).check();
  await expect(page.getByText(es('choose.result', { form: es('formType.w9') }))).toBeVisible();
  // Only one question for a US person: a W-9 whoever they are.
  await expect(page.getByLabel(es('choose.entity.yes'))).toHaveCount(0);
  await page.getByLabel(es('w9.name')).fill('Jordan Lee');
  await page.getByLabel(es('w9.classification')).selectOption('individual');
  await page.getByLabel(es('w9.street')).fill('500 Main St Apt 4');
  await page.getByLabel(es('w9.city')).fill('Austin, TX 78701');
  const tin = page.getByLabel(es('w9.tinOf', { kind: 'SSN' }));
  await tin.fill('666-12-3456');
  await page.getByLabel(es('certification.accept')).check();
  await page.getByLabel(es('w9.signer')).fill('Jordan Lee');
  await page.getByRole('button', { name: es('submit') }).click();
  await expect(page.getByText(es('rule.not_issued'))).toBeVisible();
  await expect(page.getByLabel(es('w9.street'))).toHaveValue('500 Main St Apt 4');

  await tin.fill('536-22-1234');
  await page.getByRole('button', { name: es('submit') }).click();
  await expect(page.getByText(es('state.valid'))).toBeVisible();
  await expect(page.getByText('SSN •••• 1234')).toBeVisible();
  await expect(page.getByText(es('onFile.noExpiry'))).toBeVisible();
});

test('a creator paid through a company signs the W-8BEN-E: a person\'s number is refused, the company\'s CNPJ taken', async ({ page, accounts }) => {
  const creator = await accounts.create('creator', { fullName: 'Beatriz Lima' });
  await signInAs(page, creator, /\/dashboard\/creator$/);
  await page.goto('/settings?tab=payouts');

  await page.getByLabel(es('choose.us.no'), { exact: true }).check();
  await page.getByLabel(es('choose.entity.yes')).check();
  await expect(page.getByText(es('choose.result', { form: es('formType.w8bene') }))).toBeVisible();
  await page.getByLabel(es('w8bene.name')).fill('Lima Conteúdo Digital Ltda');
  await page.getByLabel(es('w8bene.incorporation')).selectOption('BR');
  await page.getByLabel(es('w8bene.status')).selectOption('corporation');
  await page.getByLabel(es('w8bene.street')).fill('Rua Augusta 1500, cj. 41');
  await page.getByLabel(es('field.city')).fill('São Paulo SP 01304-001');
  await page.getByLabel(es('w8bene.country')).selectOption('BR');
  const tin = page.getByLabel(es('w8bene.tinOf', { kind: 'CNPJ' }));
  await tin.fill('11.222.333/0001-82');
  await page.getByLabel(es('w8bene.accept')).check();
  await page.getByLabel(es('w8bene.signer')).fill('Beatriz Lima');
  await page.getByLabel(es('w8bene.capacity')).fill('Sócia administradora');
  await page.getByRole('button', { name: es('submit') }).click();
  await expect(page.getByText(es('rule.check_digit'))).toBeVisible();

  await tin.fill('11.222.333/0001-81');
  await page.getByRole('button', { name: es('submit') }).click();
  await expect(page.getByText(es('state.valid'))).toBeVisible();
  await expect(page.getByText('CNPJ •••• 0181')).toBeVisible();
  await expect(page.getByText(`31 de diciembre de ${new Date().getFullYear() + 3}`)).toBeVisible();
});

test('an admin sees the forms needing attention and downloads the year\'s 1042-S data as CSV', async ({ page, accounts }) => {
  const admin = await accounts.create('admin');
  await signInAs(page, admin, /\/dashboard\/admin$/);
  // Admins read the app in English (their profile's language).
  const adm = (key: string, values?: Record<string, string | number>) => text('en', `admin.tax.${key}`, values);
  const list = page.getByRole('list', { name: adm('list') });
  // Camila (seed) has a payout account and no form.
  await expect(list.getByRole('listitem', { name: 'Camila Herrera' }).getByText(adm('state.missing'))).toBeVisible();
  await shot(page, 'tax-admin-attention');

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: adm('reports.s1042') }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`1042-s-${new Date().getFullYear()}.csv`);
  const csv = await readFile((await file.path())!, 'utf8');
  const [header, ...rows] = csv.trimEnd().split('\r\n');
  expect(header).toContain('"income_code"');
  // Diego (seed) was paid this year under his W-8BEN from Chile.
  expect(rows.find((r) => r.includes('"Diego Martínez"'))).toContain('"CL","individual","16","RUT","16543210K"');
});

// Issue 36's seven payout countries: Peru and the United States above; a person from each of the other five
// signs the W-8BEN in their language with their country's number (a wrong check digit first).
const PAYEES = [
  { country: 'MX', lang: 'es', name: 'Diego Hernández', kind: 'RFC', tin: 'GODE561231GR8', wrong: 'GODE561231GR0', street: 'Av. Insurgentes Sur 1602', city: 'Ciudad de México 03940' },
  { country: 'AR', lang: 'es', name: 'Lucía Fernández', kind: 'CUIT/CUIL', tin: '20-31456789-8', wrong: '20-31456789-0', street: 'Av. Corrientes 1234', city: 'Buenos Aires C1043' },
  { country: 'CL', lang: 'es', name: 'Camila Rojas', kind: 'RUT', tin: '15.678.432-K', wrong: '15.678.432-0', street: 'Av. Providencia 1650', city: 'Santiago 7500000' },
  { country: 'CO', lang: 'es', name: 'Andrés Gómez', kind: 'NIT', tin: '1020304050-8', wrong: '1020304050-0', street: 'Carrera 7 # 71-21', city: 'Bogotá 110231' },
  { country: 'BR', lang: 'pt', name: 'Ana Souza', kind: 'CPF', tin: '529.982.247-25', wrong: '529.982.247-00', street: 'Rua Augusta 1500', city: 'São Paulo SP 01304-001' },
] as const;

for (const p of PAYEES) {
  test(`a creator from ${p.country} signs the W-8BEN in ${p.lang} with their ${p.kind}`, async ({ page, accounts }) => {
    const t = (key: string, values?: Record<string, string | number>) => text(p.lang, `settings.tax.${key}`, values);
    const creator = await accounts.create('creator', { fullName: p.name });
    const api = await signedInClient(creator);
    await rpc(api, 'set_my_language', { language: p.lang });
    await api.auth.signOut().catch(() => undefined);
    await signInAs(page, creator, /\/dashboard\/creator$/);
    await page.goto('/settings?tab=payouts');

    await page.getByLabel(t('choose.us.no'), { exact: true }).check();
    await page.getByLabel(t('choose.entity.no')).check();
    await expect(page.getByText(t('choose.result', { form: t('formType.w8ben') }))).toBeVisible();
    await page.getByLabel(t('field.legalName')).fill(p.name);
    await page.getByLabel(t('field.citizenship')).selectOption(p.country);
    await page.getByLabel(t('field.dateOfBirth')).fill('1990-06-15');
    await page.getByLabel(t('field.street')).fill(p.street);
    await page.getByLabel(t('field.city')).fill(p.city);
    await page.getByLabel(t('field.country')).selectOption(p.country);
    const tin = page.getByLabel(t('field.tinOf', { kind: p.kind }));
    await tin.fill(p.wrong);
    await page.getByLabel(t('field.signer')).fill(p.name);
    await page.getByLabel(t('certification.accept')).check();
    await page.getByRole('button', { name: t('submit') }).click();
    await expect(page.getByText(t('rule.check_digit'))).toBeVisible();
    await expect(tin).toHaveValue(p.wrong);

    await tin.fill(p.tin);
    await page.getByRole('button', { name: t('submit') }).click();
    await expect(page.getByText(t('state.valid'))).toBeVisible();
    const last4 = p.tin.replace(/[^0-9A-Za-z]/g, '').toUpperCase().slice(-4);
    await expect(page.getByText(`${p.kind} •••• ${last4}`)).toBeVisible();
    const expiry = new Intl.DateTimeFormat(p.lang === 'pt' ? 'pt-BR' : 'es-419', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' })
      .format(new Date(Date.UTC(new Date().getFullYear() + 3, 11, 31)));
    await expect(page.getByText(expiry)).toBeVisible();
  });
}
