import type { Page } from '@playwright/test';
import { test } from './fixtures.ts';

/**
 * A full-page screenshot to look at, named `<name>-<project>.png` (desktop 1280 px, mobile 390 px): in
 * E2E_SCREENSHOTS when set, else in the test's output folder (removed after the run).
 */
export async function shot(page: Page, name: string): Promise<void> {
  const file = `${name}-${test.info().project.name}.png`;
  const dir = process.env.E2E_SCREENSHOTS;
  await page.screenshot({ path: dir ? `${dir}/${file}` : test.info().outputPath(file), fullPage: true });
}
