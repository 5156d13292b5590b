import { expect, type Page } from '@playwright/test';

/** Fills the card form of the local Stripe double's checkout page (its labels are Stripe's, in English) and pays `amount` ("$123.45"). */
export async function fillCard(page: Page, number: string, amount: string): Promise<void> {
  await page.getByLabel('Card number').fill(number);
  await page.getByLabel('Expiration date (MM / YY)').fill('12 / 34');
  await page.getByLabel('Security code (CVC)').fill('123');
  await page.getByRole('button', { name: `Pay ${amount}` }).click();
}

/** Pays `amount` with the card that succeeds, once the checkout page says what it charges. */
export async function payOnCheckout(page: Page, amount: string): Promise<void> {
  await expect(page.getByRole('heading', { name: `Pay ${amount}` })).toBeVisible();
  await fillCard(page, '4242 4242 4242 4242', amount);
}
