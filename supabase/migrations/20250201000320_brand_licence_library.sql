-- Issue 36 item 2 (decision 0056): the brand's licence library — what it may use, where, until when.
-- Days left and the status (active, ending soon at 14 days or fewer, expired) are computed here only,
-- so the screen, the reminder and any export say the same. Only hires still standing (accepted) count: a
-- canceled or refunded hire grants nothing.
create or replace function app.licence_days_left(ends_at timestamp with time zone, as_of timestamp with time zone)
returns integer
language sql
immutable
set search_path = ''
as $$
  select greatest(0, ceil(extract(epoch from (ends_at - as_of)) / 86400))::integer
$$;
comment on function app.licence_days_left(ends_at timestamp with time zone, as_of timestamp with time zone) is 'Whole days until a licence ends, rounded up (a licence ending in 3 hours has 1 day left), 0 once it has ended.';
grant execute on function app.licence_days_left(ends_at timestamp with time zone, as_of timestamp with time zone) to authenticated, service_role;

create or replace function app.licence_status(ends_at timestamp with time zone, as_of timestamp with time zone)
returns text
language sql
immutable
set search_path = ''
as $$
  select case when ends_at <= as_of then 'expired'
              when app.licence_days_left(ends_at, as_of) <= 14 then 'ending_soon'
              else 'active' end
$$;
grant execute on function app.licence_status(ends_at timestamp with time zone, as_of timestamp with time zone) to authenticated, service_role;

create or replace function api.brand_licences(as_of timestamp with time zone default null::timestamp with time zone)
returns table (
  application_id uuid,
  campaign_id uuid,
  campaign_title text,
  creator_id uuid,
  creator_name text,
  content_url text,
  usage_kind text,
  usage_platforms text[],
  usage_territory text[],
  usage_price_cents bigint,
  exclusivity_category text,
  exclusivity_days integer,
  starts_at timestamp with time zone,
  ends_at timestamp with time zone,
  days_left integer,
  status text
)
language plpgsql
stable
set search_path = ''
as $$
#variable_conflict use_column
declare
  at_time timestamp with time zone := coalesce(as_of, now());
begin
  if (select auth.uid()) is null then
    perform app.fail('42501', 'Sign in first', 'not_signed_in');
  end if;
  -- Runs as the caller: the licences', campaigns' and deliverables' policies apply besides the brand filter.
  return query
    select l.application_id, l.campaign_id, c.title::text, l.creator_id, p.full_name::text,
      (select d.content_url from app.deliverables d where d.application_id = l.application_id
        order by (d.status = 'approved') desc, d.created_at desc limit 1),
      l.usage_kind, l.usage_platforms, l.usage_territory, l.usage_price_cents, l.exclusivity_category,
      l.exclusivity_days, l.starts_at, l.ends_at,
      app.licence_days_left(l.ends_at, at_time), app.licence_status(l.ends_at, at_time)
    from app.hire_licences l
    join app.applications a on a.id = l.application_id and a.status = 'accepted'
    left join app.campaigns c on c.id = l.campaign_id
    left join app.profiles p on p.id = l.creator_id
    where l.brand_id = (select auth.uid())
    order by l.ends_at, l.application_id;
end;
$$;
comment on function api.brand_licences(as_of timestamp with time zone) is 'The caller brand''s licences of standing hires, soonest ending first: creator, latest content link (approved first), the agreed terms, days_left and status (active / ending_soon / expired) from app.licence_days_left and app.licence_status; as_of defaults to now.';
grant execute on function api.brand_licences(as_of timestamp with time zone) to authenticated;
