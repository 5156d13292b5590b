import { describe, expect, test } from 'vitest';
import { discoverArgs, emptyFilters, filtersFromSearchParams, filtersToSearchParams, followersSliderLabel, hasPanelFilters } from './discover-filters';
import { formatters } from '@/i18n/format';

describe('discover filters in the URL', () => {
  test('round-trips every filter', () => {
    const f = { search: 'sofía', niche: 'Beauty', platform: 'tiktok', minFollowersK: 25, minRating: 4.5, verifiedOnly: true, sort: 'verified_reach' } as const;
    const params = filtersToSearchParams(f);
    expect(params.toString()).toBe('q=sof%C3%ADa&niche=Beauty&platform=tiktok&followers=25&rating=4.5&verified=1&sort=verified_reach');
    expect(filtersFromSearchParams(params)).toEqual(f);
  });

  test('leaves defaults out and ignores values that are not offered', () => {
    expect(filtersToSearchParams(emptyFilters).toString()).toBe('');
    expect(filtersFromSearchParams(new URLSearchParams('niche=Cars&platform=facebook&followers=abc&rating=2'))).toEqual(emptyFilters);
    expect(filtersFromSearchParams(new URLSearchParams('rating=five')).minRating).toBe(0);
    expect(filtersFromSearchParams(new URLSearchParams('rating=4')).minRating).toBe(4);
    expect(filtersFromSearchParams(new URLSearchParams('followers=500')).minFollowersK).toBe(100);
    expect(filtersFromSearchParams(new URLSearchParams('followers=-3')).minFollowersK).toBe(0);
    expect(filtersFromSearchParams(new URLSearchParams('sort=rating&verified=yes'))).toEqual(emptyFilters);
  });

  test('knows when the panel has filters', () => {
    expect(hasPanelFilters(emptyFilters)).toBe(false);
    expect(hasPanelFilters({ ...emptyFilters, search: 'x' })).toBe(false);
    expect(hasPanelFilters({ ...emptyFilters, minFollowersK: 1 })).toBe(true);
    expect(hasPanelFilters({ ...emptyFilters, minRating: 3 })).toBe(true);
    expect(hasPanelFilters({ ...emptyFilters, verifiedOnly: true })).toBe(true);
    // The sort sits beside the search box, not in the panel.
    expect(hasPanelFilters({ ...emptyFilters, sort: 'verified_reach' })).toBe(false);
  });
});

describe('followers slider', () => {
  test('reads in thousands with 100K+ at the top', () => {
    const en = formatters('en');
    expect(followersSliderLabel(en, 0)).toBe('0');
    expect(followersSliderLabel(en, 42)).toBe('42K');
    expect(followersSliderLabel(en, 100)).toBe('100K+');
    expect(followersSliderLabel(formatters('es'), 42)).toBe('42 mil');
  });

  test('is a minimum without an upper bound', () => {
    expect(discoverArgs({ ...emptyFilters, minFollowersK: 100 })).toEqual({ search: null, niche: null, platform: null, min_followers: 100000, min_rating: null,
      verified_only: false, sort: 'followers' });
    expect(discoverArgs({ search: '  ana ', niche: 'Food', platform: 'youtube', minFollowersK: 0, minRating: 4, verifiedOnly: true, sort: 'verified_reach' })).toEqual({
      search: 'ana',
      niche: 'Food',
      platform: 'youtube',
      min_followers: null,
      min_rating: 4,
      verified_only: true,
      sort: 'verified_reach',
    });
  });
});
