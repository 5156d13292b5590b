import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ErrorBoundary } from '@/components/errors/error-boundary';
import { MainErrorFallback } from '@/components/errors/main-error-fallback';
import { Toaster } from '@/components/ui/toast';
import { SessionProvider } from '@/lib/auth';
import { queryClient } from '@/lib/query-client';
// Activates the reader's language before anything renders: a signed-in user's, else the browser's choice.
import '@/i18n/locale-store';
import { startInSignedInLanguage } from '@/i18n/signed-in-language';

startInSignedInLanguage();

/** Everything every screen relies on: the language, the query cache, the session, the toasts. */
export function AppProvider({ children }: { children: ReactNode }) {
  return (
    <ErrorBoundary fallback={() => <MainErrorFallback />}>
      <I18nProvider i18n={i18n}>
        <QueryClientProvider client={queryClient}>
          <SessionProvider>
            {children}
            <Toaster />
          </SessionProvider>
        </QueryClientProvider>
      </I18nProvider>
    </ErrorBoundary>
  );
}
