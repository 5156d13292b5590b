import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { adminKeys } from '@/lib/query-keys';
import { rpc } from '@/lib/supabase';
import type { AdminUserRow } from './admin-types';

export type RoleFilter = 'all' | 'brand' | 'creator' | 'admin';
export const ADMIN_PAGE_SIZE = 10;

export interface AdminUsersQuery {
  role: RoleFilter;
  search: string;
  page: number;
}

export interface AdminUsersPage {
  users: AdminUserRow[];
  total: number;
  pageCount: number;
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
  return { users, total, pageCount: Math.max(1, Math.ceil(total / ADMIN_PAGE_SIZE)) };
}

export const adminUsersQueryOptions = (q: AdminUsersQuery) =>
  queryOptions({ queryKey: adminKeys.users(q), queryFn: () => getAdminUsers(q), placeholderData: keepPreviousData });

export function useAdminUsers(q: AdminUsersQuery) {
  return useQuery(adminUsersQueryOptions(q));
}
