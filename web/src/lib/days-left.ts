/**
 * The one rule for "days left" to a campaign's deadline (issue 30, finding 7; docs/decisions/0032): whole
 * calendar days between today and the deadline's date, both read in the viewer's time zone, the same zone
 * the deadline's date is written in next to it. Time of day never counts, so one date always reads the
 * same number of days on every card and page, whenever in the day it falls:
 *   closed    - the campaign is completed: no count at all;
 *   none      - no deadline;
 *   ended     - the deadline's date is before today;
 *   today     - the deadline's date is today ("Ends today");
 *   days      - 1 or more days left.
 */
export type DaysLeft =
  | { kind: 'closed' }
  | { kind: 'none' }
  | { kind: 'ended' }
  | { kind: 'today' }
  | { kind: 'days'; days: number };

/** Campaign statuses after which no deadline counts down. */
const CLOSED_STATUSES = new Set(['completed']);

const DAY_MS = 24 * 60 * 60 * 1000;

/** The viewer's time zone unless a test names one. */
export interface DaysLeftOptions {
  now?: Date;
  timeZone?: string;
  /** The campaign's status: a completed one shows no count. */
  status?: string | null;
}

const dayFormats = new Map<string, Intl.DateTimeFormat>();

/** The calendar date of a moment in a time zone, as a UTC midnight (so two dates subtract to whole days). */
function calendarDay(moment: Date, timeZone: string | undefined): number {
  const key = timeZone ?? '';
  let format = dayFormats.get(key);
  if (!format) dayFormats.set(key, (format = new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: 'numeric', day: 'numeric' })));
  const parts = format.formatToParts(moment);
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value);
  return Date.UTC(part('year'), part('month') - 1, part('day'));
}

export function daysLeft(deadline: string | Date | null | undefined, options: DaysLeftOptions = {}): DaysLeft {
  if (options.status && CLOSED_STATUSES.has(options.status)) return { kind: 'closed' };
  if (!deadline) return { kind: 'none' };
  const end = typeof deadline === 'string' ? new Date(deadline) : deadline;
  if (Number.isNaN(end.getTime())) return { kind: 'none' };
  const days = Math.round((calendarDay(end, options.timeZone) - calendarDay(options.now ?? new Date(), options.timeZone)) / DAY_MS);
  if (days < 0) return { kind: 'ended' };
  if (days === 0) return { kind: 'today' };
  return { kind: 'days', days };
}
