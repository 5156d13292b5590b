import { useId } from 'react';
import { Button } from '@/components/ui/button';
import { useFormat } from '@/i18n/format';
import { useT } from '@/i18n/use-t';
import { platformLabel } from '@/lib/format';
import {
  CREATOR_NICHES,
  CREATOR_PLATFORMS,
  FOLLOWERS_SLIDER_MAX,
  followersSliderLabel,
  MIN_RATINGS,
  type CreatorNiche,
  type CreatorPlatform,
  type DiscoverFilters,
  type MinRating,
} from '../utils/discover-filters';
import { creatorsCatalog } from '../messages/catalog';
import { nicheText } from '../messages/creators-text';

const selectClass = 'mt-1 block h-10 w-full rounded-md border border-slate-300 bg-white px-3 text-sm text-slate-900';

/** The filters panel of Discover Creators: niche, platform, the minimum-followers slider, the minimum rating, verified accounts only, and Clear Filters. */
export function CreatorFiltersPanel({
  id,
  value,
  onChange,
  onClear,
}: {
  id: string;
  value: DiscoverFilters;
  onChange: (patch: Partial<DiscoverFilters>) => void;
  onClear: () => void;
}) {
  const f = useFormat();
  const base = useId();
  const { t } = useT(creatorsCatalog);
  return (
    <section id={id} aria-label={t('creators.filters.label')} className="grid gap-4 rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:grid-cols-2 lg:grid-cols-4">
      <div>
        <label htmlFor={`${base}-niche`} className="block text-sm font-medium text-slate-800">
          {t('creators.filters.niche')}
        </label>
        <select id={`${base}-niche`} className={selectClass} value={value.niche} onChange={(e) => onChange({ niche: e.target.value as CreatorNiche | '' })}>
          <option value="">{t('creators.filters.allNiches')}</option>
          {CREATOR_NICHES.map((n) => (
            <option key={n} value={n}>
              {nicheText(t, n)}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor={`${base}-platform`} className="block text-sm font-medium text-slate-800">
          {t('creators.filters.platform')}
        </label>
        <select
          id={`${base}-platform`}
          className={selectClass}
          value={value.platform}
          onChange={(e) => onChange({ platform: e.target.value as CreatorPlatform | '' })}
        >
          <option value="">{t('creators.filters.allPlatforms')}</option>
          {CREATOR_PLATFORMS.map((p) => (
            <option key={p} value={p}>
              {platformLabel(p)}
            </option>
          ))}
        </select>
      </div>
      <div>
        <div className="flex items-baseline justify-between gap-2">
          <label htmlFor={`${base}-followers`} className="block text-sm font-medium text-slate-800">
            {t('creators.filters.minFollowers')}
          </label>
          <output htmlFor={`${base}-followers`} className="text-sm font-medium text-slate-900">
            {followersSliderLabel(f, value.minFollowersK)}
          </output>
        </div>
        <input
          id={`${base}-followers`}
          type="range"
          min={0}
          max={FOLLOWERS_SLIDER_MAX}
          step={1}
          value={value.minFollowersK}
          aria-valuetext={
            value.minFollowersK === 0
              ? t('creators.filters.anyFollowers')
              : t('creators.filters.followersOrMore', { followers: followersSliderLabel(f, value.minFollowersK) })
          }
          onChange={(e) => onChange({ minFollowersK: Number(e.target.value) })}
          className="mt-3 w-full accent-brand-600"
        />
        <div aria-hidden="true" className="mt-1 flex justify-between text-xs text-slate-600">
          <span>{followersSliderLabel(f, 0)}</span>
          <span>{followersSliderLabel(f, FOLLOWERS_SLIDER_MAX)}</span>
        </div>
      </div>
      <div>
        <label htmlFor={`${base}-rating`} className="block text-sm font-medium text-slate-800">
          {t('creators.filters.minRating')}
        </label>
        <select
          id={`${base}-rating`}
          className={selectClass}
          value={String(value.minRating)}
          onChange={(e) => onChange({ minRating: Number(e.target.value) as MinRating })}
        >
          <option value="0">{t('creators.filters.anyRating')}</option>
          {MIN_RATINGS.map((r) => (
            <option key={r} value={String(r)}>
              {t('creators.filters.ratingOrMore', { rating: r.toFixed(r % 1 ? 1 : 0) })}
            </option>
          ))}
        </select>
      </div>
      <div className="sm:col-span-2 lg:col-span-4">
        <div className="flex items-start gap-2">
          <input
            id={`${base}-verified`}
            type="checkbox"
            checked={value.verifiedOnly}
            onChange={(e) => onChange({ verifiedOnly: e.target.checked })}
            aria-describedby={`${base}-verified-hint`}
            className="mt-0.5 h-4 w-4 rounded border-slate-300 accent-brand-600"
          />
          <div>
            <label htmlFor={`${base}-verified`} className="block text-sm font-medium text-slate-800">
              {t('creators.filters.verifiedOnly')}
            </label>
            <p id={`${base}-verified-hint`} className="text-xs text-slate-600">
              {t('creators.filters.verifiedOnlyHint')}
            </p>
          </div>
        </div>
      </div>
      <div className="sm:col-span-2 lg:col-span-4">
        <Button variant="ghost" size="sm" onClick={onClear}>
          {t('creators.filters.clear')}
        </Button>
      </div>
    </section>
  );
}
