import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/** The serious and critical axe violations of the page as it is now (every rule), one line each. */
export async function seriousViolations(page: Page): Promise<string[]> {
  return (await new AxeBuilder({ page }).analyze()).violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
}
