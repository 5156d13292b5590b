import { useState } from 'react';
import { cn } from '@/components/ui/cn';
import { LanguageSwitch } from '@/components/ui/language-switch';
import { Tabs } from '@/components/ui/tabs';
import { useT } from '@/i18n/use-t';
import { guestLanguage, useLanguage } from '@/i18n/user-language';
import type { Locale } from '@/i18n/locales';
import type { Profile } from '@/types/api';
import { preloadAuthSubmit } from '../api/preload-auth';
import type { SignUpResult } from '../api/sign-up';
import { authCatalog } from '../messages/catalog';
import { AuthMarketingPanel } from './auth-marketing-panel';
import { LoginForm } from './login-form';
import { RegisterForm, type SignUpRole } from './register-form';

const tabs = [
  { tab: 'auth.tab.login', heading: 'auth.heading.login' },
  { tab: 'auth.tab.register', heading: 'auth.heading.register' },
] as const;

/**
 * The auth screen, in the visitor's language (the one picked with the switch, else the browser's, else
 * Spanish as the spec writes it; user-language.ts), in the other at a click: login and register
 * tabs, the pitch panel beside them on wide screens. Switching language keeps what was typed.
 */
export function AuthScreen({
  onSignedIn,
  onRegistered,
  initialTab = 'login',
  initialRole = 'creator',
  returnPath = null,
  locale: language,
}: {
  onSignedIn: (p: Profile | null) => void;
  onRegistered: (r: SignUpResult) => void;
  initialTab?: 'login' | 'register';
  /** The account type the register tab starts on (`?role=brand` from the landing page's "Join as a brand"). */
  initialRole?: SignUpRole;
  /** Where the sign-up confirmation link should come back to (a safe path of this site), if not the dashboard. */
  returnPath?: string | null;
  /** The language, when not the guest's (the build prerenders the screen in each; src/app/prerender.tsx). */
  locale?: Locale;
}) {
  const [tab, setTab] = useState(initialTab === 'register' ? 1 : 0);
  // A user who just signed out reads this screen as a guest again.
  useLanguage(language ?? guestLanguage());
  const { t, locale } = useT(authCatalog);
  return (
    <div lang={locale} className="flex min-h-screen">
      <main className="flex flex-1 items-start justify-center px-4 py-10 sm:items-center">
        <div className="w-full max-w-md">
          <div className="flex justify-end">
            <LanguageSwitch />
          </div>
          <p className="mt-4 text-center text-sm font-semibold tracking-wide text-brand-700 uppercase">{t('auth.brand')}</p>
          <h1 className="mt-2 text-center text-2xl font-bold text-slate-900">{t(tabs[tab]!.heading)}</h1>
          {/* The first interaction (focus, pointer) starts loading what a submit needs; looking costs nothing. */}
          {/* Light tabs of our own, not Headless UI's (11 KB gzip): the first paint of /auth waits on every byte. */}
          <Tabs
            selectedIndex={tab}
            onChange={setTab}
            className="mt-6"
            onFocusCapture={preloadAuthSubmit}
            onPointerDownCapture={preloadAuthSubmit}
            listClassName="grid grid-cols-2 rounded-lg bg-slate-200 p-1"
            tabClassName={(selected) =>
              cn('rounded-md py-2 text-sm font-medium', selected ? 'bg-white text-slate-900 shadow' : 'text-slate-700 hover:text-slate-900')
            }
            panelsClassName="mt-6 rounded-lg border border-slate-200 bg-white p-6 shadow-sm"
            items={[
              { label: t(tabs[0].tab), panel: <LoginForm onSignedIn={onSignedIn} /> },
              { label: t(tabs[1].tab), panel: <RegisterForm onRegistered={onRegistered} returnPath={returnPath} initialRole={initialRole} /> },
            ]}
          />
        </div>
      </main>
      <AuthMarketingPanel />
    </div>
  );
}
