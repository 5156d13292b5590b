-- Charts (issue 20): figures over time for brands (/analytics), creators and admins (their dashboards).
-- Every series is aggregated here, never summed in the browser, and has one row per week or month of the
-- range (generate_series), so a week without activity reads 0 instead of being missing.
--
-- Conventions of every function below:
-- - days: the range, the last `days` days (the screens offer 30, 90 and 365); outside 7..366 it is refused
--   (22023, range_invalid). The first bucket is the whole week (Monday) or month that contains the range's
--   first day, so each bar counts a full period; the last bucket is the current one, still running.
-- - Buckets are cut in the session's time zone (UTC on Supabase and locally).
-- - Security invoker: RLS limits every row to what the caller may read; the explicit owner filters keep an
--   admin (who may read everything) from getting a platform-wide answer from a brand's or creator's
--   function, and the role checks refuse the other roles outright (42501).

-- The ranges the series filter on, per owner and time (sign-ups use profiles_created_idx, admin operations').
create index application_events_brand_time_idx on app.application_events (brand_id, created_at);
create index campaigns_created_idx on app.campaigns (created_at);
create index ledger_transactions_created_idx on app.ledger_transactions (created_at);

/** The first day of each bucket of the range: weeks start on Monday. Refuses a range outside 7..366 days. */
create or replace function app.series_buckets(days integer, unit text)
returns table (bucket_start timestamptz)
language plpgsql
stable
set search_path = ''
as $$
begin
  if days is null or days < 7 or days > 366 then
    perform app.fail('22023', 'The range must be between 7 and 366 days', 'range_invalid');
  end if;
  return query
    select g from generate_series(date_trunc(unit, now() - make_interval(days => days)), date_trunc(unit, now()),
      case unit when 'week' then interval '1 week' else interval '1 month' end) g;
end;
$$;
revoke execute on function app.series_buckets(integer, text) from public, anon;
grant execute on function app.series_buckets(integer, text) to authenticated;

/** Refuses everyone whose role is not `role` (anon and users without a profile included). */
create or replace function app.assert_series_role(role text)
returns void
language plpgsql
stable
set search_path = ''
as $$
begin
  if (select auth.uid()) is null then
    perform app.fail('42501', 'Sign in first', 'not_signed_in');
  end if;
  if app.current_role() is distinct from role then
    perform app.fail('42501', 'Only ' || role || 's can view these figures', 'not_' || role);
  end if;
end;
$$;
revoke execute on function app.assert_series_role(text) from public, anon;
grant execute on function app.assert_series_role(text) to authenticated;

/**
 * Brand, per week: applications received (when the creator applied) and content approved (by the brand or
 * by the review window running out), from each application's history; optionally one campaign only (a
 * campaign of another brand reads as all zeros: RLS hides its rows).
 */
create or replace function api.brand_activity_series(days integer default 90, campaign_id uuid default null)
returns table (week_start date, applications integer, approved_content integer)
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
comment on function api.brand_activity_series(integer, uuid) is
  'Calling brand: applications received and content approved per week of the last `days` days (zeros included).';

/**
 * Brand, per month, from the ledger: money released to creators (escrow releases and direct payments),
 * money refunded to the brand's card, and what was held in escrow at the month's end (at now for the
 * current month). The months' released and refunded add up to api.brand_money_by_campaign's figures for
 * the same range, and the last month's in_escrow_cents is its current escrow total.
 */
create or replace function api.brand_spend_series(days integer default 365, campaign_id uuid default null)
returns table (month_start date, released_cents bigint, refunded_cents bigint, in_escrow_cents bigint)
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
      select date_trunc('month', t.created_at) as m, t.created_at, t.kind, le.account, le.amount_cents
      from app.ledger_transactions t
      join app.ledger_entries le on le.transaction_id = t.id
      where t.brand_id = (select auth.uid())
        and (brand_spend_series.campaign_id is null or t.campaign_id = brand_spend_series.campaign_id)
    )
    select b.bucket_start::date,
      (coalesce((select sum(l.amount_cents) from lines l
         where l.m = b.bucket_start and ((l.kind = 'release' and l.account = 'escrow')
           or (l.kind = 'direct_payment' and l.account = 'stripe_balance'))), 0))::bigint,
      (coalesce((select -sum(l.amount_cents) from lines l
         where l.m = b.bucket_start and l.kind in ('refund', 'refund_after_release') and l.account = 'stripe_balance'), 0))::bigint,
      (coalesce((select -sum(l.amount_cents) from lines l
         where l.created_at < b.bucket_start + interval '1 month' and l.account = 'escrow'), 0))::bigint
    from b
    order by b.bucket_start;
end;
$$;
comment on function api.brand_spend_series(integer, uuid) is
  'Calling brand: released and refunded cents per month, and cents held in escrow at each month''s end (ledger).';

/**
 * Brand, per campaign: how far the applications received in the range got. applied: every application;
 * accepted: accepted at some point (a hire canceled later still counts); submitted: content handed in;
 * approved: content approved (also by the review window); paid: the creator was paid for it (escrow
 * released or a direct payment completed). Campaigns without applications in the range read zeros.
 */
create or replace function api.brand_funnel(days integer default 90, campaign_id uuid default null)
returns table (id uuid, title text, applied integer, accepted integer, submitted integer, approved integer, paid integer)
language plpgsql
stable
set search_path = ''
as $$
begin
  perform app.assert_series_role('brand');
  return query
    with apps as (
      select a.id, a.campaign_id
      from app.applications a
      where a.brand_id = (select auth.uid())
        and a.created_at >= (select min(s.bucket_start) from app.series_buckets(brand_funnel.days, 'week') s)
        and (brand_funnel.campaign_id is null or a.campaign_id = brand_funnel.campaign_id)
    ),
    -- What each application reached; a later stage implies the earlier ones (content paid for directly,
    -- before escrow, was approved even where no approval step was recorded), so the funnel never widens.
    raw as (
      select apps.campaign_id,
        exists (select 1 from app.application_events e where e.application_id = apps.id and e.kind = 'released')
          or exists (select 1 from app.payments p join app.deliverables d on d.id = p.deliverable_id
            where d.application_id = apps.id and p.status = 'completed') as paid,
        exists (select 1 from app.application_events e where e.application_id = apps.id and e.kind in ('approved', 'auto_approved'))
          or exists (select 1 from app.deliverables d where d.application_id = apps.id and d.status = 'approved') as approved,
        exists (select 1 from app.deliverables d where d.application_id = apps.id) as submitted,
        exists (select 1 from app.application_events e where e.application_id = apps.id and e.kind = 'accepted') as accepted
      from apps
    ),
    reached as (
      select raw.campaign_id, raw.paid,
        raw.approved or raw.paid as approved,
        raw.submitted or raw.approved or raw.paid as submitted,
        raw.accepted or raw.submitted or raw.approved or raw.paid as accepted
      from raw
    )
    select c.id, c.title,
      (select count(*) from reached r where r.campaign_id = c.id)::integer,
      (select count(*) from reached r where r.campaign_id = c.id and r.accepted)::integer,
      (select count(*) from reached r where r.campaign_id = c.id and r.submitted)::integer,
      (select count(*) from reached r where r.campaign_id = c.id and r.approved)::integer,
      (select count(*) from reached r where r.campaign_id = c.id and r.paid)::integer
    from app.campaigns c
    where c.brand_id = (select auth.uid())
      and (brand_funnel.campaign_id is null or c.id = brand_funnel.campaign_id)
    order by c.created_at desc, c.id desc;
end;
$$;
comment on function api.brand_funnel(integer, uuid) is
  'Calling brand: per campaign, applications of the last `days` days that were accepted, submitted, approved, paid.';

/**
 * Creator, per month: what reached the balance (releases and direct payments after the platform fee, as
 * api.creator_dashboard's total earnings) and what was paid out to the bank, from the ledger.
 */
create or replace function api.creator_earnings_series(days integer default 365)
returns table (month_start date, earned_cents bigint, paid_out_cents bigint)
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
comment on function api.creator_earnings_series(integer) is
  'Calling creator: cents earned (after the fee) and cents paid out per month of the last `days` days.';

/** Creator, per month: the applications sent that month, by where each stands now. */
create or replace function api.creator_application_series(days integer default 365)
returns table (month_start date, pending integer, accepted integer, rejected integer, canceled integer)
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
comment on function api.creator_application_series(integer) is
  'Calling creator: applications sent per month of the last `days` days, by current status.';

/** Admins, per week: sign-ups by role (the profile's role now) and campaigns created. */
create or replace function api.admin_growth_series(days integer default 365)
returns table (week_start date, brand_signups integer, creator_signups integer, admin_signups integer, campaigns_created integer)
language plpgsql
stable
set search_path = ''
as $$
begin
  perform app.assert_series_role('admin');
  return query
    with b as (select s.bucket_start from app.series_buckets(admin_growth_series.days, 'week') s),
    users as (
      select date_trunc('week', p.created_at) as w, p.role from app.profiles p
      where p.created_at >= (select min(b.bucket_start) from b)
    ),
    made as (
      select date_trunc('week', c.created_at) as w from app.campaigns c
      where c.created_at >= (select min(b.bucket_start) from b)
    )
    select b.bucket_start::date,
      (select count(*) from users u where u.w = b.bucket_start and u.role = 'brand')::integer,
      (select count(*) from users u where u.w = b.bucket_start and u.role = 'creator')::integer,
      (select count(*) from users u where u.w = b.bucket_start and u.role = 'admin')::integer,
      (select count(*) from made where made.w = b.bucket_start)::integer
    from b
    order by b.bucket_start;
end;
$$;
comment on function api.admin_growth_series(integer) is
  'Admins: sign-ups by role and campaigns created per week of the last `days` days.';

/**
 * Admins, per month, from the ledger: brands' card payments received, money released to creators (after
 * the fee), the platform's fees, refunds to cards and payouts paid to creators' banks.
 */
create or replace function api.admin_money_series(days integer default 365)
returns table (month_start date, charged_cents bigint, released_cents bigint, fees_cents bigint, refunded_cents bigint, paid_out_cents bigint)
language plpgsql
stable
set search_path = ''
as $$
begin
  perform app.assert_series_role('admin');
  return query
    with b as (select s.bucket_start from app.series_buckets(admin_money_series.days, 'month') s),
    lines as (
      select date_trunc('month', t.created_at) as m, t.kind, le.account, le.amount_cents
      from app.ledger_transactions t
      join app.ledger_entries le on le.transaction_id = t.id
      where t.created_at >= (select min(b.bucket_start) from b)
    ),
    sums as (
      select l.m,
        coalesce(sum(l.amount_cents) filter (where l.kind in ('escrow_funding', 'direct_payment') and l.account = 'stripe_balance'), 0) as charged,
        coalesce(-sum(l.amount_cents) filter (where l.kind in ('release', 'direct_payment') and l.account = 'creator_available'), 0) as released,
        coalesce(-sum(l.amount_cents) filter (where l.kind in ('release', 'direct_payment') and l.account = 'platform_fees'), 0) as fees,
        coalesce(-sum(l.amount_cents) filter (where l.kind in ('refund', 'refund_after_release') and l.account = 'stripe_balance'), 0) as refunded,
        coalesce(sum(l.amount_cents) filter (where l.kind = 'payout_paid' and l.account = 'creator_in_transit'), 0) as paid_out
      from lines l
      group by l.m
    )
    select b.bucket_start::date, coalesce(s.charged, 0)::bigint, coalesce(s.released, 0)::bigint, coalesce(s.fees, 0)::bigint,
      coalesce(s.refunded, 0)::bigint, coalesce(s.paid_out, 0)::bigint
    from b
    left join sums s on s.m = b.bucket_start
    order by b.bucket_start;
end;
$$;
comment on function api.admin_money_series(integer) is
  'Admins: cents charged, released to creators, earned in fees, refunded and paid out per month (ledger).';

revoke execute on function api.brand_activity_series(integer, uuid), api.brand_spend_series(integer, uuid),
  api.brand_funnel(integer, uuid), api.creator_earnings_series(integer), api.creator_application_series(integer),
  api.admin_growth_series(integer), api.admin_money_series(integer) from public, anon;
grant execute on function api.brand_activity_series(integer, uuid), api.brand_spend_series(integer, uuid),
  api.brand_funnel(integer, uuid), api.creator_earnings_series(integer), api.creator_application_series(integer),
  api.admin_growth_series(integer), api.admin_money_series(integer) to authenticated;
