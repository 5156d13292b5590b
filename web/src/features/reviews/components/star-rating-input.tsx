import { useId, useState } from 'react';
import { cn } from '@/components/ui/cn';
import { useT } from '@/i18n/use-t';
import { STAR_VALUES } from '../api/review-schema';
import { reviewsCatalog } from '../messages/catalog';

export interface StarRatingInputProps {
  /** 0 while no star is chosen. */
  value: number;
  onChange: (value: number) => void;
  onBlur?: () => void;
  error?: string | undefined;
  disabled?: boolean;
}

/**
 * 1 to 5 stars as a radio group: the browser's own keyboard handling (Tab into the group, arrows to
 * change), each star labelled "3 stars", the legend naming the group and the chosen value written out
 * beside the stars. Pointing at a star previews it; the stars up to the value are filled.
 */
export function StarRatingInput({ value, onChange, onBlur, error, disabled }: StarRatingInputProps) {
  const name = useId();
  const errorId = `${name}-error`;
  const [preview, setPreview] = useState(0);
  const { t } = useT(reviewsCatalog);
  const shown = preview || value;
  return (
    <fieldset aria-describedby={error ? errorId : undefined} disabled={disabled}>
      <legend className="block text-sm font-medium text-slate-800">{t('reviews.form.rating')}</legend>
      <div className="mt-1 flex items-center gap-3">
        <div className="flex" onMouseLeave={() => setPreview(0)}>
          {STAR_VALUES.map((v) => (
            <label
              key={v}
              onMouseEnter={() => setPreview(v)}
              className={cn(
                'relative cursor-pointer rounded px-0.5 text-3xl leading-none',
                'has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-600',
                v <= shown ? 'text-amber-500' : 'text-slate-400',
              )}
            >
              <input
                type="radio"
                name={name}
                value={v}
                checked={value === v}
                onChange={() => onChange(v)}
                onBlur={onBlur}
                aria-invalid={error ? true : undefined}
                // Invisible but covering its star, so a tap or a screen reader's touch lands on the radio itself.
                className="absolute inset-0 m-0 size-full cursor-pointer appearance-none opacity-0"
              />
              <span aria-hidden="true">{v <= shown ? '★' : '☆'}</span>
              <span className="sr-only">{t('reviews.form.star', { count: v })}</span>
            </label>
          ))}
        </div>
        {value > 0 && (
          <span aria-hidden="true" className="text-sm text-slate-700">
            {t('reviews.form.star', { count: value })}
          </span>
        )}
      </div>
      {error && (
        <p id={errorId} className="mt-1 text-sm text-red-700">
          {error}
        </p>
      )}
    </fieldset>
  );
}
