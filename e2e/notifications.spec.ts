import type { Page } from '@playwright/test';
import { seriousViolations } from '../testkit/e2e/axe.ts';
import { en, es } from '../testkit/e2e/catalog-text.ts';
import { accept, pendingHire } from '../testkit/e2e/escrow.ts';
import { expect, test } from '../testkit/e2e/fixtures.ts';
import { sendQueuedEmails, waitForEmail } from '../testkit/e2e/mail.ts';
import { signInThroughUi } from '../testkit/e2e/sign-in.ts';

// In-app notifications (issue 18) end to end: the creator's bell lights up live (Realtime, no reload) when
// the brand accepts; following the notification opens the campaign and marks it read; the brand's
// /notifications page lists what it was told and marks all read. The creator reads Spanish, the brand English.
// The acceptance also reaches the creator by email, in Spanish, which the local mail viewer shows.


/** The bell on screen (the phone's top bar or, from lg, above the screen). */
const bell = (page: Page, name: RegExp) => page.getByRole('button', { name }).filter({ visible: true });

test.describe('notifications', () => {

  test("the creator's bell lights up live when the brand accepts; the notification leads to the campaign and is read", async ({ page, accounts }) => {
    const hire = await pendingHire(accounts);
    await signInThroughUi(page, hire.creator);
    await expect(page).toHaveURL(/\/dashboard\/creator/);
    await expect(bell(page, new RegExp(`^${es('notifications.bell')}$`))).toBeVisible();

    await accept(hire);
    const lit = bell(page, new RegExp(`^${es('notifications.bell.unread', { count: 1 })}$`));
    await expect(lit).toBeVisible({ timeout: 10_000 });
    await lit.click();
    const panel = page.getByRole('region', { name: es('notifications.title') });
    const sentence = es('notifications.kind.application_accepted', { actor: hire.brand.companyName!, campaign: hire.campaignTitle });
    const link = panel.getByRole('link', { name: new RegExp(`^${sentence.replace(/[.*+?^$()|[\]\\{}]/g, '\\$&')}`) });
    await expect(link).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await link.click();
    await expect(page).toHaveURL(new RegExp(`/campaigns/${hire.campaignId}$`));
    await expect(bell(page, new RegExp(`^${es('notifications.bell')}$`))).toBeVisible();

    // The email: sent by the emails function's next run, read in the mail viewer.
    await sendQueuedEmails();
    const subject = `¡Estás dentro! ${hire.campaignTitle}`;
    await waitForEmail({ to: hire.creator.email, subject: new RegExp(subject) });
    await page.goto(`/_mail?to=${encodeURIComponent(hire.creator.email)}`);
    await page.getByRole('link', { name: subject }).click();
    const email = page.frameLocator('iframe');
    await expect(email.getByRole('heading', { name: `${hire.brand.companyName} aceptó tu postulación a ${hire.campaignTitle}` })).toBeVisible();
    await expect(page.getByRole('link', { name: new RegExp(`/campaigns/${hire.campaignId}$`) })).toBeVisible();
  });

  test('the brand reads its notifications page and marks all read', async ({ page, accounts }) => {
    const hire = await pendingHire(accounts);
    await signInThroughUi(page, hire.brand);
    await expect(page).toHaveURL(/\/dashboard\/brand/);
    await page.goto('/notifications');
    await expect(page.getByRole('heading', { name: en('notifications.title'), level: 1 })).toBeVisible();
    const list = page.getByRole('list', { name: en('notifications.title') });
    const creatorName = hire.creator.fullName;
    await expect(list.getByRole('link', { name: new RegExp(`^${creatorName} applied to ${hire.campaignTitle}`) })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: en('notifications.markAll') }).click();
    await expect(page.getByRole('button', { name: en('notifications.markRead') })).toHaveCount(0);
    await expect(bell(page, new RegExp(`^${en('notifications.bell')}$`))).toBeVisible();
    await page.reload();
    await expect(list.getByRole('link').first()).toBeVisible();
    await expect(page.getByRole('button', { name: en('notifications.markAll') })).toHaveCount(0);
  });
});
