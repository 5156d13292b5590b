-- Issue 36 item 2 (decision 0060): the licence library, the licence_ending reminder and the renewals list read a
-- licence's end from app.licence_end (the agreed end or the latest funded renewal's), so a funded renewal
-- moves the end everywhere at once; a renewed licence's new end is told again 14 days before it.
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
      l.exclusivity_days, l.starts_at, e.ends_at,
      app.licence_days_left(e.ends_at, at_time), app.licence_status(e.ends_at, at_time)
    from app.hire_licences l
    cross join lateral (select app.licence_end(l.application_id) as ends_at) e
    join app.applications a on a.id = l.application_id and a.status = 'accepted'
    left join app.campaigns c on c.id = l.campaign_id
    left join app.profiles p on p.id = l.creator_id
    where l.brand_id = (select auth.uid())
    order by e.ends_at, l.application_id;
end;
$$;
comment on function api.brand_licences(as_of timestamp with time zone) is 'The caller brand''s licences of standing hires, soonest ending first: creator, latest content link (approved first), the agreed terms, the end (app.licence_end: renewals included), days_left and status (active / ending_soon / expired) from app.licence_days_left and app.licence_status; as_of defaults to now.';

create or replace function app.warn_licence_ending(as_of timestamp with time zone default now())
returns integer
language sql
security definer
set search_path = ''
as $$
  with added as (
    insert into app.notifications (user_id, kind, actor_id, application_id, campaign_id, data, created_at)
    select l.brand_id, 'licence_ending', l.creator_id, l.application_id, c.id,
      jsonb_build_object('campaign_title', c.title, 'ends_at', e.ends_at,
        'expires_on', (e.ends_at at time zone 'UTC')::date, 'days', app.licence_days_left(e.ends_at, warn_licence_ending.as_of)),
      warn_licence_ending.as_of
    from app.hire_licences l
    cross join lateral (select app.licence_end(l.application_id) as ends_at) e
    join app.applications a on a.id = l.application_id and a.status = 'accepted'
    join app.profiles b on b.id = l.brand_id
    left join app.campaigns c on c.id = l.campaign_id
    where app.licence_status(e.ends_at, warn_licence_ending.as_of) = 'ending_soon'
      and not exists (select 1 from app.notifications x
        where x.user_id = l.brand_id and x.kind = 'licence_ending' and x.application_id = l.application_id
          and (x.data ->> 'ends_at')::timestamptz = e.ends_at)
    returning 1
  )
  select count(*)::integer from added
$$;
comment on function app.warn_licence_ending(as_of timestamp with time zone) is 'Tells each brand, once per licence end (app.licence_end, renewals included), that a licence of a standing hire ends within 14 days (app.licence_status). Security definer: the scheduler writes notifications for every brand.';

drop function api.licence_renewals(of_application uuid);
create function api.licence_renewals(of_application uuid default null::uuid)
returns table (
  id uuid,
  application_id uuid,
  campaign_id uuid,
  campaign_title text,
  brand_name text,
  creator_name text,
  term_days integer,
  price_cents bigint,
  status text,
  created_at timestamp with time zone,
  decided_at timestamp with time zone,
  funded_at timestamp with time zone,
  ends_at timestamp with time zone,
  licence_ends_at timestamp with time zone
)
language plpgsql
stable
set search_path = ''
as $$
#variable_conflict use_column
begin
  if (select auth.uid()) is null then
    perform app.fail('42501', 'Sign in first', 'not_signed_in');
  end if;
  return query
    select r.id, r.application_id, a.campaign_id, c.title::text, app.display_name(r.brand_id)::text,
      app.display_name(r.creator_id)::text, r.term_days, r.price_cents, r.status, r.created_at, r.decided_at,
      r.funded_at, r.ends_at, app.licence_end(r.application_id)
    from app.licence_renewals r
    join app.applications a on a.id = r.application_id
    left join app.campaigns c on c.id = a.campaign_id
    where (of_application is null or r.application_id = of_application)
      and (r.brand_id = (select auth.uid()) or r.creator_id = (select auth.uid()))
    order by r.created_at desc, r.id;
end;
$$;
comment on function api.licence_renewals(of_application uuid) is 'The caller''s renewal offers as brand or hired creator, newest first, optionally of one hire: campaign, both parties'' display names, term, price, status (offered / accepted / declined), when it was funded and the end it gives, and the licence''s current end (app.licence_end).';
grant execute on function api.licence_renewals(of_application uuid) to authenticated;
