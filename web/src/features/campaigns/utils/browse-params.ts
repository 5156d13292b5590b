import { CAMPAIGN_CONTENT_TYPES } from '@contract/campaign-content-types';
import type { BrowseFilters } from '../types';

/** The content types to filter by: the ones a brand can ask for (the contract's list). */
export const CONTENT_TYPE_FILTERS = CAMPAIGN_CONTENT_TYPES;
export const PLATFORM_FILTERS = ['tiktok', 'instagram', 'youtube', 'facebook', 'twitter'] as const;

/**
 * The browse filters from the URL (?q=&type=&platform=). Unknown content types or platforms are
 * ignored rather than sent to the api, so a hand-edited link still shows a sensible list.
 */
export function readBrowseParams(params: URLSearchParams): BrowseFilters {
  const type = params.get('type') ?? '';
  const platform = params.get('platform') ?? '';
  return {
    keyword: params.get('q') ?? '',
    contentType: (CONTENT_TYPE_FILTERS as readonly string[]).includes(type) ? type : '',
    platform: (PLATFORM_FILTERS as readonly string[]).includes(platform) ? platform : '',
  };
}

/** The URL search params for filters: empty filters are left out, so a clean list has a clean URL. */
export function writeBrowseParams(filters: BrowseFilters): URLSearchParams {
  const out = new URLSearchParams();
  if (filters.keyword.trim()) out.set('q', filters.keyword.trim());
  if (filters.contentType) out.set('type', filters.contentType);
  if (filters.platform) out.set('platform', filters.platform);
  return out;
}

/** True when any filter narrows the list. */
export function hasFilters(filters: BrowseFilters): boolean {
  return !!(filters.keyword.trim() || filters.contentType || filters.platform);
}
