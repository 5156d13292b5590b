import { useFormat } from '@/i18n/format';

/** "5 minutes ago" / "hace 5 minutos", with the exact date and time on hover and for assistive technology. */
export function RelativeTime({ value, now, className }: { value: string; now: number; className?: string }) {
  const f = useFormat();
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return null;
  // A clock slightly ahead of the browser's would otherwise say "in 3 seconds".
  const shown = date.getTime() > now ? new Date(now) : date;
  return (
    <time dateTime={date.toISOString()} title={f.dateTime(date)} className={className}>
      {f.relative(shown, new Date(now))}
    </time>
  );
}
