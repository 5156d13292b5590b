-- Admin operations: the paged user table, the dashboard's figures (stats, recent activity, platform
-- health), the last-admin guard, and the "set your password on first sign-in" flag of brand accounts
-- created by admins (see supabase/functions/admin-users).

/**
 * Trigger: the platform always keeps an admin. Demoting or deleting the last admin (directly, or through
 * the cascade of deleting their auth user) is refused with a 409.
 */
create or replace function app.keep_last_admin()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if old.role = 'admin' and (tg_op = 'DELETE' or new.role is distinct from 'admin')
     and not exists (select 1 from app.profiles p where p.role = 'admin' and p.id <> old.id) then
    raise exception 'The last admin cannot be removed or demoted' using errcode = 'PT409', detail = 'last_admin';
  end if;
  return case when tg_op = 'DELETE' then old else new end;
end;
$$;
revoke execute on function app.keep_last_admin() from public, anon, authenticated;
create trigger profiles_keep_last_admin before update of role or delete on app.profiles
  for each row execute function app.keep_last_admin();

/**
 * Trigger on auth.users: an account created with a temporary password carries
 * app_metadata.password_change_required = true (set with the service role); the web app then asks for a
 * new password. Whoever changes the password (the user through Auth), the flag goes with the old one.
 */
create or replace function app.clear_password_change_required()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  new.raw_app_meta_data := new.raw_app_meta_data - 'password_change_required';
  return new;
end;
$$;
revoke execute on function app.clear_password_change_required() from public, anon, authenticated;
create trigger on_auth_user_password_changed before update of encrypted_password on auth.users
  for each row
  when (new.encrypted_password is distinct from old.encrypted_password
        and old.raw_app_meta_data ? 'password_change_required')
  execute function app.clear_password_change_required();

create index if not exists profiles_created_idx on app.profiles (created_at desc, id desc);

/**
 * One page of the admin user table: optional role filter and search (name, username or email, accent-
 * and case-insensitive), newest first, with the total number of matching users on every row.
 */
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
begin
  perform app.assert_admin();
  if nullif(btrim(filter_role), '') is not null and filter_role not in ('brand', 'creator', 'admin') then
    perform app.fail('22023', 'Role must be brand, creator or admin', 'role_invalid');
  end if;
  return query
    select p.id, p.email, p.username, p.full_name, p.role, p.bio, p.avatar_url, p.created_at, p.updated_at,
      (count(*) over ())::integer
    from app.profiles p
    where (nullif(btrim(filter_role), '') is null or p.role = filter_role)
      and (nullif(btrim(admin_users_page.search), '') is null
           or p.search_text like app.contains_pattern(admin_users_page.search)
           or lower(p.email) like app.contains_pattern(admin_users_page.search))
    order by p.created_at desc, p.id desc
    limit size offset skip;
end;
$$;

/** Figures of the admin dashboard's stat cards. Admins only. */
create or replace function api.admin_stats()
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  result jsonb;
begin
  perform app.assert_admin();
  select jsonb_build_object(
    'total_users', (select count(*) from app.profiles),
    'brands', (select count(*) from app.profiles where role = 'brand'),
    'creators', (select count(*) from app.profiles where role = 'creator'),
    'admins', (select count(*) from app.profiles where role = 'admin'),
    'active_campaigns', (select count(*) from app.campaigns where status = 'active'),
    'applications', (select count(*) from app.applications),
    'pending_applications', (select count(*) from app.applications where status = 'pending'),
    'payments_this_month', (select count(*) from app.payments
      where status = 'completed' and coalesce(payment_date, created_at) >= date_trunc('month', now())),
    'paid_this_month_cents', (select coalesce(sum(amount_cents), 0) from app.payments
      where status = 'completed' and coalesce(payment_date, created_at) >= date_trunc('month', now()))
  ) into result;
  return result;
end;
$$;

/**
 * The latest platform events, newest first: sign-ups, new campaigns, applications and payments.
 * kind: signup | campaign | application | payment; actor = who did it; subject = what it was about.
 */
create or replace function api.admin_recent_activity(max_items integer default 10)
returns table (kind text, occurred_at timestamptz, actor_id uuid, actor_name text, subject text, status text,
  amount_cents bigint)
language plpgsql
stable
security definer
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
       from app.campaigns c join app.profiles p on p.id = c.brand_id
       left join app.brand_profiles b on b.user_id = c.brand_id
       order by c.created_at desc, c.id desc limit n)
      union all
      (select 'application'::text, a.created_at, a.creator_id, p.full_name, c.title, a.status, null::bigint
       from app.applications a join app.profiles p on p.id = a.creator_id
       join app.campaigns c on c.id = a.campaign_id
       order by a.created_at desc, a.id desc limit n)
      union all
      (select 'payment'::text, coalesce(pm.payment_date, pm.created_at), pm.brand_id,
         coalesce(b.company_name, p.full_name, 'Deleted user'), coalesce(cr.full_name, 'Deleted user'), pm.status, pm.amount_cents
       from app.payments pm
       left join app.profiles p on p.id = pm.brand_id
       left join app.brand_profiles b on b.user_id = pm.brand_id
       left join app.profiles cr on cr.id = pm.creator_id
       order by coalesce(pm.payment_date, pm.created_at) desc, pm.id desc limit n)
    ) events (kind, occurred_at, actor_id, actor_name, subject, status, amount_cents)
    order by events.occurred_at desc
    limit n;
end;
$$;

/** Live health figures of the platform for the admin dashboard. Admins only. */
create or replace function api.admin_platform_health()
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  result jsonb;
begin
  perform app.assert_admin();
  select jsonb_build_object(
    'new_users_7d', (select count(*) from app.profiles where created_at >= now() - interval '7 days'),
    'campaigns_by_status', jsonb_build_object(
      'draft', (select count(*) from app.campaigns where status = 'draft'),
      'active', (select count(*) from app.campaigns where status = 'active'),
      'paused', (select count(*) from app.campaigns where status = 'paused'),
      'completed', (select count(*) from app.campaigns where status = 'completed')),
    'pending_applications', (select count(*) from app.applications where status = 'pending'),
    'deliverables_awaiting_review', (select count(*) from app.deliverables where status in ('pending', 'submitted')),
    'pending_payments', (select count(*) from app.payments where status = 'pending'),
    'failed_payments_30d', (select count(*) from app.payments
      where status = 'failed' and coalesce(payment_date, created_at) >= now() - interval '30 days'),
    'overdue_active_campaigns', (select count(*) from app.campaigns where status = 'active' and deadline < now())
  ) into result;
  return result;
end;
$$;

revoke execute on function api.admin_users_page(text, text, integer, integer), api.admin_stats(),
  api.admin_recent_activity(integer), api.admin_platform_health() from public, anon;
grant execute on function api.admin_users_page(text, text, integer, integer), api.admin_stats(),
  api.admin_recent_activity(integer), api.admin_platform_health() to authenticated;
