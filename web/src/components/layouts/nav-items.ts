import { paths, type Role } from '@/config/paths';

export interface NavItem {
  label: string;
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
    items.push({ label: 'Admin Dashboard', href: admin }, { label: 'Users', href: admin }, { label: 'Brands', href: admin }, { label: 'Creators', href: admin });
  } else if (role === 'brand') {
    items.push(
      { label: 'Brand Dashboard', href: paths.brandDashboard.getHref() },
      { label: 'Create Campaign', href: paths.campaignCreate.getHref() },
      { label: 'Discover Creators', href: paths.creatorsDiscover.getHref() },
      { label: 'Analytics', href: paths.analytics.getHref() },
    );
  } else if (role === 'creator') {
    items.push({ label: 'Creator Dashboard', href: paths.creatorDashboard.getHref() }, { label: 'Browse Campaigns', href: paths.campaigns.getHref() });
  }
  if (role === 'brand' || role === 'creator') items.push({ label: 'Payment History', href: paths.paymentHistory.getHref() });
  items.push({ label: 'Messages', href: paths.messages.getHref(), messages: true }, { label: 'Settings', href: paths.settings.getHref() });
  return items;
}
