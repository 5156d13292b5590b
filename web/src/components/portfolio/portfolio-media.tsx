import { cn } from '@/components/ui/cn';
import { portfolioFileUrl, portfolioThumbnailUrl, type PortfolioItem } from './portfolio-item';

/**
 * A portfolio item at its full use: an image (its thumbnail: grids never need the original's pixels) or a
 * video the reader can play and seek, which loads only its metadata (size, duration, first frame) until
 * played. `label` names the item for screen readers when it has no caption.
 */
export function PortfolioMedia({ item, label, className }: { item: PortfolioItem; label: string; className?: string }) {
  const name = item.caption ?? label;
  if (item.kind === 'video') {
    return (
      <video src={portfolioFileUrl(item.path)} controls preload="metadata" playsInline aria-label={name} className={cn('aspect-square w-full rounded-lg bg-slate-900 object-cover', className)} />
    );
  }
  return (
    <img
      src={portfolioThumbnailUrl(item)}
      alt={name}
      width={480}
      height={480}
      loading="lazy"
      decoding="async"
      className={cn('aspect-square w-full rounded-lg bg-slate-100 object-cover', className)}
    />
  );
}

/**
 * A small square of an item for lists (Discover's cards, the Settings editor): an image's thumbnail, or for
 * a video a dark tile with a play mark (no video bytes are fetched for a list).
 */
export function PortfolioThumb({ item, label, className }: { item: PortfolioItem; label: string; className?: string }) {
  const name = item.caption ?? label;
  if (item.kind === 'video') {
    return (
      <span role="img" aria-label={name} className={cn('flex aspect-square w-full items-center justify-center rounded-md bg-slate-800 text-white', className)}>
        <svg viewBox="0 0 24 24" aria-hidden="true" className="size-1/3 max-h-8 max-w-8 fill-current">
          <path d="M8 5v14l11-7z" />
        </svg>
      </span>
    );
  }
  return (
    <img
      src={portfolioThumbnailUrl(item)}
      alt={name}
      width={160}
      height={160}
      loading="lazy"
      decoding="async"
      className={cn('aspect-square w-full rounded-md bg-slate-100 object-cover', className)}
    />
  );
}
