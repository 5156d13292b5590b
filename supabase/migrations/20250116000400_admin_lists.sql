-- The admin's lists (issue 19). At scale 10, api.admin_recent_activity took seconds: each of its four
-- feeds joined whole tables (2M applications with their campaigns and creators, every payment with both
-- names) before keeping its newest 10. Each feed now takes its newest rows from an index first and names
-- only those. api.admin_users_page counted every matching user for the total on each page; without a
-- search the total now comes from the maintained counters (app.stat_counters, exact), and the page from
-- an index by role and time.

create index applications_created_idx on app.applications (created_at desc, id desc);
create index payments_time_idx on app.payments ((coalesce(payment_date, created_at)) desc, id desc);
create index profiles_role_created_idx on app.profiles (role, created_at desc, id desc);

create or replace function api.admin_recent_activity(max_items integer default 10)
returns table (kind text, occurred_at timestamptz, actor_id uuid, actor_name text, subject text, status text,
  amount_cents bigint)
language plpgsql
stable
security invoker
set search_path = ''
as $$
declare
  n integer := least(greatest(coalesce(max_items, 10), 1), 50);
begin
  perform app.assert_admin();
  return query
    select * from (
      (select 'signup'::text, p.created_at, p.id, p.full_name, p.role, null::text, null::bigint
       from app.profiles p order by p.created_at desc, p.id desc limit n)
      union all
      (select 'campaign'::text, c.created_at, c.brand_id, coalesce(b.company_name, p.full_name), c.title, c.status, c.compensation_cents
       from (select x.created_at, x.id, x.brand_id, x.title, x.status, x.compensation_cents from app.campaigns x
             order by x.created_at desc, x.id desc limit n) c
       join app.profiles p on p.id = c.brand_id
       left join app.brand_profiles b on b.user_id = c.brand_id)
      union all
      (select 'application'::text, a.created_at, a.creator_id, p.full_name, c.title, a.status, null::bigint
       from (select x.created_at, x.id, x.creator_id, x.campaign_id, x.status from app.applications x
             order by x.created_at desc, x.id desc limit n) a
       join app.profiles p on p.id = a.creator_id
       join app.campaigns c on c.id = a.campaign_id)
      union all
      (select 'payment'::text, pm.t, pm.brand_id, coalesce(b.company_name, p.full_name), cr.full_name, pm.status, pm.amount_cents
       from (select coalesce(x.payment_date, x.created_at) as t, x.id, x.brand_id, x.creator_id, x.status, x.amount_cents
             from app.payments x order by coalesce(x.payment_date, x.created_at) desc, x.id desc limit n) pm
       left join app.profiles p on p.id = pm.brand_id
       left join app.brand_profiles b on b.user_id = pm.brand_id
       left join app.profiles cr on cr.id = pm.creator_id)
    ) events (kind, occurred_at, actor_id, actor_name, subject, status, amount_cents)
    order by events.occurred_at desc
    limit n;
end;
$$;

create or replace function api.admin_users_page(
  filter_role text default null,
  search text default null,
  page integer default 1,
  page_size integer default 20
)
returns table (id uuid, email text, username text, full_name text, role text, bio text, avatar_url text,
  created_at timestamptz, updated_at timestamptz, total_count integer)
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  size integer := least(greatest(coalesce(page_size, 20), 1), 100);
  skip integer := (greatest(coalesce(page, 1), 1) - 1) * least(greatest(coalesce(page_size, 20), 1), 100);
  one_role text := nullif(btrim(filter_role), '');
  total integer;
begin
  perform app.assert_admin();
  if one_role is not null and filter_role not in ('brand', 'creator', 'admin') then
    perform app.fail('22023', 'Role must be brand, creator or admin', 'role_invalid');
  end if;
  if nullif(btrim(admin_users_page.search), '') is null then
    select t.n::integer into total from app.stat_total(case when one_role is null then 'users' else 'users:' || filter_role end) t;
    if one_role is null then
      return query
        select p.id, p.email, p.username, p.full_name, p.role, p.bio, p.avatar_url, p.created_at, p.updated_at, total
        from app.profiles p
        order by p.created_at desc, p.id desc
        limit size offset skip;
    else
      return query
        select p.id, p.email, p.username, p.full_name, p.role, p.bio, p.avatar_url, p.created_at, p.updated_at, total
        from app.profiles p
        where p.role = filter_role
        order by p.created_at desc, p.id desc
        limit size offset skip;
    end if;
    return;
  end if;
  return query
    select p.id, p.email, p.username, p.full_name, p.role, p.bio, p.avatar_url, p.created_at, p.updated_at,
      (count(*) over ())::integer
    from app.profiles p
    where (one_role is null or p.role = filter_role)
      and (p.search_text like app.contains_pattern(admin_users_page.search)
           or lower(p.email) like app.contains_pattern(admin_users_page.search))
    order by p.created_at desc, p.id desc
    limit size offset skip;
end;
$$;
