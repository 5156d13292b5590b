-- Platform settings: the fee, the review window, the payout minimum and schedule.
-- This file: the api functions and types (the Data API); the tables are in ../settings.sql.
-- Current definitions (decision 0039): change them here, then `npm run db:diff` writes the migration.

create or replace function api.admin_update_platform_settings(
  fee_bps integer default null::integer,
  review_window_hours integer default null::integer,
  payout_minimum_cents bigint default null::bigint,
  payout_schedule text default null::text,
  escrow_enabled boolean default null::boolean
)
returns void
language plpgsql
set search_path = ''
as $$
begin
  if not (select app.is_admin()) then
    perform app.fail('42501', 'Only admins can change the platform settings', 'not_admin');
  end if;
  if fee_bps is not null and (fee_bps < 0 or fee_bps > 5000) then
    perform app.fail('22023', 'The platform fee must be between 0% and 50%', 'fee_out_of_range');
  end if;
  if review_window_hours is not null and (review_window_hours < 1 or review_window_hours > 720) then
    perform app.fail('22023', 'The review window must be between 1 and 720 hours', 'review_window_out_of_range');
  end if;
  if payout_minimum_cents is not null and (payout_minimum_cents < 100 or payout_minimum_cents > 100000000) then
    perform app.fail('22023', 'The payout minimum must be between $1.00 and $1,000,000.00', 'payout_minimum_out_of_range');
  end if;
  if payout_schedule is not null and payout_schedule not in ('daily', 'weekly', 'on_request') then
    perform app.fail('22023', 'The payout schedule must be daily, weekly or on_request', 'payout_schedule_invalid');
  end if;
  update app.platform_settings s set
    fee_bps = coalesce(admin_update_platform_settings.fee_bps, s.fee_bps),
    review_window_hours = coalesce(admin_update_platform_settings.review_window_hours, s.review_window_hours),
    payout_minimum_cents = coalesce(admin_update_platform_settings.payout_minimum_cents, s.payout_minimum_cents),
    payout_schedule = coalesce(admin_update_platform_settings.payout_schedule, s.payout_schedule),
    escrow_enabled = coalesce(admin_update_platform_settings.escrow_enabled, s.escrow_enabled),
    updated_at = now(),
    updated_by = (select auth.uid())
  where s.id;
end;
$$;
grant execute on function api.admin_update_platform_settings(fee_bps integer, review_window_hours integer, payout_minimum_cents bigint, payout_schedule text, escrow_enabled boolean) to authenticated;

create or replace function api.fee_preview(amount_cents bigint)
returns table(amount_cents bigint, fee_bps integer, fee_cents bigint, creator_cents bigint)
language sql
stable
set search_path = ''
as $$
  select fee_preview.amount_cents, s.fee_bps, app.platform_fee(fee_preview.amount_cents, s.fee_bps),
    fee_preview.amount_cents - app.platform_fee(fee_preview.amount_cents, s.fee_bps)
  from app.platform_settings s
$$;
grant execute on function api.fee_preview(amount_cents bigint) to authenticated;

create or replace function api.platform_settings()
returns table (
  fee_bps integer,
  review_window_hours integer,
  payout_minimum_cents bigint,
  payout_schedule text,
  escrow_enabled boolean,
  updated_at timestamp with time zone
)
language sql
stable
set search_path = ''
as $$
  select s.fee_bps, s.review_window_hours, s.payout_minimum_cents, s.payout_schedule, s.escrow_enabled, s.updated_at
  from app.platform_settings s
$$;
grant execute on function api.platform_settings() to authenticated;
