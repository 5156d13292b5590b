import { expect, type Page } from '@playwright/test';
import type { Credentials } from './clients.ts';

/** Signs in through the login form of /auth. */
export async function signInThroughUi(page: Page, account: Credentials): Promise<void> {
  await page.goto('/auth');
  const login = loginPanel(page);
  await login.getByLabel('Correo electrónico').fill(account.email);
  await login.getByLabel('Contraseña').fill(account.password);
  await login.getByRole('button', { name: 'Iniciar sesión' }).click();
}

/** The login tab's panel (the register panel stays mounted, hidden, so its typed values survive). */
export function loginPanel(page: Page) {
  return page.getByRole('tabpanel', { name: 'Iniciar sesión' });
}

/** Signs in through /auth and waits for the account's dashboard (each role lands on its own). */
export async function signInAs(page: Page, account: Credentials, dashboard: RegExp): Promise<void> {
  await signInThroughUi(page, account);
  await expect(page).toHaveURL(dashboard);
}
