import type { Page } from '@playwright/test';
import type { ReconcileReport } from '../supabase/functions/_shared/contract/reconcile.ts';
import { demo, findAccountId, unique } from '../testkit/e2e/accounts.ts';
import { anonClient, type Credentials } from '../testkit/e2e/clients.ts';
import { expect, test } from '../testkit/e2e/fixtures.ts';
import { loginPanel, signInThroughUi } from '../testkit/e2e/sign-in.ts';
import { englishShown } from '../testkit/e2e/catalog-text.ts';
import { seriousViolations } from '../testkit/e2e/axe.ts';
import { openNavigation } from '../testkit/e2e/navigation.ts';

/**
 * The admin journeys. Tests that change users act as an admin of their own on users of their own, all from
 * the account factory and deleted when the test ends; the demo admin only reads.
 */

async function openAdminDashboard(page: Page, admin: Credentials = demo.admin) {
  await signInThroughUi(page, admin);
  await expect(page).toHaveURL(/\/dashboard\/admin$/);
  await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();
}

async function search(page: Page, text: string) {
  await page.getByRole('searchbox', { name: 'Search users' }).fill(text);
}

/** Searches for one user and waits until the list shows only them (the search is debounced). */
async function findOnly(page: Page, username: string) {
  await search(page, username);
  await expect(entries(page)).toHaveCount(1);
  await expect(table(page).getByText(`@${username}`)).toBeVisible();
}

const wide = (page: Page) => (page.viewportSize()?.width ?? 1280) >= 640;

// The user list: a table from 640 px, cards below (the dashboard also lists open disputes in a table of
// their own). Whichever the width hides is out of the accessibility tree, so one of the two matches.
const USERS = /^(Users|Usuarios)$/;
const table = (page: Page) => page.getByRole('table', { name: USERS }).or(page.getByRole('list', { name: USERS }));
/** One entry per user: the table's body rows or the cards. */
const entries = (page: Page) =>
  wide(page) ? page.getByRole('table', { name: USERS }).getByRole('row').filter({ has: page.getByRole('cell') }) : page.getByRole('list', { name: USERS }).getByRole('listitem');

/** Opens a user's row menu and picks an action. */
async function userAction(page: Page, name: string, action: string, menu = `Actions for ${name}`) {
  await table(page).getByRole('button', { name: menu }).click();
  await page.getByRole('menuitem', { name: action, exact: true }).click();
}


test.describe('admin dashboard', () => {
  test('stat cards, recent activity and platform health show database figures', async ({ page }) => {
    // The figures count the whole platform, and other specs create and delete accounts and campaigns all the
    // time: the cards must show exactly what the database answered the page.
    const answered = page.waitForResponse((res) => res.url().includes('/rest/v1/rpc/admin_stats') && res.ok());
    await openAdminDashboard(page);
    const stats = (await (await answered).json()) as { total_users: number; active_campaigns: number };
    const stat = (label: string) => page.locator('dl', { has: page.getByText(label, { exact: true }) }).locator('dd').first();
    await expect(stat('Total Users')).toHaveText(stats.total_users.toLocaleString('en-US'));
    await expect(stat('Active Campaigns')).toHaveText(stats.active_campaigns.toLocaleString('en-US'));
    await expect(page.getByRole('list', { name: 'Recent activity' }).getByRole('listitem').first()).toBeVisible();
    await expect(page.getByText('Content awaiting review')).toBeVisible();
  });

  test('role filters and search narrow the user table', async ({ page }) => {
    await openAdminDashboard(page);
    // Other specs create users while this runs: narrow to the seed's accounts so paging cannot hide them.
    await search(page, '@demo.test');
    await page.getByRole('button', { name: 'Brands', exact: true }).click();
    await expect(page.getByRole('button', { name: 'Brands', exact: true })).toHaveAttribute('aria-pressed', 'true');
    await expect(table(page).getByText('brand@demo.test')).toBeVisible();
    await expect(table(page).getByText('creator@demo.test')).toHaveCount(0);

    await page.getByRole('button', { name: 'Admins', exact: true }).click();
    await expect(table(page).getByText('admin@demo.test')).toBeVisible();
    await expect(table(page).getByText('brand@demo.test')).toHaveCount(0);

    await page.getByRole('button', { name: 'All Users', exact: true }).click();
    await search(page, 'trailpeak@demo');
    await expect(entries(page)).toHaveCount(1);
    await expect(table(page).getByText('trailpeak@demo.test')).toBeVisible();

    await page.getByRole('button', { name: 'Creators', exact: true }).click();
    await expect(page.getByText('No users found matching the selected criteria.')).toBeVisible();
  });

  test('an admin edits a user; a bad or taken email is refused', async ({ page, accounts }) => {
    const [admin, user] = await Promise.all([accounts.create('admin'), accounts.create('creator', { label: 'adm', fullName: unique('Edit Target ') })]);
    await openAdminDashboard(page, admin);
    await findOnly(page, user.username);
    await userAction(page, user.fullName, 'Edit');
    const dialog = page.getByRole('dialog', { name: 'Edit User' });

    await dialog.getByLabel('Email').fill('not-an-email');
    await dialog.getByRole('button', { name: 'Save changes' }).click();
    await expect(dialog.getByText('Please enter a valid email')).toBeVisible();

    await dialog.getByLabel('Email').fill('brand@demo.test');
    await dialog.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByText('Error updating user')).toBeVisible();
    await expect(page.getByText('Email already in use')).toBeVisible();

    await dialog.getByLabel('Full name').fill('E');
    await dialog.getByRole('button', { name: 'Save changes' }).click();
    await expect(dialog.getByText('Full name must be at least 2 characters')).toBeVisible();

    await dialog.getByLabel('Full name').fill('Edited Target');
    await dialog.getByLabel('Email').fill(`${user.username}.new@e2e.test`);
    await dialog.getByLabel('Bio').fill('Edited by the admin');
    await dialog.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByText('User updated')).toBeVisible();
    await expect(dialog).toHaveCount(0);
    const row = entries(page).filter({ hasText: user.username });
    await expect(row.getByText('Edited Target')).toBeVisible();
    await expect(row.getByText(`${user.username}.new@e2e.test`)).toBeVisible();
  });

  test('Delete lives in the row menu and asks first: Cancel keeps the user, Delete removes them', async ({ page, accounts }) => {
    const [admin, user] = await Promise.all([accounts.create('admin'), accounts.create('creator', { label: 'adm', fullName: unique('Delete Target ') })]);
    await openAdminDashboard(page, admin);
    await findOnly(page, user.username);
    // No column of red buttons: Delete is only reached through the user's menu.
    await expect(table(page).getByRole('button', { name: /^Delete/ })).toHaveCount(0);

    await userAction(page, user.fullName, 'Delete');
    const dialog = page.getByRole('dialog', { name: 'Are you sure?' });
    await expect(dialog).toContainText(`This will permanently delete ${user.fullName}'s account`);
    await expect(dialog).toContainText('This action cannot be undone.');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(entries(page)).toHaveCount(1);
    await expect(table(page).getByText(`@${user.username}`)).toBeVisible();
    expect(await findAccountId(user.email)).toBe(user.id);

    await userAction(page, user.fullName, 'Delete');
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('User deleted')).toBeVisible();
    await expect(page.getByText('No users found matching the selected criteria.')).toBeVisible();
    expect(await findAccountId(user.email)).toBeUndefined();
    // Their own account is not deletable: the menu's Delete is disabled and says why.
    await findOnly(page, admin.username);
    await table(page).getByRole('button', { name: `Actions for ${admin.fullName}` }).click();
    await expect(page.getByRole('menuitem', { name: 'Delete', exact: true })).toBeDisabled();
    await expect(page.getByRole('menu')).toContainText('You cannot delete your own account');
    await page.keyboard.press('Escape');
    await expect(page.getByRole('menu')).toHaveCount(0);
  });

  test('the user list is a table at a desk and cards on a phone, role and actions in sight', async ({ page }) => {
    await openAdminDashboard(page);
    await search(page, 'brand@demo.test');
    await expect(entries(page)).toHaveCount(1);
    const entry = entries(page).first();
    await expect(entry.getByText('Brand', { exact: true })).toBeVisible();
    await expect(entry.getByRole('button', { name: /^Actions for / })).toBeVisible();
    if (wide(page)) {
      await expect(page.getByRole('table', { name: 'Users' }).getByRole('columnheader', { name: 'Role' })).toBeVisible();
    } else {
      // Cards: no table to scroll sideways, the page itself no wider than the phone.
      await expect(page.getByRole('table', { name: 'Users' })).toHaveCount(0);
      await expect(entry.getByText('brand@demo.test')).toBeVisible();
      expect(await page.evaluate<boolean>('document.documentElement.scrollWidth > document.documentElement.clientWidth')).toBe(false);
    }
    expect(await seriousViolations(page)).toEqual([]);
  });

  test("the sidebar's Users, Brands and Creators links apply their filter, which a reload keeps", async ({ page }) => {
    await openAdminDashboard(page);
    const nav = page.getByRole('navigation', { name: 'Main' });
    await openNavigation(page);
    await nav.getByRole('link', { name: 'Brands', exact: true }).click();
    await expect(page).toHaveURL(/\/dashboard\/admin\?role=brand#users$/);
    await expect(page.getByRole('button', { name: 'Brands', exact: true })).toHaveAttribute('aria-pressed', 'true');
    await search(page, '@demo.test');
    await expect(table(page).getByText('brand@demo.test')).toBeVisible();
    await expect(table(page).getByText('creator@demo.test')).toHaveCount(0);

    await page.reload();
    await expect(page.getByRole('button', { name: 'Brands', exact: true })).toHaveAttribute('aria-pressed', 'true');
    await openNavigation(page);
    await expect(nav.getByRole('link', { name: 'Brands', exact: true })).toHaveAttribute('aria-current', 'page');
    await expect(nav.getByRole('link', { name: 'Admin Dashboard', exact: true })).not.toHaveAttribute('aria-current', 'page');
    await nav.getByRole('link', { name: 'Creators', exact: true }).click();
    await expect(page).toHaveURL(/\?role=creator#users$/);
    await expect(page.getByRole('button', { name: 'Creators', exact: true })).toHaveAttribute('aria-pressed', 'true');
    // The seed has more creators than a page holds: search for one, then for the brand the filter hides.
    await search(page, 'creator@demo.test');
    await expect(table(page).getByText('creator@demo.test')).toBeVisible();
    await search(page, 'brand@demo.test');
    await expect(page.getByText('No users found matching the selected criteria.')).toBeVisible();

    // The table's own filter buttons write the same URL, and the sidebar follows.
    await page.getByRole('button', { name: 'All Users', exact: true }).click();
    await expect(page).toHaveURL(/\?role=all$/);
    await openNavigation(page);
    await expect(nav.getByRole('link', { name: 'Users', exact: true })).toHaveAttribute('aria-current', 'page');
  });

  test('an admin creates a brand that signs in, sets a password and creates a campaign', async ({ page, accounts }) => {
    const admin = await accounts.create('admin');
    const company = unique('Co');
    const email = `${company.toLowerCase()}@e2e.test`;
    accounts.adopt(email);
    await openAdminDashboard(page, admin);
    await page.getByRole('button', { name: 'Create brand account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create brand account' });
    await dialog.getByLabel('Email').fill(email);
    await dialog.getByLabel('Full name').fill('Nora Brandt');
    await dialog.getByLabel('Company name').fill(company);
    await dialog.getByRole('button', { name: 'Create account' }).click();
    const password = (await dialog.getByLabel('Temporary password').textContent())!.trim();
    expect(password).toMatch(/^[A-Za-z0-9]{16}$/);
    await dialog.getByRole('button', { name: 'Done' }).click();
    await search(page, email);
    await expect(table(page).getByText(email)).toBeVisible();

    // The brand signs in with the temporary password (a fresh session in this tab).
    await page.evaluate(() => localStorage.clear());
    await page.goto('/auth');
    await loginPanel(page).getByLabel('Correo electrónico').fill(email);
    await loginPanel(page).getByLabel('Contraseña').fill(password);
    await loginPanel(page).getByRole('button', { name: 'Iniciar sesión' }).click();
    await expect(page.getByRole('heading', { name: 'Set your password' })).toBeVisible();
    await page.getByLabel('New password').fill('brand-pass-1');
    await page.getByLabel('Confirm password').fill('brand-pass-2');
    await page.getByRole('button', { name: 'Set password' }).click();
    await expect(page.getByText("Passwords don't match")).toBeVisible();
    await page.getByLabel('Confirm password').fill('brand-pass-1');
    await page.getByRole('button', { name: 'Set password' }).click();
    await expect(page.getByRole('heading', { name: 'Brand Dashboard' })).toBeVisible();

    await page.goto('/campaigns/create');
    await page.getByLabel('Title').fill(`${company} launch`);
    await page.getByLabel('Description').fill('Our first campaign, made by an admin-created brand.');
    await page.getByLabel('Instagram').check();
    await page.getByLabel('Compensation (USD)').fill('250');
    const inTwoWeeks = new Date(Date.now() + 14 * 86400e3);
    await page.getByLabel('Deadline').fill(`${inTwoWeeks.getFullYear()}-${String(inTwoWeeks.getMonth() + 1).padStart(2, '0')}-${String(inTwoWeeks.getDate()).padStart(2, '0')}`);
    await page.getByRole('button', { name: 'Create Campaign' }).click();
    await page.getByRole('dialog', { name: 'Publish this campaign?' }).getByRole('button', { name: 'Publish campaign' }).click();
    await expect(page.getByText('Campaign created').first()).toBeVisible();
    await expect(page.getByRole('heading', { name: `${company} launch` })).toBeVisible();

    // The new password is the password now.
    const check = anonClient();
    expect((await check.auth.signInWithPassword({ email, password: 'brand-pass-1' })).error).toBeNull();
    expect((await check.auth.signInWithPassword({ email, password })).error).not.toBeNull();
  });

  test('an admin who picks Spanish in Settings runs the dashboard in Spanish', async ({ page, accounts }) => {
    const [admin, user] = await Promise.all([accounts.create('admin'), accounts.create('creator', { label: 'adm', fullName: unique('Meta ') })]);
    await openAdminDashboard(page, admin);
    await page.goto('/settings');
    await page.getByRole('main').getByRole('region', { name: 'Language' }).getByRole('button', { name: 'Español' }).click();
    await expect(page.getByRole('heading', { name: 'Configuración', level: 1 })).toBeVisible();

    await page.goto('/dashboard/admin');
    await expect(page.getByRole('heading', { name: 'Panel de administración', level: 1 })).toBeVisible();
    await expect(page.getByText('Usuarios totales', { exact: true })).toBeVisible();
    await expect(page.getByText('Contenido pendiente de revisión')).toBeVisible();
    await expect(page.getByRole('list', { name: 'Actividad reciente' }).getByRole('listitem').first()).toBeVisible();
    await page.getByRole('searchbox', { name: 'Buscar usuarios' }).fill(user.username);
    await expect(entries(page)).toHaveCount(1);
    if (wide(page)) await expect(table(page).getByRole('columnheader', { name: 'Registro' })).toBeVisible();
    else await expect(entries(page).getByText(/^Registro: /)).toBeVisible();
    await expect(table(page).getByText('Creador', { exact: true })).toBeVisible();
    expect(await englishShown(page, ['admin'])).toEqual([]);
    expect(await seriousViolations(page)).toEqual([]);

    // The edge function's refusal and the form's rules, in Spanish.
    await userAction(page, user.fullName, 'Editar', `Acciones para ${user.fullName}`);
    const dialog = page.getByRole('dialog', { name: 'Editar usuario' });
    await expect(dialog.getByLabel('Rol').getByRole('option', { name: 'Administrador' })).toHaveAttribute('value', 'admin');
    await dialog.getByLabel('Correo electrónico').fill('brand@demo.test');
    await dialog.getByRole('button', { name: 'Guardar cambios' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Error al actualizar el usuario' })).toContainText('Ese correo electrónico ya está en uso');
    await dialog.getByLabel('Nombre completo').fill('E');
    await dialog.getByRole('button', { name: 'Guardar cambios' }).click();
    await expect(dialog.getByText('El nombre completo debe tener al menos 2 caracteres')).toBeVisible();
    await dialog.getByRole('button', { name: 'Cancelar' }).click();
    await expect(dialog).toHaveCount(0);
  });

  test('a fresh demo agrees with Stripe: the ledger balances and none of the seed\'s payments or payouts differs (issue 30)', async ({ page }) => {
    // Other specs move money through the same stack meanwhile, and one of their payouts may be between Stripe
    // and its webhook: the card must show what the report answered, and the report must name no seeded
    // object and nothing Stripe has never seen.
    await openAdminDashboard(page);
    const stat = (label: string) => page.locator('dl', { has: page.getByText(label, { exact: true }) }).locator('dd').first();
    await expect(stat('Ledger check')).toHaveText('Balanced');
    const answered = page.waitForResponse((res) => res.url().includes('/functions/v1/payouts/reconcile') && res.ok());
    await page.getByRole('button', { name: 'Compare with Stripe' }).click();
    const report = (await (await answered).json()) as ReconcileReport;
    const seeded = report.drift.filter((d) => /^(pi_demo_|acct_1Seed|obp_test_Seed)/.test(d.stripeId ?? ''));
    expect(seeded).toEqual([]);
    expect(report.drift.filter((d) => d.stripe === 'missing')).toEqual([]);
    expect(report.checked.payments).toBeGreaterThanOrEqual(5);
    expect(report.checked.payouts).toBeGreaterThanOrEqual(2);
    if (report.drift.length === 0) {
      await expect(page.getByText(`Everything matches Stripe (${report.checked.payments} payments and ${report.checked.payouts} payouts checked).`)).toBeVisible();
    } else {
      await expect(page.getByText(`${report.drift.length} difference${report.drift.length === 1 ? '' : 's'} from Stripe`)).toBeVisible();
    }
    await expect(page.getByRole('listitem').filter({ hasText: /pi_demo_|obp_test_Seed/ })).toHaveCount(0);
  });

  test('the audit log shows a role change: who, what, before → after (issue 29)', async ({ page, accounts }) => {
    // Not the fee: it is the whole platform's, and a journey releasing money in parallel would see it
    // moved. A fee change's row is proven by the database tests and its wording by audit-entry.test.ts.
    const [admin, user] = await Promise.all([accounts.create('admin'), accounts.create('creator', { label: 'adm', fullName: unique('Audit Target ') })]);
    await openAdminDashboard(page, admin);
    const card = page.getByRole('list', { name: 'Audit log entries' });

    // An action in the page (a role change) appears at once, with the admin and the values before and after.
    await findOnly(page, user.username);
    await userAction(page, user.fullName, 'Edit');
    const dialog = page.getByRole('dialog', { name: 'Edit User' });
    await dialog.getByLabel('Role').selectOption('brand');
    await dialog.getByRole('button', { name: 'Save changes' }).click();
    await expect(dialog).toHaveCount(0);
    const roleEntry = card.getByRole('listitem').filter({ hasText: `${admin.fullName} (${admin.email}) changed the role of ${user.fullName}` });
    await expect(roleEntry).toContainText('Role: Creator → Brand');
    await expect(roleEntry.locator('time')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });
});
