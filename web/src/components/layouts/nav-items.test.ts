import { describe, expect, test } from 'vitest';
import { currentNavItem, navItemsForRole } from './nav-items';

const admin = navItemsForRole('admin');
const label = (pathname: string, search = '') => currentNavItem(admin, { pathname, search })?.label;

describe('the admin sidebar', () => {
  test('Users, Brands and Creators carry their filter in the URL', () => {
    const hrefs = Object.fromEntries(admin.map((i) => [i.label, i.href]));
    expect(hrefs['common.nav.users']).toBe('/dashboard/admin?role=all#users');
    expect(hrefs['common.nav.brands']).toBe('/dashboard/admin?role=brand#users');
    expect(hrefs['common.nav.creators']).toBe('/dashboard/admin?role=creator#users');
  });

  test('marks the entry whose filter the list shows, one at a time', () => {
    expect(label('/dashboard/admin')).toBe('common.nav.adminDashboard');
    expect(label('/dashboard/admin', '?role=all')).toBe('common.nav.users');
    expect(label('/dashboard/admin', '?role=brand')).toBe('common.nav.brands');
    expect(label('/dashboard/admin', '?role=creator')).toBe('common.nav.creators');
    // A filter without an entry of its own: the dashboard.
    expect(label('/dashboard/admin', '?role=admin')).toBe('common.nav.adminDashboard');
    expect(label('/settings')).toBe('common.nav.settings');
  });

  test('other roles: exact paths, queries ignored when no entry has one', () => {
    const brand = navItemsForRole('brand');
    expect(currentNavItem(brand, { pathname: '/campaigns/create', search: '' })?.label).toBe('common.nav.createCampaign');
    expect(currentNavItem(brand, { pathname: '/settings', search: '?tab=profile' })?.label).toBe('common.nav.settings');
    expect(currentNavItem(brand, { pathname: '/campaigns/abc', search: '' })).toBeUndefined();
  });
});
