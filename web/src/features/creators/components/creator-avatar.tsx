import { cn } from '@/components/ui/cn';
import { initials } from '../utils/creator-format';

/**
 * A creator's picture, or their initials on a tinted disc. Decorative: the name is always printed next to
 * it, so screen readers are not told it twice.
 */
export function CreatorAvatar({ name, url, size = 'md' }: { name: string; url: string | null; size?: 'md' | 'lg' }) {
  const box = size === 'lg' ? 'size-24 text-3xl' : 'size-14 text-lg';
  if (url) return <img src={url} alt="" className={cn('shrink-0 rounded-full object-cover', box)} />;
  return (
    <span aria-hidden="true" className={cn('flex shrink-0 items-center justify-center rounded-full bg-brand-100 font-semibold text-brand-800', box)}>
      {initials(name)}
    </span>
  );
}
