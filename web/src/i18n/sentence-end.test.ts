import { describe, expect, it } from 'vitest';
import { formatters } from './format';
import { withoutDoubledPeriod } from './sentence-end';

// Issue 32, item 9: "Próximo pago automático: alrededor del 6 ene 2026, 7:07 p.m.." read with two periods.
describe('a value that ends with a period at the end of a sentence', () => {
  it('keeps one period', () => {
    const when = formatters('es').dateTime(new Date(2026, 0, 6, 7, 7));
    expect(when.endsWith('a.m.')).toBe(true);
    expect(withoutDoubledPeriod(`Próximo pago automático: alrededor del ${when}.`, { when })).toBe(`Próximo pago automático: alrededor del ${when}`);
    expect(withoutDoubledPeriod('Next payout: around 7:07 a.m.. Review it.', { when: '7:07 a.m.' })).toBe('Next payout: around 7:07 a.m. Review it.');
  });

  it('leaves other periods and values alone', () => {
    expect(withoutDoubledPeriod('Released on January 6, 2026.', { date: 'January 6, 2026' })).toBe('Released on January 6, 2026.');
    expect(withoutDoubledPeriod('Wait...', { name: 'Ana' })).toBe('Wait...');
    expect(withoutDoubledPeriod('Count: 3.', { count: 3 })).toBe('Count: 3.');
    expect(withoutDoubledPeriod('Plain.', undefined)).toBe('Plain.');
  });
});
