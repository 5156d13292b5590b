import { useState } from 'react';
import { env } from '@/config/env';
import { pictureUrl } from '@/lib/storage-url';
import { cn } from './cn';

/** "Sofía Ríos" -> "SR"; one word gives its first letter; nothing gives "?". */
export function initials(name: string | null | undefined): string {
  const words = (name ?? '').trim().split(/\s+/).filter(Boolean);
  if (!words.length) return '?';
  const letters = words.length === 1 ? [words[0]!] : [words[0]!, words[words.length - 1]!];
  return letters.map((w) => Array.from(w)[0]!.toUpperCase()).join('');
}

export type AvatarSize = 'sm' | 'md' | 'lg' | 'xl';
/** The drawn size in CSS pixels, given to the <img> so the layout never shifts while it loads. */
export const AVATAR_PIXELS: Record<AvatarSize, number> = { sm: 32, md: 40, lg: 56, xl: 96 };

/**
 * A round picture of a person or a company, or their initials when there is no picture (or it fails to
 * load). The name is the accessible text; pass `decorative` when the name is printed right beside it.
 */
export function Avatar({ src: stored, name, size = 'md', decorative, className }: { src?: string | null; name: string; size?: AvatarSize; decorative?: boolean; className?: string }) {
  const [failed, setFailed] = useState<string | null>(null);
  const src = pictureUrl(env.supabaseUrl, stored);
  const box = { sm: 'size-8 text-xs', md: 'size-10 text-sm', lg: 'size-14 text-lg', xl: 'size-24 text-3xl' }[size];
  // A new picture (after an upload) gets its own chance to load.
  if (src && failed !== src) {
    const px = AVATAR_PIXELS[size];
    return (
      <img
        src={src}
        alt={decorative ? '' : name}
        width={px}
        height={px}
        loading="lazy"
        decoding="async"
        onError={() => setFailed(src)}
        className={cn('shrink-0 rounded-full bg-slate-100 object-cover', box, className)}
      />
    );
  }
  return (
    <span
      role={decorative ? undefined : 'img'}
      aria-label={decorative ? undefined : name}
      aria-hidden={decorative ? true : undefined}
      className={cn('inline-flex shrink-0 items-center justify-center rounded-full bg-brand-100 font-semibold text-brand-800', box, className)}
    >
      {initials(name)}
    </span>
  );
}
