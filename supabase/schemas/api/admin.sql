-- Admin operations and the audit log.
-- This file: the api functions and types (the Data API); the tables are in ../admin.sql.
-- Current definitions (decision 0039): change them here, then `npm run db:diff` writes the migration.

create type api.admin_user as (
  id uuid,
  email text,
  username text,
  full_name text,
  role text,
  bio text,
  avatar_url text,
  created_at timestamp with time zone,
  updated_at timestamp with time zone
);

create or replace function api.admin_audit_log(before_id bigint default null::bigint, page_size integer default 20)
returns table (
  id bigint,
  at timestamp with time zone,
  actor_id uuid,
  actor_name text,
  actor_email text,
  action text,
  target_type text,
  target_id text,
  target_label text,
  before jsonb,
  after jsonb
)
language sql
stable
set search_path = ''
as $$
  select * from app.admin_audit_page(admin_audit_log.before_id, admin_audit_log.page_size)
$$;
grant execute on function api.admin_audit_log(before_id bigint, page_size integer) to authenticated;

create or replace function api.admin_audit_user_action(
  actor_id uuid,
  action text,
  user_id uuid,
  before jsonb default null::jsonb,
  after jsonb default null::jsonb
)
returns bigint
language sql
set search_path = ''
as $$
  select app.audit_user_action(admin_audit_user_action.actor_id, admin_audit_user_action.action,
    admin_audit_user_action.user_id, admin_audit_user_action.before, admin_audit_user_action.after)
$$;
grant execute on function api.admin_audit_user_action(actor_id uuid, action text, user_id uuid, before jsonb, after jsonb) to service_role;

create or replace function api.admin_list_users(role text default null::text)
returns setof api.admin_user
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  perform app.assert_admin();
  return query
    select p.id, p.email, p.username, p.full_name, p.role, p.bio, p.avatar_url, p.created_at, p.updated_at
    from app.profiles p
    where admin_list_users.role is null or p.role = admin_list_users.role
    order by p.created_at desc, p.id desc;
end;
$$;
comment on function api.admin_list_users(role text) is 'Every user with email and role. Security definer: emails are not selectable by any user role; app.assert_admin refuses non-admins first.';
grant execute on function api.admin_list_users(role text) to authenticated;

create or replace function api.admin_update_user(
  user_id uuid,
  full_name text,
  username text,
  role text,
  bio text default null::text,
  email text default null::text
)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  old_role text;
begin
  perform app.assert_admin();
  select p.role into old_role from app.profiles p where p.id = admin_update_user.user_id;
  if not found then
    perform app.fail('PT404', 'User not found', 'user_not_found');
  end if;
  perform app.validate_identity(username, full_name);
  if role is null or role not in ('brand', 'creator', 'admin') then
    perform app.fail('22023', 'Role must be brand, creator or admin', 'role_invalid');
  end if;
  if user_id = (select auth.uid()) and role <> old_role then
    perform app.fail('42501', 'You cannot change your own role', 'own_role');
  end if;
  if nullif(btrim(admin_update_user.email), '') is not null then
    if btrim(admin_update_user.email) !~ '^[^@[:space:]]+@[^@[:space:]]+\.[^@[:space:]]+$' then
      perform app.fail('22023', 'Please enter a valid email', 'email_invalid');
    end if;
    if exists (select 1 from auth.users u
               where lower(u.email) = lower(btrim(admin_update_user.email)) and u.id <> admin_update_user.user_id) then
      perform app.fail('23505', 'Email already in use', 'email_taken');
    end if;
    update auth.users u set email = lower(btrim(admin_update_user.email)), updated_at = now()
    where u.id = admin_update_user.user_id and u.email is distinct from lower(btrim(admin_update_user.email));
  end if;
  update app.profiles p
  set full_name = btrim(admin_update_user.full_name), username = btrim(admin_update_user.username),
      role = admin_update_user.role, bio = nullif(btrim(admin_update_user.bio), '')
  where p.id = admin_update_user.user_id;
  if role = 'brand' then
    insert into app.brand_profiles (user_id, company_name)
    values (user_id, btrim(full_name)) on conflict do nothing;
  elsif role = 'creator' then
    insert into app.creator_profiles (user_id) values (user_id) on conflict do nothing;
  end if;
end;
$$;
comment on function api.admin_update_user(user_id uuid, full_name text, username text, role text, bio text, email text) is 'An admin edits a user. Security definer: it writes auth.users (email) and creates the other user''s brand/creator row, which no user role may do; app.assert_admin refuses non-admins first.';
grant execute on function api.admin_update_user(user_id uuid, full_name text, username text, role text, bio text, email text) to authenticated;

create or replace function api.admin_users_page(
  filter_role text default null::text,
  search text default null::text,
  page integer default 1,
  page_size integer default 20
)
returns table (
  id uuid,
  email text,
  username text,
  full_name text,
  role text,
  bio text,
  avatar_url text,
  created_at timestamp with time zone,
  updated_at timestamp with time zone,
  total_count integer
)
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  size integer := least(greatest(coalesce(page_size, 20), 1), 100);
  skip integer := (greatest(coalesce(page, 1), 1) - 1) * least(greatest(coalesce(page_size, 20), 1), 100);
  one_role text := nullif(btrim(filter_role), '');
  matches text := '';
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
  -- Built per call so that each shape gets its own plan.
  if one_role is not null then
    matches := ' and p.role = $2';
  end if;
  matches := 'from app.profiles p where (p.search_text like app.contains_pattern($1)'
    || ' or lower(p.email) like app.contains_pattern($1))' || matches;
  execute 'select count(*)::integer from (select 1 ' || matches || ' limit app.search_count_cap() + 1) m'
    into total using admin_users_page.search, filter_role;
  if total > app.search_count_cap() then
    -- Matches are everywhere: walking the users by time finds a page of them at once.
    return query execute
      'select p.id, p.email, p.username, p.full_name, p.role, p.bio, p.avatar_url, p.created_at, p.updated_at, $5 '
      || matches || ' order by p.created_at desc, p.id desc limit $3 offset $4'
      using admin_users_page.search, filter_role, size, skip, total;
  else
    -- At most the cap's worth: take them from the trigram indexes, then sort.
    return query execute
      'with m as materialized (select p.id, p.email, p.username, p.full_name, p.role, p.bio, p.avatar_url, p.created_at, p.updated_at '
      || matches || ') select m.*, $5 from m order by m.created_at desc, m.id desc limit $3 offset $4'
      using admin_users_page.search, filter_role, size, skip, total;
  end if;
end;
$$;
comment on function api.admin_users_page(filter_role text, search text, page integer, page_size integer) is 'One page of the admin user table; total_count is exact without a search, with one it stops at app.search_count_cap() + 1. Security definer: it shows and searches emails, not selectable by any user role; app.assert_admin refuses non-admins first.';
grant execute on function api.admin_users_page(filter_role text, search text, page integer, page_size integer) to authenticated;
