import { cn } from '@/components/ui/cn';

/** The person's picture, or their initials when they have none. */
export function PersonAvatar({ name, url, className }: { name: string; url?: string | null; className?: string }) {
  const initials =
    name
      .split(/\s+/)
      .filter(Boolean)
      .slice(0, 2)
      .map((w) => w[0]!.toUpperCase())
      .join('') || '?';
  if (url) return <img src={url} alt="" className={cn('size-10 shrink-0 rounded-full object-cover', className)} />;
  return (
    <span aria-hidden="true" className={cn('flex size-10 shrink-0 items-center justify-center rounded-full bg-brand-100 text-sm font-semibold text-brand-700', className)}>
      {initials}
    </span>
  );
}
