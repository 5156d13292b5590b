import { useId } from 'react';
import { Controller, type UseFormReturn } from 'react-hook-form';
import { TextField } from '@/components/ui/form-field';
import { useT } from '@/i18n/use-t';
import { platformLabel } from '@/lib/format';
import type { CampaignFormOutput, CampaignFormValues } from '../api/campaign-schema';
import { USAGE_PLATFORMS } from '../api/usage-rights-schema';
import { campaignsCatalog } from '../messages/catalog';

/**
 * The "Usage rights" section of the campaign form (decision 0056): organic posting only, or paid usage
 * on named platforms with its own price beside the content fee; territory, term and exclusivity for both.
 * `error` says a schema message in the reader's language.
 */
export function UsageRightsFields({ form, error }: { form: UseFormReturn<CampaignFormValues, unknown, CampaignFormOutput>; error: (message: string | undefined) => string | undefined }) {
  const platformsError = useId();
  const { t } = useT(campaignsCatalog);
  const { register, control, watch, formState } = form;
  const errors = formState.errors.usage;
  const paid = watch('usage.kind') === 'paid';
  const kinds = [
    { value: 'organic', label: t('campaigns.usage.kind.organic'), hint: t('campaigns.usage.kind.organic.hint') },
    { value: 'paid', label: t('campaigns.usage.kind.paid'), hint: t('campaigns.usage.kind.paid.hint') },
  ];
  return (
    <fieldset className="space-y-4 rounded-md border border-slate-200 p-4">
      <legend className="px-1 text-base font-semibold text-slate-900">{t('campaigns.usage.title')}</legend>
      <p className="text-sm text-slate-600">{t('campaigns.usage.lead')}</p>
      <div role="radiogroup" aria-label={t('campaigns.usage.kind')} className="grid gap-2 sm:grid-cols-2">
        {kinds.map((k) => (
          <label key={k.value} className="flex min-h-10 items-start gap-3 rounded-md border border-slate-300 p-3 text-sm text-slate-900 has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50">
            <input type="radio" className="mt-0.5 size-4" value={k.value} {...register('usage.kind')} />
            <span>
              <span className="block font-medium">{k.label}</span>
              <span className="block text-xs text-slate-600">{k.hint}</span>
            </span>
          </label>
        ))}
      </div>
      {paid && (
        <>
          <Controller
            control={control}
            name="usage.platforms"
            render={({ field, fieldState }) => {
              const message = error(fieldState.error?.message);
              return (
                <fieldset aria-describedby={message ? platformsError : undefined} aria-invalid={message ? true : undefined}>
                  <legend className="text-sm font-medium text-slate-800">{t('campaigns.usage.platforms')}</legend>
                  <div className="mt-2 grid grid-cols-2 gap-2 sm:grid-cols-3">
                    {USAGE_PLATFORMS.map((p) => (
                      <label key={p} className="flex min-h-10 items-center gap-2 rounded-md border border-slate-300 px-3 text-sm text-slate-900">
                        <input
                          type="checkbox"
                          className="size-4"
                          checked={field.value.includes(p)}
                          onBlur={field.onBlur}
                          onChange={(e) => {
                            const next = e.target.checked ? [...field.value, p] : field.value.filter((v) => v !== p);
                            field.onChange(USAGE_PLATFORMS.filter((x) => next.includes(x)));
                          }}
                        />
                        {platformLabel(p)}
                      </label>
                    ))}
                  </div>
                  {message && (
                    <p id={platformsError} className="mt-1 text-sm text-red-700">
                      {message}
                    </p>
                  )}
                </fieldset>
              );
            }}
          />
          <TextField
            label={t('campaigns.usage.price')}
            inputMode="decimal"
            autoComplete="off"
            hint={t('campaigns.usage.price.hint')}
            error={error(errors?.price?.message)}
            {...register('usage.price')}
          />
        </>
      )}
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label={t('campaigns.usage.territory')}
          autoComplete="off"
          hint={t('campaigns.usage.territory.hint')}
          error={error(errors?.territory?.message)}
          {...register('usage.territory')}
        />
        <TextField
          label={t('campaigns.usage.termDays')}
          type="number"
          inputMode="numeric"
          step={1}
          hint={t('campaigns.usage.termDays.hint')}
          error={error(errors?.termDays?.message)}
          {...register('usage.termDays')}
        />
        <TextField
          label={t('campaigns.usage.exclusivityCategory')}
          autoComplete="off"
          maxLength={100}
          hint={t('campaigns.usage.exclusivityCategory.hint')}
          error={error(errors?.exclusivityCategory?.message)}
          {...register('usage.exclusivityCategory')}
        />
        <TextField
          label={t('campaigns.usage.exclusivityDays')}
          type="number"
          inputMode="numeric"
          step={1}
          error={error(errors?.exclusivityDays?.message)}
          {...register('usage.exclusivityDays')}
        />
      </div>
    </fieldset>
  );
}
