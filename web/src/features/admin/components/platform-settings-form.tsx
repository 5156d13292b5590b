import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { TextField } from '@/components/ui/form-field';
import { SelectField } from '@/components/ui/select-field';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/toast';
import { useFormat } from '@/i18n/format';
import { useT } from '@/i18n/use-t';
import { type PlatformSettings, usePlatformSettings, useUpdatePlatformSettings } from '../api/money';
import { inputToArgs, PAYOUT_SCHEDULES, type PlatformSettingsInput, platformSettingsSchema, refusedField, settingsToInput } from '../api/platform-settings-schema';
import { adminErrorText, settingsValidationText } from '../messages/admin-text';
import { adminCatalog } from '../messages/catalog';

/** The money settings admins change: the fee, the brands' review window and the payout rules. */
export function PlatformSettingsCard() {
  const { data, error, isPending } = usePlatformSettings();
  const { t } = useT(adminCatalog);
  return (
    <Card className="p-5 sm:p-6">
      <section aria-labelledby="admin-platform-settings">
        <h2 id="admin-platform-settings" className="text-lg font-semibold text-slate-900">
          {t('admin.settings.title')}
        </h2>
        <p className="mt-1 text-sm text-slate-600">{t('admin.settings.lead')}</p>
        <div className="mt-4">
          {isPending ? (
            <Spinner />
          ) : error || !data ? (
            <p role="alert" className="text-sm text-red-700">
              {t('admin.settings.loadError', { reason: adminErrorText(t, error) })}
            </p>
          ) : (
            // A save refetches the settings; the new updated_at gives the form the stored values.
            <PlatformSettingsForm key={data.updated_at} settings={data} />
          )}
        </div>
      </section>
    </Card>
  );
}

/**
 * Each field is checked as typed (the same ranges as the database); a refusal of the database is shown on
 * its field, and what was typed stays.
 */
function PlatformSettingsForm({ settings }: { settings: PlatformSettings }) {
  const f = useFormat();
  const form = useForm<PlatformSettingsInput>({ resolver: zodResolver(platformSettingsSchema), defaultValues: settingsToInput(settings) });
  const update = useUpdatePlatformSettings();
  const { t } = useT(adminCatalog);
  const { errors } = form.formState;
  const error = (message: string | undefined) => settingsValidationText(t, message);

  const onSubmit = form.handleSubmit((values) =>
    update.mutate(inputToArgs(values), {
      onSuccess: () => toast({ kind: 'admin.platformSettings', title: t('admin.settings.saved'), description: t('admin.settings.savedText') }),
      onError: (e) => {
        const refused = refusedField(e);
        if (refused) form.setError(refused[0], { message: refused[1] }, { shouldFocus: true });
        toast({ kind: 'admin.platformSettings', title: t('admin.settings.saveFailed'), description: adminErrorText(t, e), variant: 'destructive' });
      },
    }),
  );

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-4" aria-labelledby="admin-platform-settings">
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label={t('admin.settings.fee')}
          inputMode="decimal"
          autoComplete="off"
          hint={t('admin.settings.fee.hint')}
          error={error(errors.feePercent?.message)}
          {...form.register('feePercent')}
        />
        <TextField
          label={t('admin.settings.reviewWindow')}
          inputMode="numeric"
          autoComplete="off"
          hint={t('admin.settings.reviewWindow.hint')}
          error={error(errors.reviewWindowHours?.message)}
          {...form.register('reviewWindowHours')}
        />
        <TextField
          label={t('admin.settings.payoutMinimum')}
          inputMode="decimal"
          autoComplete="off"
          hint={t('admin.settings.payoutMinimum.hint')}
          error={error(errors.payoutMinimum?.message)}
          {...form.register('payoutMinimum')}
        />
        <SelectField label={t('admin.settings.schedule')} error={error(errors.payoutSchedule?.message)} {...form.register('payoutSchedule')}>
          {PAYOUT_SCHEDULES.map((s) => (
            <option key={s} value={s}>
              {t(`admin.settings.schedule.${s}`)}
            </option>
          ))}
        </SelectField>
      </div>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-xs text-slate-600">{t('admin.settings.updatedAt', { when: f.dateTime(settings.updated_at) })}</p>
        <Button type="submit" pending={update.isPending}>
          {update.isPending ? t('admin.settings.saving') : t('admin.settings.save')}
        </Button>
      </div>
    </form>
  );
}
