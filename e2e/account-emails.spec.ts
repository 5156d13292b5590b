import type { Page } from '@playwright/test';
import { unique } from '../testkit/e2e/accounts.ts';
import { seriousViolations } from '../testkit/e2e/axe.ts';
import { en, es, text } from '../testkit/e2e/catalog-text.ts';
import { stackUrl } from '../testkit/e2e/clients.ts';
import { expect, test } from '../testkit/e2e/fixtures.ts';
import { openNavigation } from '../testkit/e2e/navigation.ts';
import { loginPanel, signInThroughUi } from '../testkit/e2e/sign-in.ts';
import { listMail } from '../testkit/mail.ts';

// Account emails on the web side (issue 18 item 3): forgot password → the email read in the mail viewer →
// a new password → signed in; a used link; the same answer for an unknown address; Auth's per-address
// limit said in seconds; "Check your email" with Resend after a sign-up that needs confirming, and the
// email_not_confirmed sign-in. Every test uses its own accounts and addresses (Auth limits each address to
// one email a minute, so no two tests ask for the same one).


/** "Por seguridad, podrás pedirlo de nuevo en N segundos." with any N. */
const waitSeconds = (lang: 'es' | 'en') =>
  lang === 'es' ? /^Por seguridad, podrás pedirlo de nuevo en \d+ segundos?\.$/ : /^For security, you can ask again in \d+ seconds?\.$/;

/** The newest email to `to`, opened by clicking through the mail viewer's inbox, as a developer reads it. */
async function openEmailInViewer(page: Page, to: string, subject: string): Promise<void> {
  await expect.poll(async () => (await listMail(stackUrl(), to)).length, { timeout: 15_000 }).toBeGreaterThan(0);
  await page.goto('/_mail/');
  await page.getByLabel('Filter by recipient').fill(to);
  await page.getByRole('button', { name: 'Filter' }).click();
  await page.getByRole('link', { name: subject }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: subject })).toBeVisible();
}

test.describe('account emails', () => {

  test('forgot password: the email, a new password, signed in on the dashboard; the link then works no more', async ({ page, accounts }) => {
    const user = await accounts.create('creator', { fullName: 'Rosa Olvido' });
    await page.goto('/auth');
    await loginPanel(page).getByRole('link', { name: es('auth.login.forgot') }).click();
    await expect(page).toHaveURL(/\/auth\/forgot-password$/);
    await expect(page.getByRole('heading', { level: 1, name: es('auth.forgot.heading') })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);

    // The spec's email rule, then the request.
    const form = page.getByRole('form', { name: es('auth.forgot.heading') });
    await form.getByLabel(es('auth.field.email')).fill('rosa@');
    await form.getByRole('button', { name: es('auth.forgot.submit') }).click();
    await expect(form.getByText(es('auth.validation.email'))).toBeVisible();
    await form.getByLabel(es('auth.field.email')).fill(user.email);
    await form.getByRole('button', { name: es('auth.forgot.submit') }).click();
    await expect(page.getByRole('status').filter({ hasText: es('auth.forgot.sent', { email: user.email }) })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);

    // The email (Spanish: the account has no language of its own yet), read in the mail viewer.
    await openEmailInViewer(page, user.email, 'Restablece tu contraseña');
    const link = page.getByRole('link', { name: /type=recovery/ }).first();
    const href = await link.getAttribute('href');
    expect(href).toContain('/auth/v1/verify');
    const [reset] = await Promise.all([page.context().waitForEvent('page'), link.click()]);

    await expect(reset).toHaveURL(/\/auth\/reset-password/);
    await expect(reset.getByRole('heading', { level: 1, name: es('auth.reset.heading') })).toBeVisible();
    // The tokens are taken out of the address.
    expect(new URL(reset.url()).hash).not.toContain('access_token');
    await expect(reset.getByText(es('auth.reset.intro', { email: user.email }))).toBeVisible();
    expect(await seriousViolations(reset)).toEqual([]);
    const newPassword = reset.getByLabel(es('auth.field.newPassword'), { exact: true });
    const confirm = reset.getByLabel(es('auth.field.newPasswordConfirm'));
    await newPassword.fill('12345');
    await confirm.fill('123456');
    await reset.getByRole('button', { name: es('auth.reset.submit') }).click();
    await expect(reset.getByText(es('auth.validation.passwordMin'))).toBeVisible();
    await newPassword.fill('nueva-clave-1');
    await confirm.fill('nueva-clave-2');
    await reset.getByRole('button', { name: es('auth.reset.submit') }).click();
    await expect(reset.getByText(es('auth.validation.passwordMismatch'))).toBeVisible();
    await expect(newPassword).toHaveValue('nueva-clave-1');
    await confirm.fill('nueva-clave-1');
    await reset.getByRole('button', { name: es('auth.reset.submit') }).click();

    await expect(reset).toHaveURL(/\/dashboard\/creator$/);
    await expect(reset.getByRole('status').filter({ hasText: es('auth.toast.passwordUpdated') })).toBeVisible();
    await expect(reset.getByRole('heading', { name: 'Panel de creador' })).toBeVisible();

    // Signed out, the new password signs in (and the old one no longer does).
    await openNavigation(reset);
    await reset.getByRole('button', { name: 'Cerrar sesión' }).click();
    await expect(reset).toHaveURL(/\/auth$/);
    await signInThroughUi(reset, user);
    await expect(reset.getByRole('alert').filter({ hasText: es('auth.toast.loginFailed') })).toBeVisible();
    await signInThroughUi(reset, { email: user.email, password: 'nueva-clave-1' });
    await expect(reset).toHaveURL(/\/dashboard\/creator$/);
    await openNavigation(reset);
    await reset.getByRole('button', { name: 'Cerrar sesión' }).click();
    await expect(reset).toHaveURL(/\/auth$/);
    await reset.close();

    // The link again: used, so the page says so and offers to send a new one. Asked within the minute,
    // Auth refuses: the wait is said in seconds and the email typed stays.
    await page.goto(href!);
    await expect(page).toHaveURL(/\/auth\/reset-password$/);
    await expect(page.getByRole('heading', { level: 1, name: es('auth.linkProblem.title') })).toBeVisible();
    await expect(page.getByText(es('auth.linkProblem.text'))).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    const again = page.getByRole('form', { name: es('auth.forgot.heading') });
    await again.getByLabel(es('auth.field.email')).fill(user.email);
    await again.getByRole('button', { name: es('auth.forgot.submit') }).click();
    await expect(again.getByRole('alert')).toHaveText(waitSeconds('es'));
    await expect(again.getByLabel(es('auth.field.email'))).toHaveValue(user.email);
  });

  test('an unknown address gets the same confirmation, in English too; a second ask within the minute says how long to wait', async ({ page }) => {
    const nobody = `${unique('nobody_')}@e2e.test`;
    await page.goto('/auth/forgot-password');
    await page.getByRole('button', { name: 'English' }).click();
    await expect(page.getByRole('heading', { level: 1, name: en('auth.forgot.heading') })).toBeVisible();
    const form = page.getByRole('form', { name: en('auth.forgot.heading') });
    await form.getByLabel(en('auth.field.email')).fill(nobody);
    await form.getByRole('button', { name: en('auth.forgot.submit') }).click();
    await expect(page.getByRole('status').filter({ hasText: en('auth.forgot.sent', { email: nobody }) })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByRole('button', { name: en('auth.forgot.again') }).click();
    await form.getByRole('button', { name: en('auth.forgot.submit') }).click();
    await expect(form.getByRole('alert')).toHaveText(waitSeconds('en'));
    await expect(form.getByLabel(en('auth.field.email'))).toHaveValue(nobody);
    expect(await seriousViolations(page)).toEqual([]);
    expect(await listMail(stackUrl(), nobody)).toEqual([]);
  });

  test('a link Auth refused (expired) opens the expired page without the error in the address', async ({ page }) => {
    await page.goto('/auth/reset-password#error=access_denied&error_code=otp_expired&error_description=Email+link+is+invalid+or+has+expired&sb=');
    await expect(page.getByRole('heading', { level: 1, name: es('auth.linkProblem.title') })).toBeVisible();
    await expect(page).toHaveURL(/\/auth\/reset-password$/);
    await expect(page.getByRole('form', { name: es('auth.forgot.heading') })).toBeVisible();
    await page.goto('/auth/confirm#error=access_denied&error_code=otp_expired&error_description=Email+link+is+invalid+or+has+expired&sb=');
    await expect(page.getByRole('heading', { level: 1, name: es('auth.linkProblem.title') })).toBeVisible();
    await expect(page.getByText(es('auth.confirm.problem'))).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('link', { name: es('auth.goToLogin') }).click();
    await expect(page).toHaveURL(/\/auth$/);
  });

  test('an email change needs both links: the first says the other is still needed, the second that it changed; a used link says so', async ({ page, accounts }) => {
    const user = await accounts.create('creator', { fullName: 'Elena Mudanza' });
    const next = `${unique('elena_')}@e2e.test`;
    await signInThroughUi(page, user);
    await expect(page).toHaveURL(/\/dashboard\//);
    await page.goto('/settings');
    const account = page.getByRole('form', { name: es('settings.tabs.account') });
    await account.getByLabel(es('settings.field.email')).fill(next);
    await account.getByRole('button', { name: es('settings.account.save') }).click();
    await expect(page.getByRole('status').filter({ hasText: es('settings.account.toast.updated') })).toBeVisible();

    // The link sent to the current address first: it counts, and the page says the other one is needed.
    const subject = 'Confirma tu nuevo correo electrónico';
    await openEmailInViewer(page, user.email, subject);
    const oldLink = page.getByRole('link', { name: /type=email_change/ }).first();
    const oldHref = await oldLink.getAttribute('href');
    const [first] = await Promise.all([page.context().waitForEvent('page'), oldLink.click()]);
    await expect(first).toHaveURL(/\/auth\/email-change#message=/);
    await expect(first.getByRole('heading', { level: 1, name: es('auth.emailChange.firstTitle') })).toBeVisible();
    await expect(first.getByText(es('auth.emailChange.firstText'))).toBeVisible();
    expect(await seriousViolations(first)).toEqual([]);
    // Nothing changed yet: Settings still shows the current address, and the change waiting.
    await first.getByRole('link', { name: es('auth.emailChange.toSettings') }).click();
    await expect(first).toHaveURL(/\/settings$/);
    await expect(first.getByRole('form', { name: es('settings.tabs.account') }).getByLabel(es('settings.field.email'))).toHaveValue(user.email);
    await first.close();

    // Then the link sent to the new address: the change is done, and this browser is signed in.
    await openEmailInViewer(page, next, subject);
    const newLink = page.getByRole('link', { name: /type=email_change/ }).first();
    const [second] = await Promise.all([page.context().waitForEvent('page'), newLink.click()]);
    await expect(second).toHaveURL(/\/auth\/email-change/);
    await expect(second.getByRole('heading', { level: 1, name: es('auth.emailChange.doneTitle') })).toBeVisible();
    await expect(second.getByText(es('auth.emailChange.doneText', { email: next }))).toBeVisible();
    expect(new URL(second.url()).hash).not.toContain('access_token');
    expect(await seriousViolations(second)).toEqual([]);
    await second.getByRole('link', { name: es('auth.emailChange.toSettings') }).click();
    await expect(second).toHaveURL(/\/settings$/);
    await expect(second.getByRole('form', { name: es('settings.tabs.account') }).getByLabel(es('settings.field.email'))).toHaveValue(next);
    await second.close();

    // A used link: said plainly (not a silent #error=otp_expired), with the way back to Settings; in English too.
    await page.goto(oldHref!);
    await expect(page).toHaveURL(/\/auth\/email-change$/);
    await expect(page.getByRole('heading', { level: 1, name: es('auth.linkProblem.title') })).toBeVisible();
    await expect(page.getByText(es('auth.emailChange.problem'))).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'English' }).click();
    await expect(page.getByRole('heading', { level: 1, name: en('auth.linkProblem.title') })).toBeVisible();
    await expect(page.getByText(en('auth.emailChange.problem'))).toBeVisible();
    await page.getByRole('link', { name: en('auth.emailChange.toSettings') }).click();
    await expect(page).toHaveURL(/\/settings$/);
  });

  test('a sign-up that needs confirming shows Check your email with Resend; an unconfirmed sign-in offers it too', async ({ page }) => {
    // This stack confirms sign-ups at once (config.toml): Auth's answer with confirmations on is played
    // here — a user and no session — while Resend goes to the real Auth, for an address it does not know.
    const email = `${unique('pending_')}@e2e.test`;
    await page.route('**/auth/v1/signup*', (route) =>
      route.fulfill({
        status: 200,
        contentType: 'application/json',
        body: JSON.stringify({ id: '00000000-0000-4000-8000-000000000001', aud: 'authenticated', role: 'authenticated', email, app_metadata: {}, user_metadata: {}, identities: [], created_at: new Date().toISOString() }),
      }),
    );
    await page.goto('/auth');
    await page.getByRole('tab', { name: es('auth.tab.register') }).click();
    const register = page.getByRole('tabpanel', { name: es('auth.tab.register') });
    await register.getByLabel(es('auth.field.fullName')).fill('Lola Pendiente');
    await register.getByLabel(es('auth.social.tiktok')).fill(unique('lola_'));
    await register.getByLabel(es('auth.field.email')).fill(email);
    await register.getByLabel(es('auth.field.password'), { exact: true }).fill('secreto1');
    await register.getByLabel(es('auth.field.passwordConfirm')).fill('secreto1');
    await register.getByRole('checkbox').check();
    await register.getByRole('button', { name: es('auth.register.submit') }).click();

    const notice = register.getByRole('region', { name: es('auth.checkEmail.title') });
    await expect(notice.getByText(es('auth.checkEmail.text', { email }))).toBeVisible();
    await expect(notice.getByRole('heading', { name: es('auth.checkEmail.title') })).toBeFocused();
    expect(await seriousViolations(page)).toEqual([]);
    await notice.getByRole('button', { name: es('auth.resend.submit') }).click();
    await expect(notice.getByRole('status')).toHaveText(es('auth.resend.sent', { email }));
    await notice.getByRole('button', { name: es('auth.resend.submit') }).click();
    await expect(notice.getByRole('status')).toHaveText(waitSeconds('es'));
    // Back to the form: what was typed is still there.
    await notice.getByRole('button', { name: es('auth.checkEmail.back') }).click();
    await expect(register.getByLabel(es('auth.field.email'))).toHaveValue(email);

    // Signing in before confirming: Auth's email_not_confirmed, with the same Resend.
    await page.route('**/auth/v1/token?grant_type=password', (route) =>
      route.fulfill({ status: 400, contentType: 'application/json', body: JSON.stringify({ code: 400, error_code: 'email_not_confirmed', msg: 'Email not confirmed' }) }),
    );
    await page.getByRole('tab', { name: es('auth.tab.login') }).click();
    const login = loginPanel(page);
    await login.getByLabel(es('auth.field.email')).fill(email);
    await login.getByLabel(es('auth.field.password')).fill('secreto1');
    await login.getByRole('button', { name: es('auth.login.submit') }).click();
    await expect(page.getByRole('alert').filter({ hasText: es('auth.error.email_not_confirmed') })).toBeVisible();
    await expect(login.getByText(es('auth.unconfirmed.text', { email }))).toBeVisible();
    await expect(login.getByRole('button', { name: es('auth.resend.submit') })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });
});
