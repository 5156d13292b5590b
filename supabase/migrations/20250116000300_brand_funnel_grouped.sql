-- api.brand_funnel (issue 19): 25 ms at scale 10 for a brand with 100 campaigns. Each application's stages
-- were six probes of their own, and each campaign's five figures rescanned every application of the range.
-- The stages are now read per table in one grouped pass over the range's applications, and the figures
-- counted once per campaign. Same rules, same answer; RLS still filters every row read.

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
    ev as (
      select e.application_id,
        bool_or(e.kind = 'released') as released,
        bool_or(e.kind in ('approved', 'auto_approved')) as approved,
        bool_or(e.kind = 'accepted') as accepted
      from app.application_events e
      where e.application_id in (select apps.id from apps) and e.kind in ('released', 'approved', 'auto_approved', 'accepted')
      group by e.application_id
    ),
    dl as (
      select d.application_id, bool_or(d.status = 'approved') as approved
      from app.deliverables d
      where d.application_id in (select apps.id from apps)
      group by d.application_id
    ),
    pd as (
      select distinct d.application_id
      from app.payments p join app.deliverables d on d.id = p.deliverable_id
      where d.application_id in (select apps.id from apps) and p.status = 'completed'
    ),
    -- What each application reached; a later stage implies the earlier ones (content paid for directly,
    -- before escrow, was approved even where no approval step was recorded), so the funnel never widens.
    raw as (
      select apps.campaign_id,
        coalesce(ev.released, false) or pd.application_id is not null as paid,
        coalesce(ev.approved, false) or coalesce(dl.approved, false) as approved,
        dl.application_id is not null as submitted,
        coalesce(ev.accepted, false) as accepted
      from apps
      left join ev on ev.application_id = apps.id
      left join dl on dl.application_id = apps.id
      left join pd on pd.application_id = apps.id
    ),
    figures as (
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
