import { paths, type Role } from '@/config/paths';
import type en from '@/i18n/messages/en.json';

export interface NavItem {
  /** A key of the common catalog: the layout says it in the reader's language. */
  label: keyof typeof en;
  href: string;
  /** Shows the unread-messages badge. */
  messages?: boolean;
}

/**
 * The sidebar of spec "Navigation", per role. Admin's Users, Brands and Creators point at the admin
 * dashboard's user list with that role filter in the URL (the list reads it from there). Sign out is
 * rendered by the layout itself.
 */
export function navItemsForRole(role: Role | string | undefined): NavItem[] {
  const items: NavItem[] = [];
  if (role === 'admin') {
    items.push(
      { label: 'common.nav.adminDashboard', href: paths.adminDashboard.getHref() },
      { label: 'common.nav.users', href: paths.adminUsers.getHref('all') },
      { label: 'common.nav.brands', href: paths.adminUsers.getHref('brand') },
      { label: 'common.nav.creators', href: paths.adminUsers.getHref('creator') },
    );
  } else if (role === 'brand') {
    items.push(
      { label: 'common.nav.brandDashboard', href: paths.brandDashboard.getHref() },
      { label: 'common.nav.createCampaign', href: paths.campaignCreate.getHref() },
      { label: 'common.nav.discoverCreators', href: paths.creatorsDiscover.getHref() },
      { label: 'common.nav.analytics', href: paths.analytics.getHref() },
    );
  } else if (role === 'creator') {
    items.push({ label: 'common.nav.creatorDashboard', href: paths.creatorDashboard.getHref() }, { label: 'common.nav.browseCampaigns', href: paths.campaigns.getHref() });
  }
  if (role === 'brand' || role === 'creator') items.push({ label: 'common.nav.paymentHistory', href: paths.paymentHistory.getHref() });
  items.push({ label: 'common.nav.messages', href: paths.messages.getHref(), messages: true }, { label: 'common.nav.settings', href: paths.settings.getHref() });
  return items;
}

/**
 * The item the reader is on, marked in the sidebar: the one whose path and query both match the location
 * (Brands for /dashboard/admin?role=brand), else the first with the same path (Settings for
 * /settings?tab=profile, the admin dashboard for its other filters). The hash only scrolls.
 */
export function currentNavItem(items: NavItem[], location: { pathname: string; search: string }): NavItem | undefined {
  const parts = (href: string) => {
    const url = new URL(href, 'http://app.invalid');
    return { pathname: url.pathname, search: url.search };
  };
  const search = new URLSearchParams(location.search).toString();
  const samePath = items.filter((item) => parts(item.href).pathname === location.pathname);
  return samePath.find((item) => new URLSearchParams(parts(item.href).search).toString() === search) ?? samePath[0];
}
