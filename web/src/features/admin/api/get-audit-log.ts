import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { adminKeys } from '@/lib/query-keys';
import { rpc } from '@/lib/supabase';
import type { AuditEntry } from './admin-types';

export const AUDIT_LOG_PAGE_SIZE = 10;

/** One page of the audit log and whether older entries follow. */
export interface AuditLogPage {
  rows: AuditEntry[];
  more: boolean;
}

/**
 * One page of api.admin_audit_log, newest first, older than the entry `beforeId` (null: the newest).
 * One row more than a page is asked for, only to know whether another page follows (admins only).
 */
export async function getAuditLogPage(beforeId: number | null): Promise<AuditLogPage> {
  const rows = await rpc<AuditEntry[]>('admin_audit_log', { before_id: beforeId, page_size: AUDIT_LOG_PAGE_SIZE + 1 });
  return { rows: rows.slice(0, AUDIT_LOG_PAGE_SIZE), more: rows.length > AUDIT_LOG_PAGE_SIZE };
}

// Under ['admin'], so every admin mutation of this feature (settings, users, brands) refreshes it.
export const auditLogQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: adminKeys.auditLog(),
    queryFn: ({ pageParam }) => getAuditLogPage(pageParam),
    initialPageParam: null as number | null,
    getNextPageParam: (last): number | null | undefined => {
      const tail = last.rows.at(-1);
      return last.more && tail ? tail.id : undefined;
    },
  });

/** The audit log of admin actions, a page at a time. */
export const useAuditLog = () => useInfiniteQuery(auditLogQueryOptions());
