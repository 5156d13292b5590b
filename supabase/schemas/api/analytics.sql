-- Dashboards, series and funnels.
-- This file: the api functions and types (the Data API); the tables are in ../analytics.sql.
-- Current definitions (decision 0039): change them here, then `npm run db:diff` writes the migration.

create type api.brand_dashboard_stats as (
  active_campaigns integer,
  working_creators integer,
  content_delivered integer,
  total_spent_cents bigint
);
comment on type api.brand_dashboard_stats is 'Brand dashboard cards.';

create type api.creator_dashboard_stats as (
  active_gigs integer,
  completed_jobs integer,
  rating numeric,
  review_count integer,
  total_earnings_cents bigint
);
comment on type api.creator_dashboard_stats is 'Creator dashboard cards. rating is null and review_count 0 until reviews exist.';

create or replace function api.admin_growth_series(days integer default 365)
returns table (
  week_start date,
  brand_signups integer,
  creator_signups integer,
  admin_signups integer,
  campaigns_created integer
)
language plpgsql
stable
set search_path = ''
as $$
begin
  perform app.assert_series_role('admin');
  return query
    with b as (select s.bucket_start from app.series_buckets(admin_growth_series.days, 'week') s),
    sums as (
      select date_trunc('week', s.bucket) as w,
        sum(s.n) filter (where s.metric = 'users_hourly:brand') as brand,
        sum(s.n) filter (where s.metric = 'users_hourly:creator') as creator,
        sum(s.n) filter (where s.metric = 'users_hourly:admin') as admin,
        sum(s.n) filter (where s.metric = 'campaigns_hourly') as campaigns
      from app.stat_counters s
      where s.metric in ('users_hourly:brand', 'users_hourly:creator', 'users_hourly:admin', 'campaigns_hourly')
        and s.bucket >= (select min(b.bucket_start) from b)
      group by 1
    )
    select b.bucket_start::date, coalesce(s.brand, 0)::integer, coalesce(s.creator, 0)::integer,
      coalesce(s.admin, 0)::integer, coalesce(s.campaigns, 0)::integer
    from b
    left join sums s on s.w = b.bucket_start
    order by b.bucket_start;
end;
$$;
comment on function api.admin_growth_series(days integer) is 'Admins: sign-ups by role and campaigns created per week of the last `days` days.';
grant execute on function api.admin_growth_series(days integer) to authenticated;

create or replace function api.admin_money_series(days integer default 365)
returns table (
  month_start date,
  charged_cents bigint,
  released_cents bigint,
  fees_cents bigint,
  refunded_cents bigint,
  paid_out_cents bigint
)
language plpgsql
stable
set search_path = ''
as $$
begin
  perform app.assert_series_role('admin');
  return query
    with b as (select s.bucket_start from app.series_buckets(admin_money_series.days, 'month') s),
    sums as (
      select date_trunc('month', s.bucket) as m,
        coalesce(sum(s.cents) filter (where s.metric in ('ledger_hourly:escrow_funding:stripe_balance',
          'ledger_hourly:direct_payment:stripe_balance')), 0) as charged,
        coalesce(-sum(s.cents) filter (where s.metric in ('ledger_hourly:release:creator_available',
          'ledger_hourly:direct_payment:creator_available')), 0) as released,
        coalesce(-sum(s.cents) filter (where s.metric in ('ledger_hourly:release:platform_fees',
          'ledger_hourly:direct_payment:platform_fees')), 0) as fees,
        coalesce(-sum(s.cents) filter (where s.metric in ('ledger_hourly:refund:stripe_balance',
          'ledger_hourly:refund_after_release:stripe_balance')), 0) as refunded,
        coalesce(sum(s.cents) filter (where s.metric = 'ledger_hourly:payout_paid:creator_in_transit'), 0) as paid_out
      from app.stat_counters s
      where s.metric in ('ledger_hourly:escrow_funding:stripe_balance', 'ledger_hourly:direct_payment:stripe_balance',
          'ledger_hourly:release:creator_available', 'ledger_hourly:direct_payment:creator_available',
          'ledger_hourly:release:platform_fees', 'ledger_hourly:direct_payment:platform_fees',
          'ledger_hourly:refund:stripe_balance', 'ledger_hourly:refund_after_release:stripe_balance',
          'ledger_hourly:payout_paid:creator_in_transit')
        and s.bucket >= (select min(b.bucket_start) from b)
      group by 1
    )
    select b.bucket_start::date, coalesce(s.charged, 0)::bigint, coalesce(s.released, 0)::bigint, coalesce(s.fees, 0)::bigint,
      coalesce(s.refunded, 0)::bigint, coalesce(s.paid_out, 0)::bigint
    from b
    left join sums s on s.m = b.bucket_start
    order by b.bucket_start;
end;
$$;
comment on function api.admin_money_series(days integer) is 'Admins: cents charged, released to creators, earned in fees, refunded and paid out per month (ledger).';
grant execute on function api.admin_money_series(days integer) to authenticated;

create or replace function api.admin_platform_health()
returns jsonb
language plpgsql
stable
set search_path = ''
set plan_cache_mode = 'force_generic_plan'
as $$
declare
  result jsonb;
  since timestamptz := now() - interval '7 days';
  -- Whole hours from the counters, the part of the first hour from the profiles' time index.
  first_full_hour timestamptz := app.stat_hour(now() - interval '7 days') + interval '1 hour';
begin
  perform app.assert_admin();
  with totals as (
    select s.metric, sum(s.n) as n from app.stat_counters s
    where s.metric in ('campaigns:draft', 'campaigns:active', 'campaigns:paused', 'campaigns:completed', 'applications:pending',
      'deliverables:pending', 'deliverables:submitted', 'payments:pending') and s.bucket = '-infinity'
    group by s.metric
  )
  select jsonb_build_object(
    'new_users_7d',
      (select coalesce(sum(s.n), 0) from app.stat_counters s
       where s.metric in ('users_hourly:brand', 'users_hourly:creator', 'users_hourly:admin') and s.bucket >= first_full_hour)
      + (select count(*) from app.profiles where created_at >= since and created_at < first_full_hour),
    'campaigns_by_status', jsonb_build_object(
      'draft', coalesce((select t.n from totals t where t.metric = 'campaigns:draft'), 0),
      'active', coalesce((select t.n from totals t where t.metric = 'campaigns:active'), 0),
      'paused', coalesce((select t.n from totals t where t.metric = 'campaigns:paused'), 0),
      'completed', coalesce((select t.n from totals t where t.metric = 'campaigns:completed'), 0)),
    'pending_applications', coalesce((select t.n from totals t where t.metric = 'applications:pending'), 0),
    'deliverables_awaiting_review', coalesce((select sum(t.n) from totals t
      where t.metric in ('deliverables:pending', 'deliverables:submitted')), 0),
    'pending_payments', coalesce((select t.n from totals t where t.metric = 'payments:pending'), 0),
    'failed_payments_30d', (select count(*) from app.payments
      where status = 'failed' and coalesce(payment_date, created_at) >= now() - interval '30 days'),
    'overdue_active_campaigns', (select count(*) from app.campaigns where status = 'active' and deadline < now())
  ) into result;
  return result;
end;
$$;
grant execute on function api.admin_platform_health() to authenticated;

create or replace function api.admin_recent_activity(max_items integer default 10)
returns table (
  kind text,
  occurred_at timestamp with time zone,
  actor_id uuid,
  actor_name text,
  subject text,
  status text,
  amount_cents bigint
)
language plpgsql
stable
set search_path = ''
set plan_cache_mode = 'force_generic_plan'
as $$
declare
  n integer := least(greatest(coalesce(max_items, 10), 1), 50);
begin
  perform app.assert_admin();
  -- The newest 50 of each kind (n is at most 50), newest n of those; names are looked up for those n only.
  return query
    select e.kind, e.occurred_at, e.actor_id,
             case e.kind
               when 'signup' then e.actor_name
               when 'application' then (select p.full_name from app.profiles p where p.id = e.actor_id)
               else coalesce((select b.company_name from app.brand_profiles b where b.user_id = e.actor_id),
                             (select p.full_name from app.profiles p where p.id = e.actor_id))
             end,
             case e.kind
               when 'application' then (select c.title from app.campaigns c where c.id = e.ref_id)
               when 'payment' then (select p.full_name from app.profiles p where p.id = e.ref_id)
               else e.subject
             end,
             e.status, e.amount_cents
        from (
          (select 'signup'::text as kind, p.created_at as occurred_at, p.id as actor_id, p.full_name as actor_name,
                  p.role as subject, null::text as status, null::bigint as amount_cents, null::uuid as ref_id
           from app.profiles p order by p.created_at desc, p.id desc limit 50)
          union all
          (select 'campaign'::text, c.created_at, c.brand_id, null::text, c.title, c.status, c.compensation_cents, null::uuid
           from app.campaigns c order by c.created_at desc, c.id desc limit 50)
          union all
          (select 'application'::text, a.created_at, a.creator_id, null::text, null::text, a.status, null::bigint, a.campaign_id
           from app.applications a order by a.created_at desc, a.id desc limit 50)
          union all
          (select 'payment'::text, coalesce(x.payment_date, x.created_at), x.brand_id, null::text, null::text, x.status,
                  x.amount_cents, x.creator_id
           from app.payments x order by coalesce(x.payment_date, x.created_at) desc, x.id desc limit 50)
        ) e
        order by e.occurred_at desc
        limit n;
end;
$$;
grant execute on function api.admin_recent_activity(max_items integer) to authenticated;

create or replace function api.admin_stats()
returns jsonb
language plpgsql
stable
set search_path = ''
as $$
declare
  result jsonb;
  month_start timestamptz := date_trunc('month', now());
begin
  perform app.assert_admin();
  with totals as (
    select s.metric, sum(s.n) as n from app.stat_counters s
    where s.metric in ('users', 'users:brand', 'users:creator', 'users:admin', 'campaigns:active', 'applications',
      'applications:pending') and s.bucket = '-infinity'
    group by s.metric
  ),
  month as (
    select coalesce(sum(s.n), 0) as n, coalesce(sum(s.cents), 0) as cents from app.stat_counters s
    where s.metric = 'payments_hourly:completed' and s.bucket >= month_start
  )
  select jsonb_build_object(
    'total_users', coalesce((select t.n from totals t where t.metric = 'users'), 0),
    'brands', coalesce((select t.n from totals t where t.metric = 'users:brand'), 0),
    'creators', coalesce((select t.n from totals t where t.metric = 'users:creator'), 0),
    'admins', coalesce((select t.n from totals t where t.metric = 'users:admin'), 0),
    'active_campaigns', coalesce((select t.n from totals t where t.metric = 'campaigns:active'), 0),
    'applications', coalesce((select t.n from totals t where t.metric = 'applications'), 0),
    'pending_applications', coalesce((select t.n from totals t where t.metric = 'applications:pending'), 0),
    'payments_this_month', (select m.n from month m),
    'paid_this_month_cents', (select m.cents from month m)
  ) into result;
  return result;
end;
$$;
grant execute on function api.admin_stats() to authenticated;

create or replace function api.brand_activity_series(days integer default 90, campaign_id uuid default null::uuid)
returns table(week_start date, applications integer, approved_content integer)
language plpgsql
stable
set search_path = ''
as $$
begin
  perform app.assert_series_role('brand');
  return query
    with b as (select s.bucket_start from app.series_buckets(brand_activity_series.days, 'week') s),
    ev as (
      select date_trunc('week', e.created_at) as w, e.kind
      from app.application_events e
      join app.applications a on a.id = e.application_id
      where e.brand_id = (select auth.uid())
        and e.created_at >= (select min(b.bucket_start) from b)
        and e.kind in ('applied', 'approved', 'auto_approved')
        and (brand_activity_series.campaign_id is null or a.campaign_id = brand_activity_series.campaign_id)
    )
    select b.bucket_start::date,
      (select count(*) from ev where ev.w = b.bucket_start and ev.kind = 'applied')::integer,
      (select count(*) from ev where ev.w = b.bucket_start and ev.kind in ('approved', 'auto_approved'))::integer
    from b
    order by b.bucket_start;
end;
$$;
comment on function api.brand_activity_series(days integer, campaign_id uuid) is 'Calling brand: applications received and content approved per week of the last `days` days (zeros included).';
grant execute on function api.brand_activity_series(days integer, campaign_id uuid) to authenticated;

create or replace function api.brand_analytics_totals()
returns table (
  campaigns integer,
  active_campaigns integer,
  applications_total integer,
  applications_pending integer,
  applications_accepted integer,
  applications_rejected integer,
  deliverables_submitted integer,
  deliverables_approved integer,
  amount_paid_cents bigint,
  acceptance_rate numeric
)
language sql
stable
set search_path = ''
as $$
  select count(*)::integer,
    (count(*) filter (where b.status = 'active'))::integer,
    coalesce(sum(b.applications_total), 0)::integer,
    coalesce(sum(b.applications_pending), 0)::integer,
    coalesce(sum(b.applications_accepted), 0)::integer,
    coalesce(sum(b.applications_rejected), 0)::integer,
    coalesce(sum(b.deliverables_submitted), 0)::integer,
    coalesce(sum(b.deliverables_approved), 0)::integer,
    coalesce(sum(b.amount_paid_cents), 0)::bigint,
    case when coalesce(sum(b.applications_accepted + b.applications_rejected), 0) = 0 then null
      else round(100.0 * sum(b.applications_accepted) / sum(b.applications_accepted + b.applications_rejected), 1) end
  from api.brand_analytics() b
$$;
comment on function api.brand_analytics_totals() is 'Totals of api.brand_analytics() for the calling brand (one row).';
grant execute on function api.brand_analytics_totals() to authenticated;

create or replace function api.brand_analytics()
returns table (
  campaign_id uuid,
  title text,
  status text,
  created_at timestamp with time zone,
  applications_total integer,
  applications_pending integer,
  applications_accepted integer,
  applications_rejected integer,
  deliverables_submitted integer,
  deliverables_approved integer,
  amount_paid_cents bigint,
  acceptance_rate numeric
)
language plpgsql
stable
set search_path = ''
as $$
begin
  if (select auth.uid()) is null then
    perform app.fail('42501', 'Sign in first', 'not_signed_in');
  end if;
  if app.current_role() is distinct from 'brand' then
    perform app.fail('42501', 'Only brands can view analytics', 'not_brand');
  end if;
  return query
    with apps as (
      select a.campaign_id,
        count(*)::integer as total,
        (count(*) filter (where a.status = 'pending'))::integer as pending,
        (count(*) filter (where a.status = 'accepted'))::integer as accepted,
        (count(*) filter (where a.status = 'rejected'))::integer as rejected
      from app.applications a
      where a.brand_id = (select auth.uid())
      group by a.campaign_id
    ),
    work as (
      select d.campaign_id,
        count(*)::integer as submitted,
        (count(*) filter (where d.status = 'approved'))::integer as approved
      from app.deliverables d
      where d.brand_id = (select auth.uid())
      group by d.campaign_id
    ),
    released as (
      select l.campaign_id, sum(l.released_cents)::bigint as cents
      from app.brand_money_lines l
      where l.brand_id = (select auth.uid())
      group by l.campaign_id
    )
    select c.id, c.title, c.status, c.created_at,
      coalesce(apps.total, 0), coalesce(apps.pending, 0), coalesce(apps.accepted, 0), coalesce(apps.rejected, 0),
      coalesce(work.submitted, 0), coalesce(work.approved, 0),
      coalesce(released.cents, 0)::bigint,
      case when coalesce(apps.accepted, 0) + coalesce(apps.rejected, 0) = 0 then null
        else round(100.0 * apps.accepted / (apps.accepted + apps.rejected), 1) end
    from app.campaigns c
    left join apps on apps.campaign_id = c.id
    left join work on work.campaign_id = c.id
    left join released on released.campaign_id = c.id
    where c.brand_id = (select auth.uid())
    order by c.created_at desc, c.id desc;
end;
$$;
comment on function api.brand_analytics() is 'Per-campaign figures of the calling brand: applications by status, content, money released (glossary 0031), acceptance rate.';
grant execute on function api.brand_analytics() to authenticated;

create or replace function api.brand_dashboard()
returns api.brand_dashboard_stats
language plpgsql
stable
set search_path = ''
as $$
declare
  result api.brand_dashboard_stats;
begin
  select
    (select count(*)::integer from app.campaigns c where c.brand_id = (select auth.uid()) and c.status = 'active'),
    (select count(distinct a.creator_id)::integer from app.applications a
      where a.brand_id = (select auth.uid()) and a.status = 'accepted'),
    (select count(*)::integer from app.deliverables d where d.brand_id = (select auth.uid()) and d.status = 'approved'),
    (select coalesce(sum(l.released_cents), 0)::bigint from app.brand_money_lines l where l.brand_id = (select auth.uid()))
  into result;
  return result;
end;
$$;
grant execute on function api.brand_dashboard() to authenticated;

create or replace function api.brand_funnel(days integer default 90, campaign_id uuid default null::uuid)
returns table (
  id uuid,
  title text,
  applied integer,
  accepted integer,
  submitted integer,
  approved integer,
  paid integer
)
language plpgsql
stable
set search_path = ''
as $$
begin
  perform app.assert_series_role('brand');
  return query
    with apps as materialized (
      select a.id, a.campaign_id
      from app.applications a
      where a.brand_id = (select auth.uid())
        and a.created_at >= (select min(s.bucket_start) from app.series_buckets(brand_funnel.days, 'week') s)
        and (brand_funnel.campaign_id is null or a.campaign_id = brand_funnel.campaign_id)
    ),
    -- What each application reached (two index probes per application); a later stage implies the
    -- earlier ones (content paid for directly, before escrow, was approved even where no approval step was
    -- recorded), so the funnel never widens.
    raw as (
      select apps.campaign_id,
        coalesce(ev.released, false) or coalesce(dl.paid, false) as paid,
        coalesce(ev.approved, false) or coalesce(dl.approved, false) as approved,
        dl.n > 0 as submitted,
        coalesce(ev.accepted, false) as accepted
      from apps
      cross join lateral (
        select bool_or(e.kind = 'released') as released,
          bool_or(e.kind in ('approved', 'auto_approved')) as approved,
          bool_or(e.kind = 'accepted') as accepted
        from app.application_events e
        where e.application_id = apps.id and e.kind in ('released', 'approved', 'auto_approved', 'accepted')
      ) ev
      cross join lateral (
        select count(*) as n, bool_or(d.status = 'approved') as approved,
          bool_or(exists (select 1 from app.payments p where p.deliverable_id = d.id and p.status = 'completed')) as paid
        from app.deliverables d
        where d.application_id = apps.id
      ) dl
    ),
    figures as materialized (
      select raw.campaign_id,
        count(*) as applied,
        count(*) filter (where raw.accepted or raw.submitted or raw.approved or raw.paid) as accepted,
        count(*) filter (where raw.submitted or raw.approved or raw.paid) as submitted,
        count(*) filter (where raw.approved or raw.paid) as approved,
        count(*) filter (where raw.paid) as paid
      from raw
      group by raw.campaign_id
    )
    select c.id, c.title, coalesce(f.applied, 0)::integer, coalesce(f.accepted, 0)::integer,
      coalesce(f.submitted, 0)::integer, coalesce(f.approved, 0)::integer, coalesce(f.paid, 0)::integer
    from app.campaigns c
    left join figures f on f.campaign_id = c.id
    where c.brand_id = (select auth.uid())
      and (brand_funnel.campaign_id is null or c.id = brand_funnel.campaign_id)
    order by c.created_at desc, c.id desc;
end;
$$;
comment on function api.brand_funnel(days integer, campaign_id uuid) is 'Calling brand: per campaign, applications of the last `days` days that were accepted, submitted, approved, paid.';
grant execute on function api.brand_funnel(days integer, campaign_id uuid) to authenticated;

create or replace function api.brand_spend_series(days integer default 365, campaign_id uuid default null::uuid)
returns table(month_start date, released_cents bigint, refunded_cents bigint, in_escrow_cents bigint)
language plpgsql
stable
set search_path = ''
as $$
begin
  perform app.assert_series_role('brand');
  return query
    with b as (select s.bucket_start from app.series_buckets(brand_spend_series.days, 'month') s),
    -- All of the brand's lines, not only the range's: the escrow held at a month's end counts from the start.
    lines as (
      select date_trunc('month', l.created_at) as m, l.created_at, l.released_cents, l.refunded_cents, l.in_escrow_cents
      from app.brand_money_lines l
      where l.brand_id = (select auth.uid())
        and (brand_spend_series.campaign_id is null or l.campaign_id = brand_spend_series.campaign_id)
    )
    select b.bucket_start::date,
      (coalesce((select sum(l.released_cents) from lines l where l.m = b.bucket_start), 0))::bigint,
      (coalesce((select sum(l.refunded_cents) from lines l where l.m = b.bucket_start), 0))::bigint,
      (coalesce((select sum(l.in_escrow_cents) from lines l where l.created_at < b.bucket_start + interval '1 month'), 0))::bigint
    from b
    order by b.bucket_start;
end;
$$;
comment on function api.brand_spend_series(days integer, campaign_id uuid) is 'Calling brand: released and refunded cents per month, and cents held in escrow at each month''s end (ledger).';
grant execute on function api.brand_spend_series(days integer, campaign_id uuid) to authenticated;

create or replace function api.creator_application_series(days integer default 365)
returns table(month_start date, pending integer, accepted integer, rejected integer, canceled integer)
language plpgsql
stable
set search_path = ''
as $$
begin
  perform app.assert_series_role('creator');
  return query
    with b as (select s.bucket_start from app.series_buckets(creator_application_series.days, 'month') s),
    apps as (
      select date_trunc('month', a.created_at) as m, a.status
      from app.applications a
      where a.creator_id = (select auth.uid()) and a.created_at >= (select min(b.bucket_start) from b)
    )
    select b.bucket_start::date,
      (select count(*) from apps where apps.m = b.bucket_start and apps.status = 'pending')::integer,
      (select count(*) from apps where apps.m = b.bucket_start and apps.status = 'accepted')::integer,
      (select count(*) from apps where apps.m = b.bucket_start and apps.status = 'rejected')::integer,
      (select count(*) from apps where apps.m = b.bucket_start and apps.status = 'canceled')::integer
    from b
    order by b.bucket_start;
end;
$$;
comment on function api.creator_application_series(days integer) is 'Calling creator: applications sent per month of the last `days` days, by current status.';
grant execute on function api.creator_application_series(days integer) to authenticated;

create or replace function api.creator_dashboard()
returns api.creator_dashboard_stats
language plpgsql
stable
set search_path = ''
as $$
declare
  result api.creator_dashboard_stats;
begin
  select
    (select count(*) filter (where s.state = 'active')::integer from (
      select app.job_state(a.id) as state from app.applications a where a.creator_id = (select auth.uid())) s),
    (select count(*) filter (where s.state = 'completed')::integer from (
      select app.job_state(a.id) as state from app.applications a where a.creator_id = (select auth.uid())) s),
    (select round(ur.rating, 1) from app.user_ratings ur where ur.user_id = (select auth.uid()) and ur.review_count > 0),
    coalesce((select ur.review_count from app.user_ratings ur where ur.user_id = (select auth.uid())), 0),
    (select coalesce(-sum(e.amount_cents), 0)::bigint from app.ledger_entries e
      join app.ledger_transactions t on t.id = e.transaction_id
      where e.creator_id = (select auth.uid()) and e.account = 'creator_available' and t.kind in ('release', 'direct_payment'))
  into result;
  return result;
end;
$$;
grant execute on function api.creator_dashboard() to authenticated;

create or replace function api.creator_earnings_series(days integer default 365)
returns table(month_start date, earned_cents bigint, paid_out_cents bigint)
language plpgsql
stable
set search_path = ''
as $$
begin
  perform app.assert_series_role('creator');
  return query
    with b as (select s.bucket_start from app.series_buckets(creator_earnings_series.days, 'month') s),
    lines as (
      select date_trunc('month', t.created_at) as m, t.kind, le.account, le.amount_cents
      from app.ledger_transactions t
      join app.ledger_entries le on le.transaction_id = t.id
      where t.creator_id = (select auth.uid()) and le.creator_id = (select auth.uid())
        and t.created_at >= (select min(b.bucket_start) from b)
        and t.kind in ('release', 'direct_payment', 'payout_paid')
    )
    select b.bucket_start::date,
      (coalesce((select -sum(l.amount_cents) from lines l
        where l.m = b.bucket_start and l.kind in ('release', 'direct_payment') and l.account = 'creator_available'), 0))::bigint,
      (coalesce((select sum(l.amount_cents) from lines l
        where l.m = b.bucket_start and l.kind = 'payout_paid' and l.account = 'creator_in_transit'), 0))::bigint
    from b
    order by b.bucket_start;
end;
$$;
comment on function api.creator_earnings_series(days integer) is 'Calling creator: cents earned (after the fee) and cents paid out per month of the last `days` days.';
grant execute on function api.creator_earnings_series(days integer) to authenticated;
