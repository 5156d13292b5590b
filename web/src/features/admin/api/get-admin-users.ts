import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { adminKeys } from '@/lib/query-keys';
import { rpc } from '@/lib/supabase';
import type { AdminUserRow } from './admin-types';
import { ADMIN_PAGE_SIZE, adminUsersPager } from './admin-users-pager';

export type RoleFilter = 'all' | 'brand' | 'creator' | 'admin';

export interface AdminUsersQuery {
  role: RoleFilter;
  search: string;
  page: number;
}

export interface AdminUsersPage {
  users: AdminUserRow[];
  total: number;
  /** Pages in all; null when a search matched more users than the database counts (decision 0028). */
  pageCount: number | null;
  /** Whether a page follows this one. */
  hasNext: boolean;
}

/** One page of the admin user table (api.admin_users_page), with the total for the pager. */
export async function getAdminUsers(q: AdminUsersQuery): Promise<AdminUsersPage> {
  const users = await rpc<AdminUserRow[]>('admin_users_page', {
    filter_role: q.role === 'all' ? null : q.role,
    search: q.search.trim() || null,
    page: q.page,
    page_size: ADMIN_PAGE_SIZE,
  });
  const total = users[0]?.total_count ?? 0;
  return { users, total, ...adminUsersPager(total, users.length, q.page) };
}

export const adminUsersQueryOptions = (q: AdminUsersQuery) =>
  queryOptions({ queryKey: adminKeys.users(q), queryFn: () => getAdminUsers(q), placeholderData: keepPreviousData });

export function useAdminUsers(q: AdminUsersQuery) {
  return useQuery(adminUsersQueryOptions(q));
}
