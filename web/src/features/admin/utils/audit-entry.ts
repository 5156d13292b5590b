import type { Formatters } from '@/i18n/format';
import type { AuditAction, AuditEntry } from '../api/admin-types';
import type { AdminT } from '../messages/admin-text';
import type en from '../messages/en.json';

type Key = keyof typeof en;

/** The label of each field an audit row can hold (the columns the database compares). */
const FIELD_LABELS: Record<string, Key> = {
  fee_bps: 'admin.audit.field.fee_bps',
  review_window_hours: 'admin.audit.field.review_window_hours',
  payout_minimum_cents: 'admin.audit.field.payout_minimum_cents',
  payout_schedule: 'admin.audit.field.payout_schedule',
  escrow_enabled: 'admin.audit.field.escrow_enabled',
  email: 'admin.audit.field.email',
  username: 'admin.audit.field.username',
  full_name: 'admin.audit.field.full_name',
  company_name: 'admin.audit.field.company_name',
  role: 'admin.audit.field.role',
  bio: 'admin.audit.field.bio',
  hidden: 'admin.audit.field.hidden',
  reason: 'admin.audit.field.reason',
  status: 'admin.audit.field.status',
  outcome: 'admin.audit.field.outcome',
  creator_cents: 'admin.audit.field.creator_cents',
  brand_cents: 'admin.audit.field.brand_cents',
  note: 'admin.audit.field.note',
  error: 'admin.audit.field.error',
  creator_id: 'admin.audit.field.creator_id',
  form_type: 'admin.audit.field.form_type',
  tin_kind: 'admin.audit.field.tin_kind',
  report: 'admin.audit.field.report',
  tax_year: 'admin.audit.field.tax_year',
  rows: 'admin.audit.field.rows',
};

/** One changed field: its label and its value before and after (null: not set, or not part of that side). */
export interface AuditChange {
  field: string;
  label: string;
  before: string | null;
  after: string | null;
}

/** A value as the admin reads it: money, percentages, hours and yes/no in their language. */
function valueText(field: string, value: unknown, t: AdminT, f: Formatters): string | null {
  if (value === null || value === undefined || value === '') return null;
  if (field === 'fee_bps' && typeof value === 'number') return `${f.number(value / 100)}%`;
  if (field.endsWith('_cents') && typeof value === 'number') return f.money(value);
  if (field === 'review_window_hours' && typeof value === 'number') return t('admin.audit.hours', { hours: value });
  if (typeof value === 'boolean') return t(value ? 'admin.audit.yes' : 'admin.audit.no');
  if (field === 'payout_schedule' && ['daily', 'weekly', 'on_request'].includes(String(value))) {
    return t(`admin.settings.schedule.${String(value)}` as Key);
  }
  if (field === 'role' && ['brand', 'creator', 'admin'].includes(String(value))) return t(`admin.role.${String(value)}` as Key);
  // A brand's approval (brand.approve / brand.reject); a dispute's states are other words.
  if (field === 'status' && ['pending', 'approved', 'rejected'].includes(String(value))) return t(`admin.brands.status.${String(value)}` as Key);
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** The fields an entry changed, in the order the database wrote them. */
export function auditChanges(e: AuditEntry, t: AdminT, f: Formatters): AuditChange[] {
  const fields = [...new Set([...Object.keys(e.before ?? {}), ...Object.keys(e.after ?? {})])];
  return fields.map((field) => ({
    field,
    label: FIELD_LABELS[field] ? t(FIELD_LABELS[field]) : field,
    before: valueText(field, e.before?.[field], t, f),
    after: valueText(field, e.after?.[field], t, f),
  }));
}

/** Who acted: the admin's name and email, a deleted admin, or the platform itself (no admin signed in). */
export function auditActor(e: AuditEntry, t: AdminT): string {
  if (!e.actor_id) return t('admin.audit.actor.platform');
  if (!e.actor_name) return t('admin.audit.actor.deleted');
  return e.actor_email ? `${e.actor_name} (${e.actor_email})` : e.actor_name;
}

/** The sentence of each action (a record, so a new action fails the type check until it has one). */
const SENTENCES: Record<AuditAction, Key> = {
  'settings.update': 'admin.audit.action.settings.update',
  'user.update': 'admin.audit.action.user.update',
  'user.role_change': 'admin.audit.action.user.role_change',
  'user.email_change': 'admin.audit.action.user.email_change',
  'user.delete': 'admin.audit.action.user.delete',
  'user.delete_failed': 'admin.audit.action.user.delete_failed',
  'user.create_brand': 'admin.audit.action.user.create_brand',
  'brand.approve': 'admin.audit.action.brand.approve',
  'brand.reject': 'admin.audit.action.brand.reject',
  'review.hide': 'admin.audit.action.review.hide',
  'review.unhide': 'admin.audit.action.review.unhide',
  'dispute.resolve': 'admin.audit.action.dispute.resolve',
  'dispute.resolve_aborted': 'admin.audit.action.dispute.resolve_aborted',
  'tax_form.tin_read': 'admin.audit.action.tax_form.tin_read',
  'tax_report.export': 'admin.audit.action.tax_report.export',
};

/** What happened, as a sentence in the reader's language; the target's name comes from the database. */
export function auditSentence(e: AuditEntry, t: AdminT): string {
  const target = e.target_label ?? t('admin.audit.target.unknown');
  return t(SENTENCES[e.action], { actor: auditActor(e, t), target });
}
