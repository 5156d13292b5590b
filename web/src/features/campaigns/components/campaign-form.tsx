import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/form-field';
import { SelectField } from '@/components/ui/select-field';
import { TextAreaField } from '@/components/ui/textarea-field';
import { compensationTypeLabel, titleCase } from '@/lib/format';
import { COMPENSATION_TYPES, FORM_CONTENT_TYPES, campaignFormSchema, maxDeadlineInput, todayInput, type CampaignFormOutput, type CampaignFormValues } from '../api/campaign-schema';
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
  const { register, control, handleSubmit, formState } = form;
  const errors = formState.errors;

  const statusOptions =
    mode === 'create'
      ? [
          { value: 'draft', label: 'Draft' },
          { value: 'active', label: 'Active' },
        ]
      : CAMPAIGN_STATUSES.map((s) => ({ value: s, label: titleCase(s), disabled: !allowedEditStatuses(currentStatus ?? 'draft').includes(s) }));

  return (
    <form noValidate onSubmit={handleSubmit(onSubmit)} className="space-y-5">
      <TextField label="Title" autoComplete="off" maxLength={200} error={errors.title?.message} {...register('title')} />
      <TextAreaField label="Description" rows={5} error={errors.description?.message} {...register('description')} />
      <div className="grid gap-5 sm:grid-cols-2">
        <SelectField
          label="Content type"
          options={FORM_CONTENT_TYPES.map((t): { value: string; label: string } => ({ value: t, label: titleCase(t) })).concat(
            // A campaign stored as a reel (seed data, the api) keeps its type when edited.
            defaultValues.contentType === 'reel' ? [{ value: 'reel', label: 'Reel' }] : [],
          )}
          error={errors.contentType?.message}
          {...register('contentType')}
        />
        <SelectField
          label="Compensation type"
          options={COMPENSATION_TYPES.map((t) => ({ value: t, label: compensationTypeLabel(t) }))}
          error={errors.compensationType?.message}
          {...register('compensationType')}
        />
      </div>
      <Controller
        control={control}
        name="platforms"
        render={({ field, fieldState }) => <PlatformCheckboxes value={field.value} onChange={field.onChange} onBlur={field.onBlur} error={fieldState.error?.message} />}
      />
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField
          label="Compensation (USD)"
          inputMode="decimal"
          type="text"
          autoComplete="off"
          hint="In US dollars, e.g. 250 or 249.99."
          error={errors.compensation?.message}
          {...register('compensation')}
        />
        <TextField label="Deadline" type="date" min={mode === 'create' ? todayInput() : undefined} max={maxDeadlineInput()} error={errors.deadline?.message} {...register('deadline')} />
      </div>
      <TextAreaField label="Requirements" rows={4} hint="Optional: length, hashtags, mentions, anything creators must include." error={errors.requirements?.message} {...register('requirements')} />
      <SelectField label="Status" options={statusOptions} error={errors.status?.message} {...register('status')} />
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        {onCancel && (
          <Button variant="secondary" onClick={onCancel} disabled={pending}>
            Cancel
          </Button>
        )}
        <Button type="submit" pending={pending}>
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}
