import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminKeys } from '@/lib/query-keys';
import { rpc } from '@/lib/supabase';
import type { ActivityEvent, AdminStats, PlatformHealth } from './admin-types';

/** The admin dashboard's live figures; every admin mutation invalidates ['admin']. */
export const adminStatsQueryOptions = () =>
  queryOptions({ queryKey: adminKeys.stats(), queryFn: () => rpc<AdminStats>('admin_stats') });

export const recentActivityQueryOptions = () =>
  queryOptions({ queryKey: adminKeys.activity(), queryFn: () => rpc<ActivityEvent[]>('admin_recent_activity', { max_items: 8 }) });

export const platformHealthQueryOptions = () =>
  queryOptions({ queryKey: adminKeys.health(), queryFn: () => rpc<PlatformHealth>('admin_platform_health') });

export const useAdminStats = () => useQuery(adminStatsQueryOptions());
export const useRecentActivity = () => useQuery(recentActivityQueryOptions());
export const usePlatformHealth = () => useQuery(platformHealthQueryOptions());
