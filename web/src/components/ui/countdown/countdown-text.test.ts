import { setupI18n } from '@lingui/core';
import { describe, expect, it } from 'vitest';
import en from '@/i18n/messages/en.json';
import es from '@/i18n/messages/es.json';
import { coarseCountdown, countdown } from '@/lib/countdown';
import { type CommonT, countdownTimeText, reviewCountdownAnnouncement, reviewCountdownText } from './countdown-text';

// The JSON imports are compiled by the catalogs' build plugin, as in the app.
const i18n = setupI18n({ locale: 'en', messages: { es, en } as never });
const tOf = (locale: 'es' | 'en'): CommonT => (key, values) => {
  i18n.activate(locale);
  return i18n._(key, values);
};
const tEn = tOf('en');
const tEs = tOf('es');

const now = Date.parse('2026-03-01T12:00:00Z');
const H = 3_600_000;
const left = (ms: number) => countdown(now + ms, now);

describe('review countdown texts', () => {
  it('read as the brand and the creator see them, right after submission', () => {
    const c = left(72 * H - 5_000);
    expect(reviewCountdownText(tEn, 'brand', c)).toBe('Auto-approves in 2 d 23 h');
    expect(reviewCountdownText(tEn, 'creator', c)).toBe('Approved automatically in 2 d 23 h');
    expect(reviewCountdownText(tEs, 'creator', c)).toBe('Se aprobará automáticamente en 2 d 23 h');
  });

  it('shrink to hours and minutes, then minutes, then less than a minute, then now', () => {
    expect(countdownTimeText(tEn, left(5 * H + 12 * 60_000))).toBe('5 h 12 min');
    expect(countdownTimeText(tEn, left(12 * 60_000 + 59_000))).toBe('12 min');
    expect(countdownTimeText(tEs, left(30_000))).toBe('menos de un minuto');
    expect(reviewCountdownText(tEn, 'brand', left(-1))).toBe('Auto-approving now');
    expect(reviewCountdownText(tEs, 'creator', left(-1))).toBe('Se está aprobando automáticamente');
  });

  it('announce coarse steps in words, with plurals', () => {
    expect(reviewCountdownAnnouncement(tEn, 'brand', coarseCountdown(left(50 * H)))).toBe('Auto-approves in 2 days');
    expect(reviewCountdownAnnouncement(tEn, 'brand', coarseCountdown(left(1 * H + 5)))).toBe('Auto-approves in 1 hour');
    expect(reviewCountdownAnnouncement(tEs, 'creator', coarseCountdown(left(25 * H)))).toBe('Se aprobará automáticamente en 1 día');
    expect(reviewCountdownAnnouncement(tEs, 'creator', coarseCountdown(left(20 * 60_000)))).toBe('Se aprobará automáticamente en menos de una hora');
  });
});
