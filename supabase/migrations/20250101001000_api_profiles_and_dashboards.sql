-- Data API: the current user, username availability and the dashboards' figures.

/** The signed-in user's profile (with email); no row for anon. */
create or replace function api.current_profile()
returns table (id uuid, email text, username text, full_name text, role text, bio text, avatar_url text)
language sql
stable
security definer
set search_path = ''
as $$
  select p.id, p.email, p.username, p.full_name, p.role, p.bio, p.avatar_url
  from app.profiles p
  where p.id = (select auth.uid())
$$;

/** True when nobody holds this username (case-insensitive). Open to anon for the sign-up form. */
create or replace function api.username_available(username text)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select not exists (select 1 from app.profiles p where lower(p.username) = lower(btrim(username_available.username)))
$$;

create type api.creator_dashboard_stats as (
  active_gigs integer,
  completed_jobs integer,
  rating numeric,
  review_count integer,
  total_earnings_cents bigint
);
comment on type api.creator_dashboard_stats is 'Creator dashboard cards. rating is null and review_count 0 until reviews exist.';

/** The creator dashboard's cards, computed from the caller's own rows. */
create or replace function api.creator_dashboard()
returns api.creator_dashboard_stats
language sql
stable
set search_path = ''
as $$
  select
    (select count(*)::integer from app.applications a where a.creator_id = (select auth.uid()) and a.status = 'accepted'),
    (select count(*)::integer from app.deliverables d where d.creator_id = (select auth.uid()) and d.status = 'approved'),
    null::numeric,
    0,
    (select coalesce(sum(p.amount_cents), 0)::bigint from app.payments p
      where p.creator_id = (select auth.uid()) and p.status = 'completed')
$$;

create type api.brand_dashboard_stats as (
  active_campaigns integer,
  working_creators integer,
  content_delivered integer,
  total_spent_cents bigint
);
comment on type api.brand_dashboard_stats is 'Brand dashboard cards.';

/** The brand dashboard's cards, computed from the caller's own rows. */
create or replace function api.brand_dashboard()
returns api.brand_dashboard_stats
language sql
stable
set search_path = ''
as $$
  select
    (select count(*)::integer from app.campaigns c where c.brand_id = (select auth.uid()) and c.status = 'active'),
    (select count(distinct a.creator_id)::integer from app.applications a
      where a.brand_id = (select auth.uid()) and a.status = 'accepted'),
    (select count(*)::integer from app.deliverables d where d.brand_id = (select auth.uid()) and d.status = 'approved'),
    (select coalesce(sum(p.amount_cents), 0)::bigint from app.payments p
      where p.brand_id = (select auth.uid()) and p.status = 'completed')
$$;

revoke execute on function api.current_profile(), api.username_available(text), api.creator_dashboard(),
  api.brand_dashboard() from public;
grant execute on function api.current_profile(), api.username_available(text) to anon, authenticated, service_role;
grant execute on function api.creator_dashboard(), api.brand_dashboard() to authenticated;
