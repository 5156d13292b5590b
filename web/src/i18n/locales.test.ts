import { describe, expect, it } from 'vitest';
import { preferredLocale } from './locales';

describe('preferredLocale: the browser languages a guest reads the sign-in screen in (issue 32, item 2)', () => {
  it('takes the first of the browser\'s languages that is ours', () => {
    expect(preferredLocale(['en-US', 'en'])).toBe('en');
    expect(preferredLocale(['es-MX', 'en-US'])).toBe('es');
    expect(preferredLocale(['es-419'])).toBe('es');
    expect(preferredLocale(['fr-FR', 'EN-gb', 'es'])).toBe('en');
    expect(preferredLocale(['pt-BR', 'es-AR'])).toBe('pt');
    expect(preferredLocale(['fr', 'pt-PT'])).toBe('pt');
  });

  it('is undefined when none is (the screen then stays Spanish)', () => {
    expect(preferredLocale(['fr-FR', 'de'])).toBeUndefined();
    expect(preferredLocale([''])).toBeUndefined();
    expect(preferredLocale([])).toBeUndefined();
  });

  it('runs on its own, as index.html\'s inline script runs its source', () => {
    // build/prerender-auth.ts embeds preferredLocale.toString(): it must not close over anything.
    const alone = new Function(`return (${preferredLocale.toString()})`)() as typeof preferredLocale;
    expect(alone(['en-US'])).toBe('en');
    expect(alone(['es-CO'])).toBe('es');
    expect(alone(['it'])).toBeUndefined();
  });
});
