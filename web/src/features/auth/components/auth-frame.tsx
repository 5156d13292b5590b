import { useEffect, useRef, type ReactNode } from 'react';
import { LanguageSwitch } from '@/components/ui/language-switch';
import { useT } from '@/i18n/use-t';
import { guestLanguage, useLanguage } from '@/i18n/user-language';
import type { Locale } from '@/i18n/locales';
import { authCatalog } from '../messages/catalog';
import { AuthMarketingPanel } from './auth-marketing-panel';

/**
 * The frame of the auth screens other than /auth's tabs (forgot password, new password, an email link's
 * landing): the same language switch, brand line, heading and card, the pitch panel beside them on wide
 * screens. The heading takes focus when it changes (a form turned into its confirmation), so a screen
 * reader hears the new state.
 */
export function AuthFrame({ heading, locale, children }: { heading: string; locale?: Locale; children: ReactNode }) {
  useLanguage(locale ?? guestLanguage());
  const headingRef = useRef<HTMLHeadingElement>(null);
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    headingRef.current?.focus();
  }, [heading]);
  const { t, locale: active } = useT(authCatalog);
  return (
    <div lang={active} className="flex min-h-screen">
      <main className="flex flex-1 items-start justify-center px-4 py-10 sm:items-center">
        <div className="w-full max-w-md">
          <div className="flex justify-end">
            <LanguageSwitch />
          </div>
          <p className="mt-4 text-center text-sm font-semibold tracking-wide text-brand-700 uppercase">{t('auth.brand')}</p>
          <h1 ref={headingRef} tabIndex={-1} className="mt-2 text-center text-2xl font-bold text-slate-900 outline-none">
            {heading}
          </h1>
          <div className="mt-6 rounded-lg border border-slate-200 bg-white p-6 shadow-sm">{children}</div>
        </div>
      </main>
      <AuthMarketingPanel />
    </div>
  );
}
