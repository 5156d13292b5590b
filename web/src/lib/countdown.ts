/**
 * Time left until a deadline, in the coarse units a review countdown shows: days and hours while a day or
 * more is left, hours and minutes within the last day, minutes within the last hour, then "less than a
 * minute", then due. Always rounded down, so it never promises more time than there is.
 */
export type Countdown =
  | { kind: 'days'; days: number; hours: number }
  | { kind: 'hours'; hours: number; minutes: number }
  | { kind: 'minutes'; minutes: number }
  | { kind: 'soon' }
  | { kind: 'due' };

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

export function countdown(dueAt: string | number | Date, now: number): Countdown {
  const due = typeof dueAt === 'number' ? dueAt : new Date(dueAt).getTime();
  const left = due - now;
  if (!Number.isFinite(left) || left <= 0) return { kind: 'due' };
  if (left >= DAY) return { kind: 'days', days: Math.floor(left / DAY), hours: Math.floor((left % DAY) / HOUR) };
  if (left >= HOUR) return { kind: 'hours', hours: Math.floor(left / HOUR), minutes: Math.floor((left % HOUR) / MINUTE) };
  if (left >= MINUTE) return { kind: 'minutes', minutes: Math.floor(left / MINUTE) };
  return { kind: 'soon' };
}

/**
 * The step a screen reader is told about: whole days while a day or more is left, whole hours within the
 * last day, then "under an hour" and due. It changes at most once an hour (far less before the last
 * day), so a live region reading it never chatters every minute.
 */
export type CoarseCountdown = { kind: 'days'; days: number } | { kind: 'hours'; hours: number } | { kind: 'underHour' } | { kind: 'due' };

export function coarseCountdown(c: Countdown): CoarseCountdown {
  switch (c.kind) {
    case 'days':
      return { kind: 'days', days: c.days };
    case 'hours':
      return { kind: 'hours', hours: c.hours };
    case 'due':
      return { kind: 'due' };
    default:
      return { kind: 'underHour' };
  }
}

/** Two coarse steps are the same announcement. */
export function sameStep(a: CoarseCountdown, b: CoarseCountdown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/**
 * The one rule for showing the countdown to automatic approval (issue 30, finding 7): only while it can
 * still happen, that is content awaiting review on a funded hire with a due time. A disputed hire is frozen
 * (the dispute decides), and a released, refunded or canceled one is over, so neither shows "Auto-approves
 * in ..."; nor does a hire without escrow, which is never approved automatically.
 */
export function showsReviewCountdown(s: { hireStatus: string | null | undefined; contentStatus: string; reviewDueAt: string | null | undefined }): boolean {
  return s.hireStatus === 'funded' && (s.contentStatus === 'pending' || s.contentStatus === 'submitted') && !!s.reviewDueAt;
}
