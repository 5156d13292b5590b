/** The discovery filters and their place in the URL, so a search can be shared, reloaded and navigated back to. */

export const CREATOR_NICHES = ['Beauty', 'Fashion', 'Fitness', 'Food', 'Lifestyle', 'Tech', 'Travel'] as const;
export const CREATOR_PLATFORMS = ['instagram', 'tiktok', 'youtube'] as const;
/** The followers slider runs 0..100 (thousands), step 1; the top value means "100K or more". */
export const FOLLOWERS_SLIDER_MAX = 100;
/** The minimum ratings offered (stars); 0 means any rating, unreviewed creators included. */
export const MIN_RATINGS = [3, 4, 4.5] as const;

/** The orders of the grid: the typed (self-reported) followers, or the verified reach (decision 0054). */
export const DISCOVER_SORTS = ['followers', 'verified_reach'] as const;
export type DiscoverSort = (typeof DISCOVER_SORTS)[number];

export type CreatorNiche = (typeof CREATOR_NICHES)[number];
export type CreatorPlatform = (typeof CREATOR_PLATFORMS)[number];
export type MinRating = 0 | (typeof MIN_RATINGS)[number];

export interface DiscoverFilters {
  search: string;
  niche: CreatorNiche | '';
  platform: CreatorPlatform | '';
  /** Minimum followers in thousands (0 = any). */
  minFollowersK: number;
  /** Minimum average rating (0 = any; otherwise creators without reviews are left out). */
  minRating: MinRating;
  /** Only creators with at least one connected (verified) account. */
  verifiedOnly: boolean;
  sort: DiscoverSort;
}

export const emptyFilters: DiscoverFilters = {
  search: '',
  niche: '',
  platform: '',
  minFollowersK: 0,
  minRating: 0,
  verifiedOnly: false,
  sort: 'followers',
};

/** Reads the filters from ?q=&niche=&platform=&followers=&rating=&verified=1&sort=verified_reach, ignoring values that are not allowed. */
export function filtersFromSearchParams(params: URLSearchParams): DiscoverFilters {
  const niche = params.get('niche') ?? '';
  const platform = params.get('platform') ?? '';
  const followers = Number.parseInt(params.get('followers') ?? '', 10);
  const rating = Number(params.get('rating') ?? '');
  const sort = params.get('sort') ?? '';
  return {
    search: params.get('q') ?? '',
    niche: (CREATOR_NICHES as readonly string[]).includes(niche) ? (niche as CreatorNiche) : '',
    platform: (CREATOR_PLATFORMS as readonly string[]).includes(platform) ? (platform as CreatorPlatform) : '',
    minFollowersK: Number.isFinite(followers) ? Math.min(Math.max(followers, 0), FOLLOWERS_SLIDER_MAX) : 0,
    minRating: MIN_RATINGS.find((r) => r === rating) ?? 0,
    verifiedOnly: params.get('verified') === '1',
    sort: (DISCOVER_SORTS as readonly string[]).includes(sort) ? (sort as DiscoverSort) : 'followers',
  };
}

/** The URL form of the filters; defaults are left out so a clean screen has a clean URL. */
export function filtersToSearchParams(f: DiscoverFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (f.search.trim()) params.set('q', f.search);
  if (f.niche) params.set('niche', f.niche);
  if (f.platform) params.set('platform', f.platform);
  if (f.minFollowersK > 0) params.set('followers', String(f.minFollowersK));
  if (f.minRating > 0) params.set('rating', String(f.minRating));
  if (f.verifiedOnly) params.set('verified', '1');
  if (f.sort !== 'followers') params.set('sort', f.sort);
  return params;
}

/** True when any filter of the panel (not the search box) is set. */
export function hasPanelFilters(f: DiscoverFilters): boolean {
  return f.niche !== '' || f.platform !== '' || f.minFollowersK > 0 || f.minRating > 0 || f.verifiedOnly;
}

/** The slider's value as people read it, by the app's compact count: "25K" / "25 mil", and "100K+" at the top. */
export function followersSliderLabel(f: { compact(value: number): string }, k: number): string {
  return k >= FOLLOWERS_SLIDER_MAX ? `${f.compact(FOLLOWERS_SLIDER_MAX * 1000)}+` : f.compact(k * 1000);
}

/** Arguments of api.discover_creators for the filters (the slider and the rating are minimums, with no upper bound). */
export function discoverArgs(f: DiscoverFilters) {
  return {
    search: f.search.trim() || null,
    niche: f.niche || null,
    platform: f.platform || null,
    min_followers: f.minFollowersK > 0 ? f.minFollowersK * 1000 : null,
    min_rating: f.minRating > 0 ? f.minRating : null,
    verified_only: f.verifiedOnly,
    sort: f.sort,
  };
}
