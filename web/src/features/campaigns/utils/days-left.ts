const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Whole days until the deadline, rounded up (a deadline later today is 1 day), never below 0; null when
 * there is no deadline.
 */
export function daysLeft(deadline: string | Date | null | undefined, now: Date = new Date()): number | null {
  if (!deadline) return null;
  const end = typeof deadline === 'string' ? new Date(deadline) : deadline;
  if (Number.isNaN(end.getTime())) return null;
  return Math.max(0, Math.ceil((end.getTime() - now.getTime()) / DAY_MS));
}
