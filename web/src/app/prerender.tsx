import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { AuthScreen } from '@/features/auth/components/auth-screen';
import { DEFAULT_LOCALE } from '@/i18n/locales';
import { SessionProvider } from '@/lib/auth';

const ignore = () => undefined;

/**
 * The auth screen as HTML, in the default language, for the build to put into index.html
 * (web/build/prerender-auth.ts). Loaded by Vite in Node at build time only, never by the app. It renders
 * the same component the route renders, with the providers it reads, so the page a guest sees before the
 * JavaScript has run is the screen itself (see that plugin for how it is shown and replaced).
 */
export function renderAuthScreen(): { html: string; locale: string } {
  i18n.activate(DEFAULT_LOCALE);
  const html = renderToString(
    <I18nProvider i18n={i18n}>
      <QueryClientProvider client={new QueryClient()}>
        <SessionProvider>
          <MemoryRouter initialEntries={['/auth']}>
            <AuthScreen onSignedIn={ignore} onRegistered={ignore} />
          </MemoryRouter>
        </SessionProvider>
      </QueryClientProvider>
    </I18nProvider>,
  );
  return { html, locale: DEFAULT_LOCALE };
}

