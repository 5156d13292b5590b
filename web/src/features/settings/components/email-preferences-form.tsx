import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/toast';
import { useT } from '@/i18n/use-t';
import { ruleMessages } from '@/i18n/rule-messages';
import { emailPreferenceMessages, emailPreferencesSchema, type EmailPreferencesValues } from '../api/email-preferences-schema';
import { useSaveEmailPreferences } from '../api/email-preferences';
import { settingsCatalog } from '../messages/catalog';
import { settingsErrorText } from '../messages/settings-text';
import { EMAIL_SWITCHES, type EmailSwitch as Category, MESSAGE_FREQUENCIES } from '../utils/email-categories';
import type en from '../messages/en.json';
import { EmailSwitch, FrequencyOption } from './email-choice';

const rules = ruleMessages<keyof typeof en>(emailPreferenceMessages, 'settings.email.validation');

/** The form field of each on/off category (the api's disputes_reviews is camel-cased in the form). */
const FIELD = { applications: 'applications', work: 'work', payments: 'payments', disputes_reviews: 'disputesReviews' } as const satisfies Record<Category, keyof EmailPreferencesValues>;

/**
 * The Notifications tab's choices: a switch per category of email and how often message emails come.
 * A refused save keeps every choice as the user left it and says why next to the button.
 */
export function EmailPreferencesForm({ userId, initial }: { userId: string; initial: EmailPreferencesValues }) {
  const form = useForm<EmailPreferencesValues>({ resolver: zodResolver(emailPreferencesSchema), defaultValues: initial });
  const save = useSaveEmailPreferences(userId);
  const [saveError, setSaveError] = useState<string | null>(null);
  const messagesHintId = useId();
  const { t } = useT(settingsCatalog);
  const messagesError = rules.text(t, form.formState.errors.messages?.message);

  const onSubmit = form.handleSubmit((values) => {
    setSaveError(null);
    save.mutate(values, {
      onSuccess: () => {
        form.reset(values);
        toast({ kind: 'settings.emailPreferences', title: t('settings.email.toast.saved'), description: t('settings.email.toast.savedText') });
      },
      onError: (error) => {
        const reason = settingsErrorText(t, error);
        setSaveError(reason);
        toast({ kind: 'settings.emailPreferences', title: t('settings.toast.updateFailed'), description: reason, variant: 'destructive' });
      },
    });
  });

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-6" aria-label={t('settings.email.title')}>
      <fieldset>
        <legend className="text-sm font-semibold text-slate-900">{t('settings.email.categories')}</legend>
        <div className="mt-1 divide-y divide-slate-200">
          {EMAIL_SWITCHES.map((category) => (
            <EmailSwitch
              key={category}
              label={t(`settings.email.category.${category}`)}
              hint={t(`settings.email.category.${category}.hint`)}
              register={form.register(FIELD[category])}
            />
          ))}
        </div>
      </fieldset>
      <fieldset aria-describedby={messagesHintId}>
        <legend className="text-sm font-semibold text-slate-900">{t('settings.email.messages')}</legend>
        <p id={messagesHintId} className="text-sm text-slate-600">
          {t('settings.email.messages.hint')}
        </p>
        <div className="mt-3 grid gap-2 sm:grid-cols-3">
          {MESSAGE_FREQUENCIES.map((value) => (
            <FrequencyOption
              key={value}
              value={value}
              label={t(`settings.email.messages.${value}`)}
              hint={t(`settings.email.messages.${value}.hint`)}
              register={form.register('messages')}
            />
          ))}
        </div>
        {messagesError && (
          <p role="alert" className="mt-2 text-sm text-red-700">
            {messagesError}
          </p>
        )}
      </fieldset>
      {saveError !== null && (
        <p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-800">
          {t('settings.email.saveError', { reason: saveError })}
        </p>
      )}
      <Button type="submit" pending={save.isPending}>
        {save.isPending ? t('settings.saving') : t('settings.email.save')}
      </Button>
    </form>
  );
}
