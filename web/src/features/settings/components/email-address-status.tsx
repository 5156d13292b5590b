import { Link } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/toast';
import { paths } from '@/config/paths';
import { useT } from '@/i18n/use-t';
import { useRetryEmailAddress } from '../api/email-preferences';
import { settingsCatalog } from '../messages/catalog';
import { settingsErrorText } from '../messages/settings-text';

interface Props {
  userId: string;
  email: string;
  /** Set when the mail server refused the address for good: nothing is sent to it until the user retries. */
  failedAt: string | null;
  failure: string | null;
}

/**
 * Where emails go and, when the mail server refused that address, why, with the way to be emailed again
 * (after the user has fixed the mailbox or changed the address in Account).
 */
export function EmailAddressStatus({ userId, email, failedAt, failure }: Props) {
  const retry = useRetryEmailAddress(userId);
  const { t } = useT(settingsCatalog);
  const onRetry = () =>
    retry.mutate(undefined, {
      onSuccess: () => toast({ title: t('settings.email.toast.retried', { email }), description: t('settings.email.toast.retriedText') }),
    });
  return (
    <div className="space-y-3">
      <p className="text-sm text-slate-700">
        {t('settings.email.address', { email })}{' '}
        <Link to={paths.settings.getHref()} className="font-medium text-brand-700 underline hover:text-brand-800">
          {t('settings.email.changeAddress')}
        </Link>
      </p>
      {failedAt && (
        <section aria-labelledby="email-failed-title" className="rounded-md border border-amber-300 bg-amber-50 p-4">
          <h3 id="email-failed-title" className="flex items-center gap-2 text-sm font-semibold text-amber-900">
            <span aria-hidden="true">⚠</span>
            {t('settings.email.failed.title')}
          </h3>
          <p className="mt-1 text-sm break-words text-amber-900">
            {t('settings.email.failed.text', { email, reason: (failure ?? '').replace(/[.\s]+$/, '') })}
          </p>
          <Button variant="secondary" size="sm" className="mt-3" pending={retry.isPending} onClick={onRetry}>
            {t('settings.email.failed.retry')}
          </Button>
          {retry.isError && (
            <p role="alert" className="mt-2 text-sm text-red-800">
              {t('settings.email.failed.retryError', { reason: settingsErrorText(t, retry.error) })}
            </p>
          )}
        </section>
      )}
    </div>
  );
}
