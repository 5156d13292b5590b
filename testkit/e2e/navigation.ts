import { expect, type Page } from '@playwright/test';

/** The menu buttons' names in either language (creators read Spanish, brands and admins English). */
export const OPEN_MENU = /^(Open menu|Abrir menú)$/;
export const CLOSE_MENU = /^(Close menu|Cerrar menú)$/;

/** Opens the slide-in menu on narrow screens, where the sidebar is hidden; no-op on desktop. */
export async function openNavigation(page: Page): Promise<void> {
  // Below Tailwind's lg breakpoint the sidebar is a slide-in menu. Decide by the viewport, not by whether
  // the button is visible yet: right after a redirect the shell may still be rendering.
  if ((page.viewportSize()?.width ?? 1280) < 1024) {
    const menu = page.getByRole('button', { name: OPEN_MENU });
    await menu.click();
    // The dialog element itself has no box (its panel is fixed-positioned): wait for the panel's content.
    await expect(page.getByRole('dialog').getByRole('button', { name: CLOSE_MENU })).toBeVisible();
  }
}
