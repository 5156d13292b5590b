/**
 * Shapes of the admin functions of the `api` schema. Table rows derive from the generated types
 * (types/api-contract.ts); the jsonb answers are spelled out once, next to the SQL that builds them.
 */
import type { Role } from '@/config/paths';
import type { ApiRow, Nullable, Refine } from '@/types/api-contract';

/** One row of api.admin_users_page(): a user with email, plus the number of users matching the filter. */
export type AdminUserRow = Refine<Nullable<ApiRow<'admin_users_page'>, 'bio' | 'avatar_url'>, { role: Role }>;

/** api.admin_stats(): the jsonb_build_object of that function (supabase/schemas/api/analytics.sql). */
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

/** One row of api.admin_recent_activity(); status and amount exist only for some kinds of event. */
export type ActivityEvent = Refine<
  Nullable<ApiRow<'admin_recent_activity'>, 'actor_id' | 'status' | 'amount_cents'>,
  { kind: 'signup' | 'campaign' | 'application' | 'payment' }
>;

/** api.admin_platform_health(): the jsonb_build_object of that function (supabase/schemas/api/analytics.sql). */
export interface PlatformHealth {
  new_users_7d: number;
  campaigns_by_status: { draft: number; active: number; paused: number; completed: number };
  pending_applications: number;
  deliverables_awaiting_review: number;
  pending_payments: number;
  failed_payments_30d: number;
  overdue_active_campaigns: number;
}

/** What an audit log row names (the check constraint of app.admin_audit_log, supabase/schemas/admin.sql). */
export type AuditAction =
  | 'settings.update'
  | 'user.update'
  | 'user.role_change'
  | 'user.email_change'
  | 'user.delete'
  | 'user.delete_failed'
  | 'user.create_brand'
  | 'brand.approve'
  | 'brand.reject'
  | 'review.hide'
  | 'review.unhide'
  | 'dispute.resolve'
  | 'dispute.resolve_aborted'
  | 'tax_form.tin_read'
  | 'tax_report.export';

/** One row of api.admin_audit_log(): before and after hold only the fields that changed. */
export type AuditEntry = Refine<
  Nullable<ApiRow<'admin_audit_log'>, 'actor_id' | 'actor_name' | 'actor_email' | 'target_id' | 'target_label'>,
  {
    action: AuditAction;
    target_type: 'settings' | 'user' | 'review' | 'dispute';
    before: Record<string, unknown> | null;
    after: Record<string, unknown> | null;
  }
>;
