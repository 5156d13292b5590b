import { zodResolver } from '@hookform/resolvers/zod';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/form-field';
import { SelectField } from '@/components/ui/select-field';
import { TextAreaField } from '@/components/ui/textarea-field';
import { useFormat } from '@/i18n/format';
import { useT } from '@/i18n/use-t';
import { useCampaignRules } from '../api/campaign-rules';
import {
  COMPENSATION_TYPES,
  FORM_CONTENT_TYPES,
  MAX_REVISION_ROUNDS,
  DEFAULT_PUBLISH_RULES,
  campaignFormSchema,
  campaignMessages,
  earliestPublishedDeadlineInput,
  maxDeadlineInput,
  toCampaignInput,
  todayInput,
  type CampaignFormOutput,
  type CampaignFormValues,
  type StoredCampaignValues,
} from '../api/campaign-schema';
import { campaignErrorField, campaignStatusText, campaignValidationText, compensationTypeText, contentTypeText } from '../messages/campaign-text';
import type { CampaignInput } from '../types';
import { campaignsCatalog } from '../messages/catalog';
import { allowedEditStatuses, CAMPAIGN_STATUSES } from '../utils/status';
import { PlatformCheckboxes } from './platform-checkboxes';
import { PublishConfirmDialog } from './publish-confirm-dialog';
import { UsageRightsFields } from './usage-rights-fields';

export interface CampaignFormProps {
  mode: 'create' | 'edit';
  defaultValues: CampaignFormValues;
  /** Edit only: the campaign's status now, which decides the statuses it may move to. */
  currentStatus?: string;
  pending: boolean;
  /** The last refusal of the server: the codes about a field show on it (what was typed stays). */
  serverError?: unknown;
  submitLabel: string;
  /** Called with the checked values; a campaign going live is confirmed in a dialog first. */
  onSubmit: (values: CampaignFormValues) => void;
  onCancel?: () => void;
  /** The brief's files (brief-files-editor.tsx), shown above the buttons. */
  attachments?: ReactNode;
}

/**
 * The campaign form of create and edit. Validation runs on submit and then on every change; what was
 * typed stays in the form whatever the server answers: a refusal about the compensation or the deadline
 * shows on that field, others in the caller's toast. Saving a campaign as active that was not active
 * (publishing) first shows what creators will see and asks for confirmation (issue 30, item 8).
 */
export function CampaignForm({ mode, defaultValues, currentStatus, pending, serverError, submitLabel, onSubmit, onCancel, attachments }: CampaignFormProps) {
  const initialDeadline = defaultValues.deadline;
  const rulesQuery = useCampaignRules();
  const rules = rulesQuery.data ?? DEFAULT_PUBLISH_RULES;
  const stored = useMemo<StoredCampaignValues | undefined>(
    () =>
      mode === 'edit'
        ? { status: currentStatus ?? 'draft', compensationType: defaultValues.compensationType, compensation: defaultValues.compensation, deadline: initialDeadline }
        : undefined,
    [mode, currentStatus, defaultValues.compensationType, defaultValues.compensation, initialDeadline],
  );
  const schema = useMemo(
    () => campaignFormSchema(mode, undefined, mode === 'edit' ? initialDeadline : undefined, rules, stored),
    [mode, initialDeadline, rules, stored],
  );
  const form = useForm<CampaignFormValues, unknown, CampaignFormOutput>({ resolver: zodResolver(schema), defaultValues });
  const [confirming, setConfirming] = useState<{ values: CampaignFormValues; input: CampaignInput } | null>(null);
  const { setError } = form;
  const refetchRules = rulesQuery.refetch;
  // A refusal closes the dialog and, when it is about a field, says so on the field.
  useEffect(() => {
    if (!serverError) return;
    setConfirming(null);
    const field = campaignErrorField(serverError);
    const details = (serverError as { details?: unknown }).details;
    if (field === 'compensation') {
      // The fee may have changed since the form loaded: the field names the minimum now.
      void refetchRules();
      setError('compensation', { message: campaignMessages.compensationMinimum }, { shouldFocus: true });
    } else if (field === 'deadline') {
      setError('deadline', { message: details === 'deadline_past' ? campaignMessages.deadlinePast : campaignMessages.deadlineTooSoon }, { shouldFocus: true });
    }
  }, [serverError, setError, refetchRules]);
  const f = useFormat();
  const { t } = useT(campaignsCatalog);
  const { register, control, handleSubmit, formState, watch } = form;
  const errors = formState.errors;
  const amounts = { minimum: f.money(rules.minimumFlatFeeCents), net: f.money(rules.minimumNetCents) };
  // The schema's messages identify the rule; the reader sees them in their language.
  const error = (message: string | undefined) => campaignValidationText(t, message, amounts);
  const publishing = (values: CampaignFormValues) => values.status === 'active' && (mode === 'create' || currentStatus !== 'active');
  const submit = (values: CampaignFormValues) => {
    if (publishing(values)) setConfirming({ values, input: toCampaignInput(values) });
    else onSubmit(values);
  };
  const status = watch('status');
  const compensationType = watch('compensationType');

  const statuses = mode === 'create' ? (['draft', 'active'] as const) : CAMPAIGN_STATUSES;
  const allowed = allowedEditStatuses(currentStatus ?? 'draft');
  const statusOptions = statuses.map((s) => ({ value: s, label: campaignStatusText(t, s), disabled: mode === 'edit' && !allowed.includes(s) }));

  return (
    <form noValidate onSubmit={handleSubmit(submit)} className="space-y-5">
      <TextField label={t('campaigns.field.title')} autoComplete="off" maxLength={200} error={error(errors.title?.message)} {...register('title')} />
      <TextAreaField label={t('campaigns.field.description')} rows={5} error={error(errors.description?.message)} {...register('description')} />
      <div className="grid gap-5 sm:grid-cols-2">
        <SelectField
          label={t('campaigns.field.contentType')}
          options={FORM_CONTENT_TYPES.map((type) => ({ value: type, label: contentTypeText(t, type) }))}
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
          hint={compensationType === 'flat_fee' ? t('campaigns.field.compensationUsd.minimumHint', { minimum: amounts.minimum }) : t('campaigns.field.compensationUsd.hint')}
          error={error(errors.compensation?.message)}
          {...register('compensation')}
        />
        <TextField
          label={t('campaigns.field.deadline')}
          type="date"
          // A campaign going live ends after today; a draft may keep today (the picker's minimum on create).
          min={mode === 'create' ? (status === 'active' ? earliestPublishedDeadlineInput() : todayInput()) : undefined}
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
      <div className="flex items-start gap-3">
        <input id="campaign-draft-review" type="checkbox" className="mt-0.5 size-4" aria-describedby="campaign-draft-review-hint" {...register('draftReview')} />
        <div>
          <label htmlFor="campaign-draft-review" className="text-sm font-medium text-slate-800">
            {t('campaigns.field.draftReview')}
          </label>
          <p id="campaign-draft-review-hint" className="text-xs text-slate-500">
            {t('campaigns.field.draftReview.hint')}
          </p>
        </div>
      </div>
      <UsageRightsFields form={form} error={error} />
      {attachments}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        {onCancel && (
          <Button variant="secondary" onClick={onCancel} disabled={pending}>
            {t('campaigns.form.cancel')}
          </Button>
        )}
        <Button type="submit" pending={pending && confirming === null}>
          {submitLabel}
        </Button>
      </div>
      <PublishConfirmDialog
        input={confirming?.input ?? null}
        pending={pending}
        onConfirm={() => confirming && onSubmit(confirming.values)}
        onClose={() => setConfirming(null)}
      />
    </form>
  );
}
