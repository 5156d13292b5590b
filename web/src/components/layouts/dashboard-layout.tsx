import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { Avatar } from '@/components/ui/avatar';
import { cn } from '@/components/ui/cn';
import { LanguageSwitch } from '@/components/ui/language-switch';
import { paths } from '@/config/paths';
import { commonCatalog } from '@/i18n/common-catalog';
import { useT } from '@/i18n/use-t';
import { whenIdle } from '@/lib/idle';
import { currentNavItem, navItemsForRole, type NavItem } from './nav-items';

// The slide-in menu brings Headless UI's Dialog: not needed to show a screen, so not in the shell's chunk.
const loadMobileMenu = () => import('./mobile-menu');
const MobileMenu = lazy(loadMobileMenu);
/** Tailwind's `lg` breakpoint, where the sidebar replaces the menu button. */
const NARROW_SCREEN = '(max-width: 1023.98px)';

export interface DashboardLayoutProps {
  role: string | undefined;
  userName: string | undefined;
  /**
   * The user's picture: null draws their initials; undefined (the prerendered and stored shells, which
   * know no picture) draws nothing in its place.
   */
  userPictureUrl?: string | null;
  unreadCount: number;
  /** The notifications bell (a feature's component): top right above the screen, in the phone's top bar. */
  bell?: ReactNode;
  onSignOut: () => void;
  signingOut: boolean;
  children: ReactNode;
}

/**
 * The signed-in shell: a fixed sidebar from the `lg` breakpoint, and below it a top bar whose menu button
 * opens the same navigation as a slide-in dialog (focus trapped, Escape closes).
 */
export function DashboardLayout({ role, userName, userPictureUrl, unreadCount, bell, onSignOut, signingOut, children }: DashboardLayoutProps) {
  const [menuOpen, setMenuOpen] = useState(false);
  // The menu is mounted (closed) once its code is wanted, so later openings slide in as before. On narrow
  // screens that is when the browser is idle after the first render; otherwise on the first tap.
  const [menuMounted, setMenuMounted] = useState(false);
  useEffect(() => {
    if (!window.matchMedia(NARROW_SCREEN).matches) return;
    // A failed preload is not mounted: the first tap tries again.
    return whenIdle(() => void loadMobileMenu().then(() => setMenuMounted(true), () => undefined));
  }, []);
  const { t } = useT(commonCatalog);
  const items = navItemsForRole(role);
  const nav = (onNavigate?: () => void) => (
    <SidebarNav items={items} unreadCount={unreadCount} onNavigate={onNavigate} onSignOut={onSignOut} signingOut={signingOut} userName={userName} userPictureUrl={userPictureUrl} />
  );
  return (
    <div className="min-h-screen">
      <a href="#main" className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2">
        {t('common.skipToContent')}
      </a>
      <aside aria-label={t('common.sidebar')} className="fixed inset-y-0 left-0 hidden w-64 flex-col border-r border-slate-200 bg-white lg:flex">
        <Brand />
        {nav()}
      </aside>

      <header className="sticky top-0 z-30 flex h-14 items-center justify-between border-b border-slate-200 bg-white px-4 lg:hidden">
        <Link to={paths.landing.getHref()} className="font-semibold text-brand-700">
          {t('common.brand')}
        </Link>
        <div className="flex items-center gap-1">
          {bell}
          <button
            type="button"
            onClick={() => {
              setMenuMounted(true);
              setMenuOpen(true);
            }}
            aria-label={t('common.menu.open')}
            className="relative rounded-md p-2 text-slate-700 hover:bg-slate-100"
          >
            <MenuIcon />
            {unreadCount > 0 && <span aria-hidden="true" className="absolute top-1 right-1 size-2 rounded-full bg-red-600" />}
          </button>
        </div>
      </header>

      {menuMounted && (
        <Suspense fallback={null}>
          <MobileMenu open={menuOpen} onClose={() => setMenuOpen(false)} title={<Brand />}>
            {nav(() => setMenuOpen(false))}
          </MobileMenu>
        </Suspense>
      )}

      {bell && <div className="hidden justify-end px-8 pt-3 lg:ml-64 lg:flex">{bell}</div>}
      <main id="main" tabIndex={-1} className={cn('px-4 py-6 sm:px-6 lg:ml-64 lg:px-8 lg:py-8', bell && 'lg:pt-2')}>
        {children}
      </main>
    </div>
  );
}

function Brand() {
  const { t } = useT(commonCatalog);
  return (
    // The mark never shrinks: with a wide system font the name fills the sidebar, and "CM" spilt out of its square.
    <Link to={paths.landing.getHref()} className="flex h-16 items-center gap-2 px-4 font-semibold whitespace-nowrap text-brand-700">
      <span aria-hidden="true" className="flex size-8 shrink-0 items-center justify-center rounded-lg bg-brand-600 text-white">
        {t('common.brandMark')}
      </span>
      {t('common.brand')}
    </Link>
  );
}

function SidebarNav({
  items,
  unreadCount,
  onNavigate,
  onSignOut,
  signingOut,
  userName,
  userPictureUrl,
}: {
  items: NavItem[];
  unreadCount: number;
  onNavigate: (() => void) | undefined;
  onSignOut: () => void;
  signingOut: boolean;
  userName: string | undefined;
  userPictureUrl: string | null | undefined;
}) {
  const location = useLocation();
  const { t } = useT(commonCatalog);
  // Several admin entries share one path and differ by their filter: the one matching path and query is current.
  const current = currentNavItem(items, location);
  return (
    <nav aria-label={t('common.nav.main')} className="flex flex-1 flex-col overflow-y-auto px-3 pb-4">
      {/* On the desktop sidebar Sign out sits at the bottom; in the slide-in menu it follows the links. */}
      <ul className="space-y-1 lg:flex-1">
        {items.map((item) => (
          <li key={item.label}>
            <Link
              to={item.href}
              onClick={onNavigate}
              aria-current={item === current ? 'page' : undefined}
              className={navLinkClass(item === current)}
            >
              <span>{t(item.label)}</span>
              {item.messages && unreadCount > 0 && (
                <span className="rounded-full bg-red-600 px-2 py-0.5 text-xs font-semibold text-white">
                  {unreadCount > 99 ? '99+' : unreadCount}
                  <span className="sr-only"> {t('common.nav.unread')}</span>
                </span>
              )}
            </Link>
          </li>
        ))}
      </ul>
      <div className="mt-4 border-t border-slate-200 pt-4">
        {userName && (
          <div className="flex items-center gap-2 px-3 pb-2">
            {userPictureUrl !== undefined && <Avatar src={userPictureUrl} name={userName} size="sm" decorative />}
            <p className="min-w-0 truncate text-xs text-slate-600">{t('common.signedInAs', { name: userName })}</p>
          </div>
        )}
        {/* The sidebar's full width (its links' pills, not their text): "Português" does not fit the text's. */}
        <LanguageSwitch className="mb-3 flex" />
        <button
          type="button"
          onClick={onSignOut}
          disabled={signingOut}
          className="flex w-full items-center rounded-md px-3 py-2 text-left text-sm font-medium text-slate-700 hover:bg-slate-100 disabled:opacity-60"
        >
          {t('common.signOut')}
        </button>
      </div>
    </nav>
  );
}

/** A sidebar link's classes, current or not (index.html's prerendered shell marks the current one: decision 0037). */
export function navLinkClass(current: boolean): string {
  return cn('flex items-center justify-between rounded-md px-3 py-2 text-sm font-medium', current ? 'bg-brand-50 text-brand-700' : 'text-slate-700 hover:bg-slate-100');
}

function MenuIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className="size-6" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
      <path d="M4 6h16M4 12h16M4 18h16" />
    </svg>
  );
}
