import type { Role } from '@/config/paths';

/** One row of api.admin_users_page(): a user with email, plus the number of users matching the filter. */
export interface AdminUserRow {
  id: string;
  email: string;
  username: string;
  full_name: string;
  role: Role;
  bio: string | null;
  avatar_url: string | null;
  created_at: string;
  updated_at: string;
  total_count: number;
}

/** api.admin_stats() */
export interface AdminStats {
  total_users: number;
  brands: number;
  creators: number;
  admins: number;
  active_campaigns: number;
  applications: number;
  pending_applications: number;
  payments_this_month: number;
  paid_this_month_cents: number;
}

/** One row of api.admin_recent_activity() */
export interface ActivityEvent {
  kind: 'signup' | 'campaign' | 'application' | 'payment';
  occurred_at: string;
  actor_id: string | null;
  actor_name: string;
  subject: string;
  status: string | null;
  amount_cents: number | null;
}

/** api.admin_platform_health() */
export interface PlatformHealth {
  new_users_7d: number;
  campaigns_by_status: { draft: number; active: number; paused: number; completed: number };
  pending_applications: number;
  deliverables_awaiting_review: number;
  pending_payments: number;
  failed_payments_30d: number;
  overdue_active_campaigns: number;
}
