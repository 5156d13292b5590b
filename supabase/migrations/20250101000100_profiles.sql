-- Users' public profiles (1:1 with auth.users), brand and creator details, the sign-up trigger and the
-- role helpers every policy uses.

create table app.profiles (
  id uuid primary key references auth.users (id) on delete cascade,
  email text not null default '',
  username text not null,
  full_name text not null,
  role text not null default 'creator',
  bio text,
  avatar_url text,
  search_text text generated always as (app.search_norm(full_name || ' ' || username)) stored,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint profiles_username_format check (username ~ '^[A-Za-z0-9._]{3,30}$'),
  constraint profiles_full_name_length check (char_length(btrim(full_name)) between 2 and 100),
  constraint profiles_role_valid check (role in ('brand', 'creator', 'admin')),
  constraint profiles_bio_length check (bio is null or char_length(bio) <= 2000)
);
comment on table app.profiles is 'One row per auth user: public identity and role. email mirrors auth.users.email.';
comment on column app.profiles.role is 'brand | creator | admin. Changed only by admins (trigger).';
create unique index profiles_username_lower_key on app.profiles (lower(username));
create index profiles_role_idx on app.profiles (role);
create index profiles_search_trgm_idx on app.profiles using gin (search_text extensions.gin_trgm_ops);
alter table app.profiles enable row level security;

create table app.brand_profiles (
  user_id uuid primary key references app.profiles (id) on delete cascade,
  company_name text not null,
  logo_url text,
  website text,
  industry text,
  contact_email text,
  contact_phone text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint brand_profiles_company_name_required check (char_length(btrim(company_name)) between 1 and 200)
);
comment on table app.brand_profiles is 'Company details of a brand user.';
alter table app.brand_profiles enable row level security;

create table app.creator_profiles (
  user_id uuid primary key references app.profiles (id) on delete cascade,
  niche text,
  instagram_handle text,
  tiktok_handle text,
  youtube_handle text,
  followers integer not null default 0,
  location text,
  rate_per_post_cents bigint,
  portfolio jsonb not null default '[]'::jsonb,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint creator_profiles_niche_valid check (
    niche is null or niche in ('Beauty', 'Fashion', 'Fitness', 'Food', 'Lifestyle', 'Tech', 'Travel')),
  constraint creator_profiles_followers_positive check (followers >= 0),
  constraint creator_profiles_rate_positive check (rate_per_post_cents is null or rate_per_post_cents >= 0),
  constraint creator_profiles_portfolio_array check (jsonb_typeof(portfolio) = 'array')
);
comment on table app.creator_profiles is 'Social handles, audience and rates of a creator user.';
comment on column app.creator_profiles.rate_per_post_cents is 'Starting rate per post in US cents.';
create index creator_profiles_niche_idx on app.creator_profiles (niche);
create index creator_profiles_followers_idx on app.creator_profiles (followers desc, user_id desc);
alter table app.creator_profiles enable row level security;

create trigger profiles_set_updated_at before update on app.profiles
  for each row execute function app.set_updated_at();
create trigger brand_profiles_set_updated_at before update on app.brand_profiles
  for each row execute function app.set_updated_at();
create trigger creator_profiles_set_updated_at before update on app.creator_profiles
  for each row execute function app.set_updated_at();

/** Role of the signed-in user, or null (anon, unknown user). Definer: policies call it without recursion. */
create or replace function app.current_role()
returns text
language sql
stable
security definer
set search_path = ''
as $$
  select p.role from app.profiles p where p.id = (select auth.uid())
$$;

/** True when the signed-in user is an admin. */
create or replace function app.is_admin()
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce((select p.role = 'admin' from app.profiles p where p.id = (select auth.uid())), false)
$$;

/** Role of any user (used by the messaging rule), or null. */
create or replace function app.role_of(user_id uuid)
returns text
language sql
stable
security definer
set search_path = ''
as $$
  select p.role from app.profiles p where p.id = user_id
$$;
revoke execute on function app.current_role(), app.is_admin(), app.role_of(uuid) from public, anon;
grant execute on function app.current_role(), app.is_admin(), app.role_of(uuid) to authenticated, service_role;

/**
 * Trigger: nobody changes a profile's id or email through the API, and only admins (or the platform
 * itself) change a role. Invoker on purpose: current_user tells a user session from the platform.
 */
create or replace function app.guard_profile_update()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if new.id is distinct from old.id then
    raise exception 'A profile id cannot be changed' using errcode = '42501', detail = 'immutable_id';
  end if;
  if app.is_privileged() then
    return new;
  end if;
  if new.email is distinct from old.email then
    raise exception 'Email changes go through the account service' using errcode = '42501', detail = 'immutable_email';
  end if;
  if new.role is distinct from old.role and not app.is_admin() then
    raise exception 'Only admins can change a role' using errcode = '42501', detail = 'role_change_forbidden';
  end if;
  return new;
end;
$$;
create trigger profiles_guard_update before update on app.profiles
  for each row execute function app.guard_profile_update();

/** Trigger: usernames are unique case-insensitively; a clash raises the message the UI shows. */
create or replace function app.check_username_unique()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if exists (select 1 from app.profiles p where lower(p.username) = lower(new.username) and p.id <> new.id) then
    raise exception 'Username already taken' using errcode = '23505', detail = 'username_taken';
  end if;
  return new;
end;
$$;
create trigger profiles_check_username before insert or update of username on app.profiles
  for each row execute function app.check_username_unique();

/**
 * Trigger on auth.users insert: creates the profile from the sign-up metadata. The role comes only from
 * app_metadata (which only the service role can set), so self sign-up always yields a creator. Any
 * failure (username taken, invalid values) aborts the whole sign-up: no user without a profile.
 */
create or replace function app.handle_new_user()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  meta jsonb := coalesce(new.raw_user_meta_data, '{}'::jsonb);
  wanted_role text := coalesce(new.raw_app_meta_data ->> 'role', 'creator');
  uname text := nullif(btrim(meta ->> 'username'), '');
  fname text := nullif(btrim(coalesce(meta ->> 'full_name', meta ->> 'fullName')), '');
begin
  if wanted_role not in ('brand', 'creator', 'admin') then
    wanted_role := 'creator';
  end if;
  if uname is null then
    -- Accounts created by an admin without a username get one derived from the email, made unique.
    uname := left(regexp_replace(split_part(coalesce(new.email, ''), '@', 1), '[^A-Za-z0-9._]', '', 'g'), 24);
    if char_length(uname) < 3 then
      uname := 'user' || uname;
    end if;
    if exists (select 1 from app.profiles p where lower(p.username) = lower(uname)) then
      uname := uname || '_' || substr(replace(new.id::text, '-', ''), 1, 5);
    end if;
  elsif uname !~ '^[A-Za-z0-9._]{3,30}$' then
    raise exception 'Username must be 3 to 30 letters, numbers, dots or underscores'
      using errcode = '22023', detail = 'username_invalid';
  end if;
  if fname is null or char_length(fname) < 2 then
    fname := coalesce(fname, uname);
    if char_length(fname) < 2 then
      raise exception 'Full name must be at least 2 characters' using errcode = '22023', detail = 'full_name_invalid';
    end if;
  end if;

  insert into app.profiles (id, email, username, full_name, role)
  values (new.id, coalesce(new.email, ''), uname, fname, wanted_role);

  if wanted_role = 'creator' then
    insert into app.creator_profiles (user_id, instagram_handle, tiktok_handle, youtube_handle)
    values (
      new.id,
      nullif(btrim(coalesce(meta ->> 'instagram_handle', meta ->> 'instagramHandle')), ''),
      nullif(btrim(coalesce(meta ->> 'tiktok_handle', meta ->> 'tiktokHandle')), ''),
      nullif(btrim(coalesce(meta ->> 'youtube_handle', meta ->> 'youtubeHandle')), '')
    );
  elsif wanted_role = 'brand' then
    insert into app.brand_profiles (user_id, company_name)
    values (new.id, coalesce(nullif(btrim(meta ->> 'company_name'), ''), fname));
  end if;
  return new;
end;
$$;
revoke execute on function app.handle_new_user() from public, anon, authenticated;
create trigger on_auth_user_created after insert on auth.users
  for each row execute function app.handle_new_user();

/** Trigger on auth.users email change: keeps the profile's copy of the email in step. */
create or replace function app.handle_user_email_change()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  update app.profiles set email = coalesce(new.email, '') where id = new.id;
  return new;
end;
$$;
revoke execute on function app.handle_user_email_change() from public, anon, authenticated;
create trigger on_auth_user_email_changed after update of email on auth.users
  for each row when (new.email is distinct from old.email)
  execute function app.handle_user_email_change();

-- Grants: the email column is not readable by users directly (only through api functions).
grant select (id, username, full_name, role, bio, avatar_url, search_text, created_at, updated_at)
  on app.profiles to authenticated;
grant update (username, full_name, role, bio, avatar_url) on app.profiles to authenticated;
grant delete on app.profiles to authenticated;
grant all on app.profiles, app.brand_profiles, app.creator_profiles to service_role;
grant select, insert on app.brand_profiles, app.creator_profiles to authenticated;
grant update (company_name, logo_url, website, industry, contact_email, contact_phone)
  on app.brand_profiles to authenticated;
grant update (niche, instagram_handle, tiktok_handle, youtube_handle, followers, location, rate_per_post_cents,
  portfolio) on app.creator_profiles to authenticated;

create policy "Signed-in users can read profiles" on app.profiles
  for select to authenticated using (true);
create policy "Users update their own profile and admins any" on app.profiles
  for update to authenticated
  using (id = (select auth.uid()) or (select app.is_admin()))
  with check (id = (select auth.uid()) or (select app.is_admin()));
create policy "Admins delete other users' profiles" on app.profiles
  for delete to authenticated
  using ((select app.is_admin()) and id <> (select auth.uid()));

create policy "Signed-in users can read brand profiles" on app.brand_profiles
  for select to authenticated using (true);
create policy "Brands create their own brand profile" on app.brand_profiles
  for insert to authenticated
  with check (user_id = (select auth.uid()) and (select app.current_role()) = 'brand');
create policy "Brands update their own brand profile and admins any" on app.brand_profiles
  for update to authenticated
  using (user_id = (select auth.uid()) or (select app.is_admin()))
  with check (user_id = (select auth.uid()) or (select app.is_admin()));

create policy "Signed-in users can read creator profiles" on app.creator_profiles
  for select to authenticated using (true);
create policy "Creators create their own creator profile" on app.creator_profiles
  for insert to authenticated
  with check (user_id = (select auth.uid()) and (select app.current_role()) = 'creator');
create policy "Creators update their own creator profile and admins any" on app.creator_profiles
  for update to authenticated
  using (user_id = (select auth.uid()) or (select app.is_admin()))
  with check (user_id = (select auth.uid()) or (select app.is_admin()));
