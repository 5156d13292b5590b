import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { AuthScreen } from '@/features/auth/components/auth-screen';
import { setLocale } from '@/i18n/locale-store';
import type { Locale } from '@/i18n/locales';
import { SessionProvider } from '@/lib/auth';

const ignore = () => undefined;

/**
 * The auth screen as HTML, in one language (the build asks for each), for the build to put into index.html
 * (web/build/prerender-auth.ts). Loaded by Vite in Node at build time only, never by the app. It renders
 * the same component the route renders, with the providers it reads, so the page a guest sees before the
 * JavaScript has run is the screen itself (see that plugin for how it is shown and replaced).
 */
export async function renderAuthScreen(locale: Locale): Promise<{ html: string; locale: string }> {
  // Every catalog the screen's modules registered, in that language, before rendering (no suspending).
  await setLocale(locale, { remember: false });
  const html = renderToString(
    <I18nProvider i18n={i18n}>
      <QueryClientProvider client={new QueryClient()}>
        <SessionProvider>
          <MemoryRouter initialEntries={['/auth']}>
            <AuthScreen onSignedIn={ignore} onRegistered={ignore} locale={locale} />
          </MemoryRouter>
        </SessionProvider>
      </QueryClientProvider>
    </I18nProvider>,
  );
  return { html, locale: i18n.locale };
}

