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
 * The sidebar of spec "Navigation", per role. Admin's Users, Brands and Creators all point at the admin
 * dashboard, as specified. Sign out is rendered by the layout itself.
 */
export function navItemsForRole(role: Role | string | undefined): NavItem[] {
  const items: NavItem[] = [];
  if (role === 'admin') {
    const admin = paths.adminDashboard.getHref();
    items.push({ label: 'common.nav.adminDashboard', href: admin }, { label: 'common.nav.users', href: admin }, { label: 'common.nav.brands', href: admin }, { label: 'common.nav.creators', href: admin });
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
