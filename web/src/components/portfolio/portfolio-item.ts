import { env } from '@/config/env';
import { publicObjectUrl } from '@/lib/storage-url';

/**
 * One item of a creator's portfolio as api.portfolio, api.creator_profile and api.discover_creators give
 * it (their jsonb, decision 0048): keys in the public `portfolio` bucket, in the creator's order.
 */
export interface PortfolioItem {
  id: string;
  kind: 'image' | 'video';
  path: string;
  /** A small WebP the browser made of an image when it was added; null for videos. */
  thumbnail_path: string | null;
  caption: string | null;
}

/** The most a portfolio holds (api.add_portfolio_item refuses the 13th). */
export const PORTFOLIO_LIMIT = 12;

/** A jsonb column typed loosely by the generated types, read as items (anything else gives none). */
export function portfolioItems(value: unknown): PortfolioItem[] {
  return Array.isArray(value) ? (value as PortfolioItem[]) : [];
}

export const portfolioFileUrl = (path: string) => publicObjectUrl(env.supabaseUrl, 'portfolio', path);

/** What a grid or a strip draws for an image: its thumbnail, or the original when it has none. */
export const portfolioThumbnailUrl = (item: PortfolioItem) => portfolioFileUrl(item.thumbnail_path ?? item.path);
