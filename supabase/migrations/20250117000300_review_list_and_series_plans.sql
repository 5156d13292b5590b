-- Three reads of the admin and brand dashboards (issue 19), same answers, cheaper plans at scale 10:
-- - api.admin_reviews (19 ms): the newest reviews came from an index on created_at alone, and rows that
--   share a created_at (10,000 of them in the generated data, a batch import in real life) were sorted
--   by id before the first 50 could be returned. The index now holds the whole order (created_at, id).
-- - api.brand_funnel (27 ms with RLS and without): the stages of the range's applications were grouped
--   per table and joined back; with the one-row estimate the planner has for a brand's applications, each
--   grouped table was scanned again for every application and the campaigns' figures for every campaign.
--   Each application now reads its events and its content (with their payments) by index, once.
-- - api.admin_growth_series (56 ms): summing the year's hourly counters takes 4 ms; the rest was JIT
--   compiling the query, whose four correlated lookups per week the planner priced above jit_above_cost.
--   The weeks are now one grouped pass joined to the buckets (as api.admin_money_series does). Buckets
--   are still cut by date_trunc in the session's time zone from hourly rows, so they stay exact.

create index reviews_created_id_idx on app.reviews (created_at desc, id desc);
-- Served by the new index (the same leading column).
drop index app.reviews_created_idx;

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

/** Admins, per week: sign-ups by role (the profile's role now) and campaigns created, from hourly counters. */
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
