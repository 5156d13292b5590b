import type { Page } from '@playwright/test';
import { signUnsubscribeToken } from '../supabase/functions/emails/unsubscribe-token.ts';
import { seriousViolations } from '../testkit/e2e/axe.ts';
import { en, es, text } from '../testkit/e2e/catalog-text.ts';
import { anonKey, stackUrl } from '../testkit/e2e/clients.ts';
import { accept, fundByApi, pendingHire } from '../testkit/e2e/escrow.ts';
import { expect, test } from '../testkit/e2e/fixtures.ts';
import { signInThroughUi } from '../testkit/e2e/sign-in.ts';
import { getMail, listMail } from '../testkit/mail.ts';
import { loadConfig } from '../testkit/runtime.ts';

// Email preferences (issue 18) end to end: a creator turns application emails off in Settings >
// Notifications, and of what the brand then does only the hire's email reaches the mail catcher; an
// unsubscribe link opened signed out turns its category off (Settings shows it), a tampered one is refused.
// Every test makes its own accounts; the outbox drain they run sends whatever is due, for anyone.

const serviceRoleKey = () => loadConfig(process.env).serviceRoleKey;

/** The emails function's scheduled run, now: sends every due email of the outbox. */
async function drainOutbox(): Promise<void> {
  const res = await fetch(`${stackUrl()}/functions/v1/emails/drain`, {
    method: 'POST',
    headers: { authorization: `Bearer ${serviceRoleKey()}`, apikey: anonKey() },
  });
  if (res.status !== 200) throw new Error(`emails/drain answered ${res.status}: ${await res.text()}`);
}

async function openNotifications(page: Page, title: string) {
  await page.goto('/settings?tab=notifications');
  await expect(page.getByRole('tab', { name: title, selected: true })).toBeVisible();
}

test.describe('email preferences', () => {

  test('a creator turns application emails off: accepting sends no email, funding the hire still does', async ({ page, accounts }) => {
    const hire = await pendingHire(accounts);
    await signInThroughUi(page, hire.creator);
    await expect(page).toHaveURL(/\/dashboard\/creator/);
    await openNotifications(page, es('settings.tabs.notifications'));
    const form = page.getByRole('form', { name: es('settings.email.title') });
    await expect(page.getByText(es('settings.email.address', { email: hire.creator.email }))).toBeVisible();
    const applications = form.getByRole('switch', { name: es('settings.email.category.applications') });
    await expect(applications).toBeChecked();
    await expect(form.getByRole('radio', { name: es('settings.email.messages.instant') })).toBeChecked();
    expect(await seriousViolations(page)).toEqual([]);

    await applications.uncheck();
    await form.getByRole('radio', { name: es('settings.email.messages.daily') }).check();
    // A refused save says why and keeps the choices as they were left.
    await page.route(
      '**/rest/v1/rpc/set_email_preferences',
      (route) => route.fulfill({ status: 403, contentType: 'application/json', body: JSON.stringify({ code: '42501', message: 'Sign in first', details: 'not_signed_in' }) }),
      { times: 1 },
    );
    await form.getByRole('button', { name: es('settings.email.save') }).click();
    await expect(form.getByRole('alert')).toHaveText(es('settings.email.saveError', { reason: es('settings.error.not_signed_in') }));
    await expect(applications).not.toBeChecked();
    await expect(form.getByRole('radio', { name: es('settings.email.messages.daily') })).toBeChecked();
    await form.getByRole('button', { name: es('settings.email.save') }).click();
    await expect(page.getByRole('status').filter({ hasText: es('settings.email.toast.saved') })).toBeVisible();
    await page.reload();
    await expect(form.getByRole('switch', { name: es('settings.email.category.applications') })).not.toBeChecked();
    await expect(form.getByRole('switch', { name: es('settings.email.category.work') })).toBeChecked();
    await expect(form.getByRole('radio', { name: es('settings.email.messages.daily') })).toBeChecked();

    await accept(hire);
    await fundByApi(hire);
    await drainOutbox();
    // Both notifications were queued (or not) before the drain, which sends them in one batch: once the
    // hire's email is in, an acceptance email would be too. Each email's unsubscribe link names its category.
    await expect.poll(async () => (await listMail(stackUrl(), hire.creator.email)).length, { timeout: 15_000 }).toBeGreaterThan(0);
    const received = await listMail(stackUrl(), hire.creator.email);
    expect(received, 'only the hire email, no acceptance email').toHaveLength(1);
    const email = await getMail(stackUrl(), received[0]!.id);
    expect(email.subject).toContain(hire.campaignTitle);
    expect(email.links).toContainEqual(expect.stringContaining(`/unsubscribe?token=work.${hire.creator.id}.`));
    expect(email.links).toContainEqual(expect.stringContaining('/settings?tab=notifications'));
  });

  test('an unsubscribe link opened signed out turns its category off; a tampered one is refused', async ({ page, accounts }) => {
    const brand = await accounts.create('brand');
    const token = await signUnsubscribeToken(serviceRoleKey(), brand.id, 'payments');

    // A guest reads Spanish (as /auth); nothing changes until the button.
    await page.goto(`/unsubscribe?token=${encodeURIComponent(token)}`);
    await expect(page.getByRole('heading', { level: 1, name: es('settings.unsubscribe.question.payments') })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: es('settings.unsubscribe.confirm') }).click();
    const done = page.getByRole('heading', { level: 1, name: es('settings.unsubscribe.done.payments') });
    await expect(done).toBeVisible();
    await expect(done).toBeFocused();
    await expect(page.getByRole('link', { name: 'Configuración > Notificaciones' })).toHaveAttribute('href', '/settings?tab=notifications');
    expect(await seriousViolations(page)).toEqual([]);

    const tampered = `${token.slice(0, -2)}${token.endsWith('AA') ? 'BB' : 'AA'}`;
    await page.goto(`/unsubscribe?token=${encodeURIComponent(tampered)}`);
    await page.getByRole('button', { name: es('settings.unsubscribe.confirm') }).click();
    await expect(page.getByRole('heading', { level: 1, name: es('settings.unsubscribe.invalid') })).toBeVisible();
    await expect(page.getByRole('link', { name: es('settings.unsubscribe.signIn') })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);

    // A token that is not one at all is refused without asking.
    await page.goto('/unsubscribe?token=nonsense');
    await expect(page.getByRole('heading', { level: 1, name: es('settings.unsubscribe.invalid') })).toBeVisible();
    await expect(page.getByRole('button', { name: es('settings.unsubscribe.confirm') })).toHaveCount(0);

    await signInThroughUi(page, brand);
    await expect(page).toHaveURL(/\/dashboard\/brand/);
    await openNotifications(page, en('settings.tabs.notifications'));
    const form = page.getByRole('form', { name: en('settings.email.title') });
    await expect(form.getByRole('switch', { name: en('settings.email.category.payments') })).not.toBeChecked();
    for (const other of ['applications', 'work', 'disputes_reviews']) {
      await expect(form.getByRole('switch', { name: en(`settings.email.category.${other}`) })).toBeChecked();
    }
    await expect(page.getByText(en('settings.email.inApp'))).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });
});
