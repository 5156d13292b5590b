import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { DashboardLayout, navLinkClass } from '@/components/layouts/dashboard-layout';
import { ScreenSkeleton } from '@/components/ui/skeleton';
import { CampaignsBrowser } from '@/features/campaigns/components/campaigns-browser';
import { PublicCampaignsList } from '@/features/campaigns/components/public-campaigns-list';
import { NotificationBell } from '@/features/notifications/components/notification-bell';
import { setLocale } from '@/i18n/locale-store';
import { DEFAULT_LOCALE, LOCALES } from '@/i18n/locales';
import { SessionProvider } from '@/lib/auth';

const ignore = () => undefined;

/** Stands for the user's name in the prerendered shell; index.html's script writes the name in its place. */
export const SHELL_NAME_MARKER = '\u2063NAME\u2063';
/** Where the screen goes in a prerendered shell (an element the script replaces). */
export const SHELL_SLOT = 'data-shell-slot';
export const SHELL_ROLES = ['creator', 'brand', 'admin'] as const;

export interface ShellParts {
  /** The signed-in shell of each role and language, its screen left as SHELL_SLOT. */
  chrome: Record<string, string>;
  /** Screens in each language: /campaigns before its data, the generic skeleton, /explore before its data. */
  screens: Record<string, string>;
  /** A sidebar link's classes, current and not. */
  navLink: { current: string; other: string };
}

/**
 * The signed-in shell and the screens drawn before their data, in both languages, for index.html
 * (web/build/prerender-shell.ts, decision 0037): the real components, rendered as React renders them
 * before the profile and the screen's reads are in. Build time only, never loaded by the app.
 */
export async function renderShellParts(): Promise<ShellParts> {
  const chrome: Record<string, string> = {};
  const screens: Record<string, string> = {};
  const clients: QueryClient[] = [];
  const render = (path: string, node: ReactNode) =>
    renderToString(
      <I18nProvider i18n={i18n}>
        <QueryClientProvider client={clients[clients.push(new QueryClient()) - 1]!}>
          <SessionProvider>
            <MemoryRouter initialEntries={[path]}>{node}</MemoryRouter>
          </SessionProvider>
        </QueryClientProvider>
      </I18nProvider>,
    );
  for (const locale of LOCALES) {
    // Every catalog the rendered components registered, in this language, before rendering (no suspending).
    await setLocale(locale, { remember: false });
    for (const role of SHELL_ROLES) {
      chrome[`${role}-${locale}`] = render(
        '/',
        <DashboardLayout role={role} userName={SHELL_NAME_MARKER} unreadCount={0} bell={<NotificationBell userId={undefined} />} onSignOut={ignore} signingOut={false}>
          <div {...{ [SHELL_SLOT]: '' }} />
        </DashboardLayout>,
      );
    }
    screens[`campaigns-${locale}`] = render('/campaigns', <CampaignsBrowser isCreator={false} />);
    screens[`skeleton-${locale}`] = render('/', <ScreenSkeleton />);
    screens[`explore-${locale}`] = render('/explore', <PublicCampaignsList />);
  }
  await setLocale(DEFAULT_LOCALE, { remember: false });
  // The screens' queries were created (never run): their garbage-collection timers would hold the build's
  // process open for minutes.
  for (const client of clients) client.clear();
  return { chrome, screens, navLink: { current: navLinkClass(true), other: navLinkClass(false) } };
}
