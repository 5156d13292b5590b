import { useEffect, useId, useRef } from 'react';
import { useT } from '@/i18n/use-t';
import { platformLabel } from '@/lib/format';
import { PLATFORMS } from '../api/campaign-schema';
import { campaignsCatalog } from '../messages/catalog';

/**
 * The platforms of a campaign as checkboxes, with an "All platforms" shortcut that selects or clears all
 * five (shown mixed when only some are chosen). A fieldset, so the group's name and its error are read
 * with each checkbox.
 */
export function PlatformCheckboxes({ value, onChange, onBlur, error }: { value: string[]; onChange: (next: string[]) => void; onBlur?: () => void; error?: string | undefined }) {
  const errorId = useId();
  const allRef = useRef<HTMLInputElement>(null);
  const all = PLATFORMS.every((p) => value.includes(p));
  const some = !all && value.length > 0;
  useEffect(() => {
    if (allRef.current) allRef.current.indeterminate = some;
  }, [some]);
  const { t } = useT(campaignsCatalog);
  const toggle = (platform: string, checked: boolean) => {
    const next = checked ? [...value, platform] : value.filter((p) => p !== platform);
    // Keep the canonical order so the stored list does not depend on click order.
    onChange(PLATFORMS.filter((p) => next.includes(p)));
  };
  return (
    <fieldset aria-describedby={error ? errorId : undefined} aria-invalid={error ? true : undefined}>
      <legend className="text-sm font-medium text-slate-800">{t('campaigns.field.platforms')}</legend>
      <div className="mt-2 grid grid-cols-2 gap-2 sm:grid-cols-3">
        <label className="flex min-h-10 items-center gap-2 rounded-md border border-slate-300 px-3 text-sm font-medium text-slate-900">
          <input ref={allRef} type="checkbox" className="size-4" checked={all} onBlur={onBlur} onChange={(e) => onChange(e.target.checked ? [...PLATFORMS] : [])} />
          {t('campaigns.platforms.all')}
        </label>
        {PLATFORMS.map((p) => (
          <label key={p} className="flex min-h-10 items-center gap-2 rounded-md border border-slate-300 px-3 text-sm text-slate-900">
            <input type="checkbox" className="size-4" name="platforms" value={p} checked={value.includes(p)} onBlur={onBlur} onChange={(e) => toggle(p, e.target.checked)} />
            {platformLabel(p)}
          </label>
        ))}
      </div>
      {error && (
        <p id={errorId} className="mt-1 text-sm text-red-700">
          {error}
        </p>
      )}
    </fieldset>
  );
}
