import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ErrorBoundary } from '@/components/errors/error-boundary';
import { MainErrorFallback } from '@/components/errors/main-error-fallback';
import { Toaster } from '@/components/ui/toast';
import { SessionProvider } from '@/lib/auth';
import { queryClient } from '@/lib/query-client';

/** Everything every screen relies on: the query cache, the session, the toasts. */
export function AppProvider({ children }: { children: ReactNode }) {
  return (
    <ErrorBoundary fallback={() => <MainErrorFallback />}>
      <QueryClientProvider client={queryClient}>
        <SessionProvider>
          {children}
          <Toaster />
        </SessionProvider>
      </QueryClientProvider>
    </ErrorBoundary>
  );
}
