/** What the `portfolio` bucket takes (migration 20250128000000); the bucket refuses the rest again. */
export const PORTFOLIO_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export const PORTFOLIO_VIDEO_TYPES = ['video/mp4', 'video/quicktime', 'video/webm'] as const;
/** A photo of a phone is a few MB; past this an image is not a portfolio picture but a print file. */
export const MAX_PORTFOLIO_IMAGE_BYTES = 10 * 1024 * 1024;
/** The bucket's own limit: a short clip (about a minute of phone video). */
export const MAX_PORTFOLIO_VIDEO_BYTES = 100 * 1024 * 1024;
/** The long side of the thumbnail the browser makes of an image: sharp in a 240 px grid cell at 2x. */
export const THUMBNAIL_SIDE = 480;
/** The longest caption api.add_portfolio_item and api.set_portfolio_caption take. */
export const MAX_CAPTION_LENGTH = 300;

export type PortfolioKind = 'image' | 'video';
export type PortfolioFileProblem = { problem: 'type' } | { problem: 'size'; max: number };

const has = (list: readonly string[], type: string) => list.includes(type);

/** The kind of a chosen file, or why it cannot be added. Checked before anything is read or uploaded. */
export function portfolioFileCheck(file: { type: string; size: number }): { kind: PortfolioKind } | PortfolioFileProblem {
  const kind: PortfolioKind | null = has(PORTFOLIO_IMAGE_TYPES, file.type) ? 'image' : has(PORTFOLIO_VIDEO_TYPES, file.type) ? 'video' : null;
  if (!kind) return { problem: 'type' };
  const max = kind === 'image' ? MAX_PORTFOLIO_IMAGE_BYTES : MAX_PORTFOLIO_VIDEO_BYTES;
  if (file.size > max) return { problem: 'size', max };
  if (file.size === 0) return { problem: 'type' };
  return { kind };
}

const EXTENSIONS: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'video/mp4': 'mp4',
  'video/quicktime': 'mov',
  'video/webm': 'webm',
};

/**
 * The object's key: in the creator's folder (the bucket's policies), a new name per upload (never the
 * file's own name: no path, control characters or clashes reach Storage), its thumbnail beside it.
 */
export function portfolioObjectPaths(userId: string, type: string, now: number, nonce: string): { path: string; thumbnail: string } {
  const stem = `${userId}/${now.toString(36)}-${nonce}`;
  return { path: `${stem}.${EXTENSIONS[type] ?? 'bin'}`, thumbnail: `${stem}-thumb.webp` };
}

/** A thumbnail's pixel size: the long side at most `side`, never enlarged. */
export function thumbnailSize(width: number, height: number, side: number = THUMBNAIL_SIDE): { width: number; height: number } {
  const scale = Math.min(1, side / Math.max(width, height));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}
