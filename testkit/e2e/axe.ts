import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/** What the check reads of the page's animations (the root tsconfig has no DOM types). */
type AnimatedDocument = { getAnimations(): { playState: string; effect: { getComputedTiming(): { endTime?: number | string } } | null }[] };

/**
 * Whether the page's finite animations and CSS transitions have ended (a spinner's endless turn never
 * does, so it is not waited for). Axe reads colours as they are drawn: a button caught half-way through a
 * colour transition fails contrast although neither of its ends does. A function, not a string: the app's
 * content security policy forbids evaluating strings.
 */
function transitionsEnded(): boolean {
  const doc = (globalThis as unknown as { document: AnimatedDocument }).document;
  return !doc.getAnimations().some((a) => a.playState === 'running' && a.effect?.getComputedTiming().endTime !== Infinity);
}

/** The serious and critical axe violations of the page once its transitions have ended (every rule), one line each. */
export async function seriousViolations(page: Page): Promise<string[]> {
  await page.waitForFunction(transitionsEnded, undefined, { timeout: 5_000 });
  return (await new AxeBuilder({ page }).analyze()).violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
}
