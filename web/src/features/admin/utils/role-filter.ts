import type { RoleFilter } from '../api/get-admin-users';

export const ROLE_FILTERS: readonly RoleFilter[] = ['all', 'brand', 'creator', 'admin'];

/**
 * The user list's role filter, read from the URL's `role` (the sidebar's Users, Brands and Creators links
 * set it, and a reload keeps it); anything else shows all users.
 */
export function roleFilterFrom(search: URLSearchParams): RoleFilter {
  const role = search.get('role');
  return ROLE_FILTERS.find((r) => r === role) ?? 'all';
}
