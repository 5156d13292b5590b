import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/form-field';
import { SelectField } from '@/components/ui/select-field';
import { TextAreaField } from '@/components/ui/textarea-field';
import { useT } from '@/i18n/use-t';
import {
  COMPENSATION_TYPES,
  FORM_CONTENT_TYPES,
  MAX_REVISION_ROUNDS,
  campaignFormSchema,
  maxDeadlineInput,
  todayInput,
  type CampaignFormOutput,
  type CampaignFormValues,
} from '../api/campaign-schema';
import { campaignStatusText, campaignValidationText, compensationTypeText, contentTypeText } from '../messages/campaign-text';
import { campaignsCatalog } from '../messages/catalog';
import { allowedEditStatuses, CAMPAIGN_STATUSES } from '../utils/status';
import { PlatformCheckboxes } from './platform-checkboxes';

export interface CampaignFormProps {
  mode: 'create' | 'edit';
  defaultValues: CampaignFormValues;
  /** Edit only: the campaign's status now, which decides the statuses it may move to. */
  currentStatus?: string;
  pending: boolean;
  submitLabel: string;
  onSubmit: (values: CampaignFormValues) => void;
  onCancel?: () => void;
}

/**
 * The campaign form of create and edit. Validation runs on submit and then on every change; what was
 * typed stays in the form whatever the server answers (the caller only shows a toast on error).
 */
export function CampaignForm({ mode, defaultValues, currentStatus, pending, submitLabel, onSubmit, onCancel }: CampaignFormProps) {
  const initialDeadline = defaultValues.deadline;
  const schema = useMemo(() => campaignFormSchema(mode, undefined, mode === 'edit' ? initialDeadline : undefined), [mode, initialDeadline]);
  const form = useForm<CampaignFormValues, unknown, CampaignFormOutput>({ resolver: zodResolver(schema), defaultValues });
  // The last hook: see useT's note in messages/catalog.ts.
  const { t } = useT(campaignsCatalog);
  const { register, control, handleSubmit, formState } = form;
  const errors = formState.errors;
  // The schema's messages identify the rule; the reader sees them in their language.
  const error = (message: string | undefined) => campaignValidationText(t, message);

  const statuses = mode === 'create' ? (['draft', 'active'] as const) : CAMPAIGN_STATUSES;
  const allowed = allowedEditStatuses(currentStatus ?? 'draft');
  const statusOptions = statuses.map((s) => ({ value: s, label: campaignStatusText(t, s), disabled: mode === 'edit' && !allowed.includes(s) }));
  // A campaign stored as a reel (seed data, the api) keeps its type when edited.
  const contentTypes: readonly string[] = defaultValues.contentType === 'reel' ? [...FORM_CONTENT_TYPES, 'reel'] : FORM_CONTENT_TYPES;

  return (
    <form noValidate onSubmit={handleSubmit(onSubmit)} className="space-y-5">
      <TextField label={t('campaigns.field.title')} autoComplete="off" maxLength={200} error={error(errors.title?.message)} {...register('title')} />
      <TextAreaField label={t('campaigns.field.description')} rows={5} error={error(errors.description?.message)} {...register('description')} />
      <div className="grid gap-5 sm:grid-cols-2">
        <SelectField
          label={t('campaigns.field.contentType')}
          options={contentTypes.map((type) => ({ value: type, label: contentTypeText(t, type) }))}
          error={error(errors.contentType?.message)}
          {...register('contentType')}
        />
        <SelectField
          label={t('campaigns.field.compensationType')}
          options={COMPENSATION_TYPES.map((type) => ({ value: type, label: compensationTypeText(t, type) }))}
          error={error(errors.compensationType?.message)}
          {...register('compensationType')}
        />
      </div>
      <Controller
        control={control}
        name="platforms"
        render={({ field, fieldState }) => <PlatformCheckboxes value={field.value} onChange={field.onChange} onBlur={field.onBlur} error={error(fieldState.error?.message)} />}
      />
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField
          label={t('campaigns.field.compensationUsd')}
          inputMode="decimal"
          type="text"
          autoComplete="off"
          hint={t('campaigns.field.compensationUsd.hint')}
          error={error(errors.compensation?.message)}
          {...register('compensation')}
        />
        <TextField
          label={t('campaigns.field.deadline')}
          type="date"
          min={mode === 'create' ? todayInput() : undefined}
          max={maxDeadlineInput()}
          error={error(errors.deadline?.message)}
          {...register('deadline')}
        />
      </div>
      <TextAreaField
        label={t('campaigns.field.requirements')}
        rows={4}
        hint={t('campaigns.field.requirements.hint')}
        error={error(errors.requirements?.message)}
        {...register('requirements')}
      />
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField
          label={t('campaigns.field.revisionRoundsIncluded')}
          type="number"
          inputMode="numeric"
          min={0}
          max={MAX_REVISION_ROUNDS}
          step={1}
          hint={t('campaigns.field.revisionRounds.hint')}
          error={error(errors.revisionRounds?.message)}
          {...register('revisionRounds')}
        />
        <SelectField label={t('campaigns.field.status')} options={statusOptions} error={error(errors.status?.message)} {...register('status')} />
      </div>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        {onCancel && (
          <Button variant="secondary" onClick={onCancel} disabled={pending}>
            {t('campaigns.form.cancel')}
          </Button>
        )}
        <Button type="submit" pending={pending}>
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}
