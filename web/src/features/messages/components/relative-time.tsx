import { format, formatDistanceToNow } from 'date-fns';

/** "5 minutes ago", with the exact date and time on hover and for assistive technology. */
export function RelativeTime({ value, now, className }: { value: string; now: number; className?: string }) {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return null;
  // A clock slightly ahead of the browser's would otherwise say "in less than a minute".
  const shown = date.getTime() > now ? new Date(now) : date;
  return (
    <time dateTime={date.toISOString()} title={format(date, 'MMMM dd, yyyy h:mm a')} className={className}>
      {formatDistanceToNow(shown, { addSuffix: true })}
    </time>
  );
}
