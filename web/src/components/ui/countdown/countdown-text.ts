import type { MessageValues } from '@/i18n/use-t';
import type { CoarseCountdown, Countdown } from '@/lib/countdown';
import type en from '@/i18n/messages/en.json';

/** A translate function over the common catalog (useT(commonCatalog).t). */
export type CommonT = (key: keyof typeof en, values?: MessageValues) => string;
type T = CommonT;

/** Who reads a review countdown: the brand ("Auto-approves in ...") or the creator ("Approved automatically in ..."). */
export type ReviewAudience = 'brand' | 'creator';

/** The time left as the countdown shows it: "2 d 23 h", "5 h 12 min", "12 min", "less than a minute". */
export function countdownTimeText(t: T, c: Countdown): string {
  switch (c.kind) {
    case 'days':
      return t('common.countdown.days', { days: c.days, hours: c.hours });
    case 'hours':
      return t('common.countdown.hours', { hours: c.hours, minutes: c.minutes });
    case 'minutes':
      return t('common.countdown.minutes', { minutes: c.minutes });
    default:
      return t('common.countdown.soon');
  }
}

/** The sentence of a review countdown for its reader, or that the approval is happening now. */
export function reviewCountdownText(t: T, audience: ReviewAudience, c: Countdown): string {
  if (c.kind === 'due') return t(`common.countdown.${audience}.due`);
  return t(`common.countdown.${audience}`, { time: countdownTimeText(t, c) });
}

/** The same sentence at a coarse step, in words, for a screen reader's live announcement. */
export function reviewCountdownAnnouncement(t: T, audience: ReviewAudience, c: CoarseCountdown): string {
  if (c.kind === 'due') return t(`common.countdown.${audience}.due`);
  const time =
    c.kind === 'days'
      ? t('common.countdown.coarse.days', { days: c.days })
      : c.kind === 'hours'
        ? t('common.countdown.coarse.hours', { hours: c.hours })
        : t('common.countdown.coarse.underHour');
  return t(`common.countdown.${audience}`, { time });
}
