import { Trans } from '@lingui/react';
import { type ReactNode, useEffect, useRef } from 'react';
import { Link } from 'react-router-dom';
import { Button, ButtonLink } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { LanguageSwitch } from '@/components/ui/language-switch';
import { paths } from '@/config/paths';
import { useT } from '@/i18n/use-t';
import { type Locale } from '@/i18n/locales';
import { useLanguage } from '@/i18n/user-language';
import { useUnsubscribe } from '../api/unsubscribe';
import { settingsCatalog } from '../messages/catalog';
import { categoryOfToken } from '../utils/email-categories';

const PREFERENCES_HREF = paths.settings.getHref('notifications');

/** The emails function's answer to a forged, damaged or foreign token. */
const isInvalidToken = (error: unknown) => (error as { code?: unknown } | null)?.code === 'invalid_unsubscribe_token';

/**
 * /unsubscribe?token=...: the page an email's unsubscribe link opens, signed in or out. It asks first and
 * unsubscribes only on the button, because mail scanners open every link of an email. The category is
 * read from the token to ask the question; whether the token is genuine only the emails function knows.
 */
export function UnsubscribeScreen({ token, locale: readerLocale, signedIn }: { token: string | null; locale: Locale; signedIn: boolean }) {
  useLanguage(readerLocale);
  const unsubscribe = useUnsubscribe();
  const heading = useRef<HTMLHeadingElement>(null);
  const category = categoryOfToken(token);
  const invalid = !category || isInvalidToken(unsubscribe.error);
  const state = invalid ? 'invalid' : unsubscribe.isSuccess ? 'done' : 'ask';
  // The page's message changes in place: the new heading takes the focus so it is read out.
  useEffect(() => {
    if (state !== 'ask') heading.current?.focus();
  }, [state]);
  const { t, locale } = useT(settingsCatalog);

  let body: ReactNode;
  if (state === 'invalid' || !category) {
    body = (
      <>
        <h1 ref={heading} tabIndex={-1} className="text-xl font-bold text-slate-900 outline-none">
          {t('settings.unsubscribe.invalid')}
        </h1>
        <p className="mt-2 text-sm text-slate-600">{t('settings.unsubscribe.invalidText')}</p>
        <ButtonLink to={PREFERENCES_HREF} className="mt-6 w-full">
          {signedIn ? t('settings.unsubscribe.manage') : t('settings.unsubscribe.signIn')}
        </ButtonLink>
      </>
    );
  } else if (state === 'done') {
    body = (
      <>
        <h1 ref={heading} tabIndex={-1} className="text-xl font-bold text-slate-900 outline-none">
          {t(`settings.unsubscribe.done.${category}`)}
        </h1>
        <p className="mt-2 text-sm text-slate-600">
          <Trans id="settings.unsubscribe.doneText" components={{ 0: <Link to={PREFERENCES_HREF} className="font-medium text-brand-700 underline" /> }} />
        </p>
      </>
    );
  } else {
    const failed = unsubscribe.isError ? ((unsubscribe.error as { code?: unknown }).code === 'network_error' ? 'settings.error.network' : 'settings.error.unknown') : null;
    body = (
      <>
        <h1 className="text-xl font-bold text-slate-900">{t(`settings.unsubscribe.question.${category}`)}</h1>
        <p className="mt-2 text-sm text-slate-600">{t('settings.unsubscribe.questionText')}</p>
        {failed && (
          <p role="alert" className="mt-4 rounded-md bg-red-50 p-3 text-sm text-red-800">
            {t('settings.unsubscribe.error', { reason: t(failed) })}
          </p>
        )}
        <Button className="mt-6 w-full" pending={unsubscribe.isPending} onClick={() => unsubscribe.mutate(token!.trim())}>
          {t('settings.unsubscribe.confirm')}
        </Button>
      </>
    );
  }

  return (
    <div lang={locale} className="flex min-h-screen items-start justify-center bg-slate-50 px-4 py-10 sm:items-center">
      <main className="w-full max-w-md">
        <div className="flex justify-end">
          <LanguageSwitch />
        </div>
        <p className="mt-4 text-center text-sm font-semibold tracking-wide text-brand-700 uppercase">{t('settings.unsubscribe.brand')}</p>
        <Card className="mt-6 p-6">{body}</Card>
      </main>
    </div>
  );
}
