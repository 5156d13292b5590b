import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { ButtonLink } from '@/components/ui/button';
import { LanguageSwitch } from '@/components/ui/language-switch';
import { paths } from '@/config/paths';
import { useT } from '@/i18n/use-t';
import { useSession } from '@/lib/auth';
import { campaignsCatalog } from '../messages/catalog';

/**
 * The top bar and width of the public campaign pages, as the landing page has them: the site's name home,
 * the language switch, and the way in (or to the dashboard for someone signed in).
 */
export function PublicFrame({ children }: { children: ReactNode }) {
  const { session } = useSession();
  const { t, locale } = useT(campaignsCatalog);
  return (
    <div lang={locale} className="min-h-screen bg-slate-50">
      <header className="border-b border-slate-200 bg-white">
        {/* One row at 390 px with a wide system font (the way in was cut off at the edge); a narrower screen
            or font larger still puts the switch and the way in on a row of their own rather than off screen. */}
        <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-x-2 gap-y-2 px-3 py-4 sm:gap-x-3 sm:px-6">
          <Link to={paths.landing.getHref()} className="text-sm leading-tight font-semibold text-brand-700 sm:text-lg">
            {t('campaigns.public.site')}
          </Link>
          {/* The way in never wraps into two lines. */}
          <div className="flex shrink-0 items-center gap-2 sm:gap-3">
            <LanguageSwitch />
            <ButtonLink to={session ? paths.dashboard.getHref() : paths.auth.getHref()} variant="secondary" size="sm" className="whitespace-nowrap">
              {session ? t('campaigns.public.dashboard') : t('campaigns.public.signIn')}
            </ButtonLink>
          </div>
        </div>
      </header>
      <main className="mx-auto max-w-6xl px-4 py-8 sm:px-6">{children}</main>
    </div>
  );
}
