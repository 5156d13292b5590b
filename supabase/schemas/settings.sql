-- Platform settings: the fee, the review window, the payout minimum and schedule.
-- Current definitions (decision 0039): change them here, then `npm run db:diff` writes the migration.

create table app.platform_settings (
  id boolean default true not null,
  fee_bps integer default 1500 not null,
  review_window_hours integer default 72 not null,
  payout_minimum_cents bigint default 1000 not null,
  payout_schedule text default 'daily'::text not null,
  escrow_enabled boolean default true not null,
  updated_at timestamp with time zone default now() not null,
  updated_by uuid,
  constraint platform_settings_pkey primary key (id),
  constraint platform_settings_fee_range check (fee_bps >= 0 and fee_bps <= 5000),
  constraint platform_settings_minimum_range check (payout_minimum_cents >= 100 and payout_minimum_cents <= 100000000),
  constraint platform_settings_one_row check (id),
  constraint platform_settings_schedule_valid check (payout_schedule = any (array['daily'::text, 'weekly'::text, 'on_request'::text])),
  constraint platform_settings_window_range check (review_window_hours >= 1 and review_window_hours <= 720)
);
alter table app.platform_settings enable row level security;
comment on table app.platform_settings is 'Fee in basis points of what the creator earns (1500 = 15%), hours a brand has to review content, payout minimum (cents) and schedule.';
grant all on app.platform_settings to service_role;
grant select on app.platform_settings to authenticated;
grant update (fee_bps, review_window_hours, payout_minimum_cents, payout_schedule, escrow_enabled, updated_at, updated_by) on app.platform_settings to authenticated;

create policy "Admins update the platform settings" on app.platform_settings
for update
to authenticated
using (( select app.is_admin() as is_admin))
with check (( select app.is_admin() as is_admin));
create policy "Signed-in users read the platform settings" on app.platform_settings
for select
to authenticated
using (true);

create or replace function app.current_minimum_flat_fee_cents()
returns bigint
language sql
stable
set search_path = ''
as $$
  select app.minimum_flat_fee_cents(s.fee_bps) from app.platform_settings s
$$;
grant execute on function app.current_minimum_flat_fee_cents() to authenticated, service_role;

create or replace function app.minimum_flat_fee_cents(fee_bps integer)
returns bigint
language sql
immutable
parallel safe
set search_path = ''
as $$
  select ((app.campaign_minimum_net_cents() - 1) * 10000) / (10000 - minimum_flat_fee_cents.fee_bps) + 1
$$;
grant execute on function app.minimum_flat_fee_cents(fee_bps integer) to authenticated, service_role;

create or replace function app.platform_fee(amount_cents bigint, fee_bps integer)
returns bigint
language sql
immutable
set search_path = ''
as $$
  select (platform_fee.amount_cents * platform_fee.fee_bps) / 10000
$$;
grant execute on function app.platform_fee(amount_cents bigint, fee_bps integer) to authenticated, service_role;
