import { Spinner } from '@/components/ui/spinner';
import { useT } from '@/i18n/use-t';
import { toFormValues } from '../api/email-preferences-schema';
import { useEmailPreferences } from '../api/email-preferences';
import { settingsCatalog } from '../messages/catalog';
import { settingsErrorText } from '../messages/settings-text';
import { EmailAddressStatus } from './email-address-status';
import { EmailPreferencesForm } from './email-preferences-form';

/** The Notifications tab: where emails go, whether that address works, and which emails to get. */
export function EmailPreferences({ userId }: { userId: string }) {
  const prefs = useEmailPreferences(userId);
  const { t } = useT(settingsCatalog);
  if (prefs.isPending) return <Spinner label={t('settings.email.loading')} />;
  if (prefs.isError) {
    return (
      <p role="alert" className="text-sm text-red-700">
        {t('settings.email.loadError', { reason: settingsErrorText(t, prefs.error) })}
      </p>
    );
  }
  const { email, email_failed_at, email_failure } = prefs.data;
  return (
    <div className="space-y-6">
      <EmailAddressStatus userId={userId} email={email} failedAt={email_failed_at} failure={email_failure} />
      <EmailPreferencesForm userId={userId} initial={toFormValues(prefs.data)} />
      <p className="border-t border-slate-200 pt-4 text-sm text-slate-600">{t('settings.email.inApp')}</p>
    </div>
  );
}
