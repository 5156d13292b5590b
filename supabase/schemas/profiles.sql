-- Profiles: users, their brand or creator details, roles, and what Auth triggers on auth.users.
-- Current definitions (decision 0039): change them here, then `npm run db:diff` writes the migration.

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

create or replace function app.is_admin()
returns boolean
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  return coalesce((select p.role = 'admin' from app.profiles p where p.id = (select auth.uid())), false);
end;
$$;
grant execute on function app.is_admin() to authenticated, service_role;

create table app.profiles (
  id uuid not null,
  email text default ''::text not null,
  username text not null,
  full_name text not null,
  "role" text default 'creator'::text not null,
  bio text,
  avatar_url text,
  search_text text generated always as (app.search_norm(((full_name || ' '::text) || username))) stored,
  created_at timestamp with time zone default now() not null,
  updated_at timestamp with time zone default now() not null,
  language text,
  sign_in_count integer default 0 not null,
  constraint profiles_pkey primary key (id),
  constraint profiles_id_fkey foreign key (id) references auth.users(id) on delete cascade,
  constraint profiles_bio_length check (bio is null or char_length(bio) <= 2000),
  constraint profiles_full_name_length check (char_length(btrim(full_name)) >= 2 and char_length(btrim(full_name)) <= 100),
  constraint profiles_language_check check (language = any (array['es'::text, 'en'::text, 'pt'::text])),
  constraint profiles_role_valid check (role = any (array['brand'::text, 'creator'::text, 'admin'::text])),
  constraint profiles_sign_in_count_check check (sign_in_count >= 0),
  constraint profiles_username_format check (username ~ '^[A-Za-z0-9._]{3,30}$'::text)
);
alter table app.profiles add constraint profiles_avatar_url_web check (avatar_url is null or app.is_web_url(avatar_url) or avatar_url ~ '^/storage/v1/object/public/(avatars|logos)/[0-9a-f-]{36}/[A-Za-z0-9_-][A-Za-z0-9._-]*$'::text) not valid;
alter table app.profiles add constraint profiles_full_name_visible check (not app.is_blank(full_name)) not valid;
alter table app.profiles enable row level security;
comment on table app.profiles is 'One row per auth user: public identity and role. email mirrors auth.users.email.';
comment on column app.profiles."role" is 'brand | creator | admin. Changed only by admins (trigger).';
comment on column app.profiles.sign_in_count is 'Sign-ins so far (Auth writes auth.users.last_sign_in_at at each password sign-in and email confirmation); 1 during the first session.';
grant all on app.profiles to service_role;
grant delete on app.profiles to authenticated;
grant select (id, username, full_name, "role", bio, avatar_url, search_text, created_at, updated_at) on app.profiles to authenticated;
grant update (username, full_name, "role", bio, avatar_url, language) on app.profiles to authenticated;

create index profiles_created_idx on app.profiles using btree (created_at desc, id desc);
create index profiles_email_trgm_idx on app.profiles using gin (lower(email) extensions.gin_trgm_ops);
create index profiles_role_created_idx on app.profiles using btree (role, created_at desc, id desc);
create index profiles_role_idx on app.profiles using btree (role);
create index profiles_search_trgm_idx on app.profiles using gin (search_text extensions.gin_trgm_ops);
create unique index profiles_username_lower_key on app.profiles using btree (lower(username));

create trigger profiles_check_username before insert or update of username on app.profiles for each row execute function app.check_username_unique();
create trigger profiles_guard_update before update on app.profiles for each row execute function app.guard_profile_update();
create trigger profiles_set_updated_at before update on app.profiles for each row execute function app.set_updated_at();

create policy "Admins delete other users' profiles" on app.profiles
for delete
to authenticated
using (( select app.is_admin() as is_admin) and id <> (( select auth.uid() as uid)));
create policy "Signed-in users can read profiles" on app.profiles
for select
to authenticated
using (true);
create policy "Users update their own profile and admins any" on app.profiles
for update
to authenticated
using (id = (( select auth.uid() as uid)) or ( select app.is_admin() as is_admin))
with check (id = (( select auth.uid() as uid)) or ( select app.is_admin() as is_admin));

create table app.brand_approvals (
  user_id uuid not null,
  status text default 'pending'::text not null,
  method text,
  reason text,
  decided_by uuid,
  decided_at timestamp with time zone,
  admins_notified_at timestamp with time zone,
  created_at timestamp with time zone default now() not null,
  constraint brand_approvals_pkey primary key (user_id),
  constraint brand_approvals_user_id_fkey foreign key (user_id) references app.profiles(id) on delete cascade,
  constraint brand_approvals_decided check ((status = 'pending'::text) = (decided_at is null)),
  constraint brand_approvals_method_valid check (method = any (array['admin'::text, 'domain'::text, 'admin_created'::text, 'existing'::text])),
  constraint brand_approvals_reason_length check (reason is null or char_length(reason) <= 1000),
  constraint brand_approvals_rejected_has_reason check (status <> 'rejected'::text or reason is not null),
  constraint brand_approvals_status_valid check (status = any (array['pending'::text, 'approved'::text, 'rejected'::text]))
);
alter table app.brand_approvals enable row level security;
comment on table app.brand_approvals is 'Whether a brand may publish: pending, approved or rejected. Written only by security definer functions (decision 0036).';
grant select on app.brand_approvals to service_role;

create index brand_approvals_pending_idx on app.brand_approvals using btree (created_at) where (status = 'pending'::text);

create or replace function app.on_brand_website_review()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if new.website is distinct from old.website then
    perform app.review_brand_signup(new.user_id);
  end if;
  return null;
end;
$$;

create or replace function app.current_role()
returns text
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  return (select p.role from app.profiles p where p.id = (select auth.uid()));
end;
$$;
grant execute on function app.current_role() to authenticated, service_role;

create table app.brand_profiles (
  user_id uuid not null,
  company_name text not null,
  logo_url text,
  website text,
  industry text,
  contact_email text,
  contact_phone text,
  created_at timestamp with time zone default now() not null,
  updated_at timestamp with time zone default now() not null,
  constraint brand_profiles_pkey primary key (user_id),
  constraint brand_profiles_user_id_fkey foreign key (user_id) references app.profiles(id) on delete cascade,
  constraint brand_profiles_company_name_required check (char_length(btrim(company_name)) >= 1 and char_length(btrim(company_name)) <= 200)
);
alter table app.brand_profiles add constraint brand_profiles_company_name_visible check (not app.is_blank(company_name)) not valid;
alter table app.brand_profiles add constraint brand_profiles_logo_url_web check (logo_url is null or app.is_web_url(logo_url) or logo_url ~ '^/storage/v1/object/public/logos/[0-9a-f-]{36}/[A-Za-z0-9_-][A-Za-z0-9._-]*$'::text) not valid;
alter table app.brand_profiles add constraint brand_profiles_website_web check (website is null or app.is_web_url(website) or app.is_bare_host_url(website)) not valid;
alter table app.brand_profiles enable row level security;
comment on table app.brand_profiles is 'Company details of a brand user.';
grant all on app.brand_profiles to service_role;
grant select, insert on app.brand_profiles to authenticated;
grant update (company_name, logo_url, website, industry, contact_email, contact_phone) on app.brand_profiles to authenticated;

create trigger brand_profiles_set_updated_at before update on app.brand_profiles for each row execute function app.set_updated_at();
create trigger brand_profiles_website_review after update of website on app.brand_profiles for each row execute function app.on_brand_website_review();

create policy "Brands create their own brand profile" on app.brand_profiles
for insert
to authenticated
with check (user_id = (( select auth.uid() as uid)) and (( select app."current_role"() as "current_role")) = 'brand'::text);
create policy "Brands update their own brand profile and admins any" on app.brand_profiles
for update
to authenticated
using (user_id = (( select auth.uid() as uid)) or ( select app.is_admin() as is_admin))
with check (user_id = (( select auth.uid() as uid)) or ( select app.is_admin() as is_admin));
create policy "Signed-in users can read brand profiles" on app.brand_profiles
for select
to authenticated
using (true);

create table app.creator_profiles (
  user_id uuid not null,
  niche text,
  instagram_handle text,
  tiktok_handle text,
  youtube_handle text,
  followers integer default 0 not null,
  location text,
  rate_per_post_cents bigint,
  portfolio jsonb default '[]'::jsonb not null,
  created_at timestamp with time zone default now() not null,
  updated_at timestamp with time zone default now() not null,
  verified_reach bigint default 0 not null,
  verified_accounts integer default 0 not null,
  constraint creator_profiles_pkey primary key (user_id),
  constraint creator_profiles_user_id_fkey foreign key (user_id) references app.profiles(id) on delete cascade,
  constraint creator_profiles_followers_positive check (followers >= 0),
  constraint creator_profiles_niche_valid check (niche is null or (niche = any (array['Beauty'::text, 'Fashion'::text, 'Fitness'::text, 'Food'::text, 'Lifestyle'::text, 'Tech'::text, 'Travel'::text]))),
  constraint creator_profiles_portfolio_array check (jsonb_typeof(portfolio) = 'array'::text),
  constraint creator_profiles_rate_positive check (rate_per_post_cents is null or rate_per_post_cents >= 0)
);
alter table app.creator_profiles enable row level security;
comment on table app.creator_profiles is 'Social handles, audience and rates of a creator user.';
comment on column app.creator_profiles.rate_per_post_cents is 'Starting rate per post in US cents.';
comment on column app.creator_profiles.verified_reach is 'app.verified_reach(user_id).reach, kept by a trigger on app.social_accounts; Discover sorts on it.';
comment on column app.creator_profiles.verified_accounts is 'app.verified_reach(user_id).accounts: connected accounts; Discover''s "verified accounts only" is > 0.';
grant all on app.creator_profiles to service_role;
grant select, insert on app.creator_profiles to authenticated;
grant update (niche, instagram_handle, tiktok_handle, youtube_handle, followers, location, rate_per_post_cents, portfolio) on app.creator_profiles to authenticated;

create index creator_profiles_followers_idx on app.creator_profiles using btree (followers desc, user_id desc);
create index creator_profiles_niche_idx on app.creator_profiles using btree (niche);
create index creator_profiles_verified_followers_idx on app.creator_profiles using btree (followers desc, user_id desc) where (verified_accounts > 0);
create index creator_profiles_verified_reach_idx on app.creator_profiles using btree (verified_reach desc, user_id desc);

create trigger creator_profiles_set_updated_at before update on app.creator_profiles for each row execute function app.set_updated_at();

create policy "Creators create their own creator profile" on app.creator_profiles
for insert
to authenticated
with check (user_id = (( select auth.uid() as uid)) and (( select app."current_role"() as "current_role")) = 'creator'::text);
create policy "Creators update their own creator profile and admins any" on app.creator_profiles
for update
to authenticated
using (user_id = (( select auth.uid() as uid)) or ( select app.is_admin() as is_admin))
with check (user_id = (( select auth.uid() as uid)) or ( select app.is_admin() as is_admin));
create policy "Signed-in users can read creator profiles" on app.creator_profiles
for select
to authenticated
using (true);

create table app.free_mail_domains (
  domain text not null,
  constraint free_mail_domains_pkey primary key (domain),
  constraint free_mail_domains_lower check (domain = lower(domain))
);
alter table app.free_mail_domains enable row level security;
comment on table app.free_mail_domains is 'Email domains anyone can get an address at; they never approve a brand by domain.';
grant select on app.free_mail_domains to service_role;

create table app.multi_label_suffixes (
  suffix text not null,
  constraint multi_label_suffixes_pkey primary key (suffix),
  constraint multi_label_suffixes_lower check (suffix = lower(suffix))
);
alter table app.multi_label_suffixes enable row level security;
comment on table app.multi_label_suffixes is 'Two-label public suffixes: a registrable domain under one has three labels.';
grant select on app.multi_label_suffixes to service_role;

create table app.portfolio_items (
  id uuid default gen_random_uuid() not null,
  creator_id uuid not null,
  path text not null,
  thumbnail_path text,
  kind text not null,
  caption text,
  position smallint not null,
  created_at timestamp with time zone default now() not null,
  constraint portfolio_items_pkey primary key (id),
  constraint portfolio_items_path_unique unique (creator_id, path),
  constraint portfolio_items_creator_id_fkey foreign key (creator_id) references app.profiles(id) on delete cascade,
  constraint portfolio_items_caption_length check (caption is null or char_length(caption) <= 300),
  constraint portfolio_items_kind_valid check (kind = any (array['image'::text, 'video'::text])),
  constraint portfolio_items_position_range check ("position" >= 1 and "position" <= 12)
);
alter table app.portfolio_items enable row level security;
comment on table app.portfolio_items is 'A creator''s portfolio: objects of the portfolio bucket in their own folder, in their order, with a caption. At most 12 (api.add_portfolio_item).';
comment on column app.portfolio_items.path is 'The object''s key in the portfolio bucket: <creator id>/<name>.';
comment on column app.portfolio_items.thumbnail_path is 'A small WebP the browser made of an image (lists show it instead of the original); null for videos.';
grant all on app.portfolio_items to service_role;
grant select, insert, delete on app.portfolio_items to authenticated;
grant update (caption, position) on app.portfolio_items to authenticated;

create index portfolio_items_creator_position_idx on app.portfolio_items using btree (creator_id, "position", created_at);

create policy "Creators add to their own portfolio" on app.portfolio_items
for insert
to authenticated
with check (creator_id = (( select auth.uid() as uid)) and (( select app."current_role"() as "current_role")) = 'creator'::text);
create policy "Creators edit their own portfolio" on app.portfolio_items
for update
to authenticated
using (creator_id = (( select auth.uid() as uid)))
with check (creator_id = (( select auth.uid() as uid)));
create policy "Creators remove from their own portfolio" on app.portfolio_items
for delete
to authenticated
using (creator_id = (( select auth.uid() as uid)));
create policy "Signed-in users read portfolios" on app.portfolio_items
for select
to authenticated
using (true);

create or replace function app.brand_domain_matches(email text, website text)
returns boolean
language plpgsql
stable
set search_path = ''
as $$
declare
  mail_domain text := app.email_domain(email);
  mail_registrable text := app.registrable_domain(mail_domain);
  site_registrable text := app.registrable_domain(app.website_host(website));
begin
  if mail_registrable is null or site_registrable is null or mail_registrable <> site_registrable then
    return false;
  end if;
  return not exists (select 1 from app.free_mail_domains f where f.domain in (mail_domain, mail_registrable));
end;
$$;

create or replace function app.brand_may_publish(brand_id uuid)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select not exists (select 1 from app.brand_approvals a where a.user_id = brand_may_publish.brand_id and a.status <> 'approved')
$$;
grant execute on function app.brand_may_publish(brand_id uuid) to authenticated, service_role;

create or replace function app.count_sign_in()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  update app.profiles set sign_in_count = sign_in_count + 1 where id = new.id;
  return null;
end;
$$;
comment on function app.count_sign_in() is 'Counts a sign-in. Security definer: Auth''s own role writes auth.users, and the count lives in app.profiles, which no user may write.';

create or replace function app.display_name(user_id uuid)
returns text
language sql
stable
security definer
set search_path = ''
as $$
  select case when p.role = 'brand' then coalesce(b.company_name, p.full_name) else p.full_name end
  from app.profiles p left join app.brand_profiles b on b.user_id = p.id
  where p.id = display_name.user_id
$$;
grant execute on function app.display_name(user_id uuid) to authenticated, service_role;

create or replace function app.email_domain(email text)
returns text
language sql
immutable
parallel safe
set search_path = ''
as $$
  select case when email ~ '^[^@[:space:]]+@[^@[:space:]]+$' then nullif(rtrim(lower(split_part(email, '@', 2)), '.'), '') end
$$;

create or replace function app.handle_new_user()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  meta jsonb := coalesce(new.raw_user_meta_data, '{}'::jsonb);
  granted_role text := new.raw_app_meta_data ->> 'role';
  wanted_role text;
  uname text := nullif(btrim(meta ->> 'username'), '');
  fname text := app.clean_text(coalesce(meta ->> 'full_name', meta ->> 'fullName'));
  company text;
  site text;
begin
  if granted_role in ('brand', 'creator', 'admin') then
    wanted_role := granted_role;
  elsif meta ->> 'role' = 'brand' then
    wanted_role := 'brand';
    company := app.clean_text(meta ->> 'company_name');
    if company is null or char_length(app.visible_text(company)) < 2 or char_length(company) > 200 then
      raise exception 'Company name is required' using errcode = '22023', detail = 'company_name_required';
    end if;
    site := app.web_url(meta ->> 'website', 'Website', 'website_invalid');
    if site is null then
      raise exception 'Website is required' using errcode = '22023', detail = 'website_required';
    end if;
    fname := coalesce(fname, company);
  else
    wanted_role := 'creator';
  end if;
  if uname is null then
    -- Accounts created by an admin (and brands) without a username get one derived from the email, made unique.
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
  if fname is null or char_length(app.visible_text(fname)) < 2 then
    fname := coalesce(fname, uname);
    if char_length(app.visible_text(fname)) < 2 then
      raise exception 'Full name must be at least 2 characters' using errcode = '22023', detail = 'full_name_invalid';
    end if;
  end if;

  insert into app.profiles (id, email, username, full_name, role, language)
  values (new.id, coalesce(new.email, ''), uname, fname, wanted_role, app.sign_up_language(wanted_role, meta));

  if wanted_role = 'creator' then
    insert into app.creator_profiles (user_id, instagram_handle, tiktok_handle, youtube_handle)
    values (
      new.id,
      nullif(btrim(coalesce(meta ->> 'instagram_handle', meta ->> 'instagramHandle')), ''),
      nullif(btrim(coalesce(meta ->> 'tiktok_handle', meta ->> 'tiktokHandle')), ''),
      nullif(btrim(coalesce(meta ->> 'youtube_handle', meta ->> 'youtubeHandle')), '')
    );
  elsif wanted_role = 'brand' and granted_role = 'brand' then
    insert into app.brand_profiles (user_id, company_name)
    values (new.id, coalesce(app.clean_text(meta ->> 'company_name'), fname));
    insert into app.brand_approvals (user_id, status, method, decided_at) values (new.id, 'approved', 'admin_created', now());
  elsif wanted_role = 'brand' then
    insert into app.brand_profiles (user_id, company_name, website, contact_email)
    values (new.id, company, site, nullif(lower(coalesce(new.email, '')), ''));
    insert into app.brand_approvals (user_id) values (new.id);
  end if;
  return new;
end;
$$;

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

create or replace function app.on_auth_user_brand_review()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if new.email_confirmed_at is not null then
    perform app.review_brand_signup(new.id);
  end if;
  return null;
end;
$$;

create or replace function app.own_portfolio_object_type(object_path text)
returns text
language sql
stable
set search_path = ''
as $$
  select coalesce(o.metadata ->> 'mimetype', '')
  from storage.objects o
  where o.bucket_id = 'portfolio' and o.name = own_portfolio_object_type.object_path
    and app.storage_owner_folder(o.name) = (select auth.uid())
$$;
comment on function app.own_portfolio_object_type(object_path text) is 'The MIME type of the caller''s own object at this key of the portfolio bucket, null when there is none.';
grant execute on function app.own_portfolio_object_type(object_path text) to authenticated, service_role;

create or replace function app.portfolio_json(creator_id uuid, first integer)
returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce(jsonb_agg(jsonb_build_object('id', i.id, 'kind', i.kind, 'path', i.path,
      'thumbnail_path', i.thumbnail_path, 'caption', i.caption) order by i.position, i.created_at), '[]'::jsonb)
  from (
    select * from app.portfolio_items x
    where x.creator_id = portfolio_json.creator_id
    order by x.position, x.created_at
    limit portfolio_json.first
  ) i
$$;
comment on function app.portfolio_json(creator_id uuid, first integer) is 'A creator''s first portfolio items as jsonb (id, kind, path, thumbnail_path, caption). Security definer: Discover runs as its owner already, and only public columns leave it.';
grant execute on function app.portfolio_json(creator_id uuid, first integer) to authenticated, service_role;

create or replace function app.queue_account_email(user_id uuid, template text, data jsonb)
returns void
language sql
security definer
set search_path = ''
as $$
  insert into app.email_outbox (user_id, category, template, to_address, locale, data)
  select p.id, 'account', queue_account_email.template, p.email, app.email_locale(p),
    queue_account_email.data || jsonb_build_object('recipient_name', p.full_name)
  from app.profiles p
  where p.id = queue_account_email.user_id and p.email <> ''
    and not exists (select 1 from app.email_failures f where f.address = lower(p.email))
$$;

create or replace function app.registrable_domain(host text)
returns text
language plpgsql
stable
set search_path = ''
as $$
declare
  labels text[];
  n integer;
  keep integer := 2;
begin
  if host is null or host !~ '^[a-z0-9\u00a1-\uffff]([-a-z0-9\u00a1-\uffff]*[a-z0-9\u00a1-\uffff])?(\.[a-z0-9\u00a1-\uffff]([-a-z0-9\u00a1-\uffff]*[a-z0-9\u00a1-\uffff])?)+$'
    or host ~ '^[0-9.]+$' then
    return null;
  end if;
  labels := string_to_array(host, '.');
  n := cardinality(labels);
  if exists (select 1 from app.multi_label_suffixes s where s.suffix = labels[n - 1] || '.' || labels[n]) then
    keep := 3;
  end if;
  if n < keep then
    return null;
  end if;
  return array_to_string(labels[n - keep + 1:n], '.');
end;
$$;

create or replace function app.review_brand_signup(brand_id uuid)
returns text
language plpgsql
security definer
set search_path = ''
as $$
declare
  a app.brand_approvals;
  u record;
  site text;
  company text;
begin
  select * into a from app.brand_approvals x where x.user_id = review_brand_signup.brand_id for update;
  if not found or a.status <> 'pending' then
    return a.status;
  end if;
  select au.email, au.email_confirmed_at into u from auth.users au where au.id = review_brand_signup.brand_id;
  if u.email_confirmed_at is null then
    return 'pending';
  end if;
  select b.website, b.company_name into site, company from app.brand_profiles b where b.user_id = review_brand_signup.brand_id;
  if app.brand_domain_matches(u.email, site) then
    update app.brand_approvals x set status = 'approved', method = 'domain', decided_at = now()
    where x.user_id = review_brand_signup.brand_id;
    return 'approved';
  end if;
  if a.admins_notified_at is null then
    perform app.queue_account_email(p.id, 'brand_waiting',
      jsonb_build_object('company', company, 'website', site, 'brand_email', u.email, 'brand_id', review_brand_signup.brand_id))
    from app.profiles p where p.role = 'admin';
    update app.brand_approvals x set admins_notified_at = now() where x.user_id = review_brand_signup.brand_id;
  end if;
  return 'pending';
end;
$$;

create or replace function app.role_of(user_id uuid)
returns text
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  return (select p.role from app.profiles p where p.id = role_of.user_id);
end;
$$;
grant execute on function app.role_of(user_id uuid) to authenticated, service_role;

create or replace function app.sign_up_language(account_role text, meta jsonb)
returns text
language sql
immutable
set search_path = ''
as $$
  select case
    when meta ->> 'language_picked' = 'true' and meta ->> 'language' in ('es', 'en', 'pt') then meta ->> 'language'
    when account_role = 'creator' and upper(btrim(meta ->> 'country')) = 'BR' then 'pt'
  end
$$;
comment on function app.sign_up_language(account_role text, meta jsonb) is 'The language a new account starts with, from its sign-up metadata: the one picked with the switch (language with language_picked true; without the flag, language is only the screen''s, which Auth''s templates read), else pt for a creator whose country is BR, else null (the app then reads the browser''s pick, else the role''s language).';

create or replace function app.validate_identity(username text, full_name text)
returns void
language plpgsql
immutable
set search_path = ''
as $$
begin
  if char_length(app.visible_text(coalesce(full_name, ''))) < 2 then
    perform app.fail('22023', 'Full name must be at least 2 characters', 'full_name_invalid');
  end if;
  if char_length(btrim(full_name)) > 100 then
    perform app.fail('22023', 'Full name must be 100 characters or fewer', 'full_name_invalid');
  end if;
  if char_length(btrim(coalesce(username, ''))) < 3 then
    perform app.fail('22023', 'Username must be at least 3 characters', 'username_invalid');
  end if;
  if btrim(username) !~ '^[A-Za-z0-9._]{3,30}$' then
    perform app.fail('22023', 'Username can only contain letters, numbers, dots and underscores (30 at most)',
      'username_invalid');
  end if;
end;
$$;
grant execute on function app.validate_identity(username text, full_name text) to authenticated;

create or replace function app.website_host(website text)
returns text
language sql
immutable
parallel safe
set search_path = ''
as $$
  select nullif(rtrim(lower(split_part(
    (regexp_match(regexp_replace(btrim(coalesce(website, '')), '^[a-z][a-z0-9+.-]*://', '', 'i'), '^([^/?#]*)'))[1],
    ':', 1)), '.'), '')
$$;

create trigger on_auth_user_confirmed_brand_review after update of email_confirmed_at, email on auth.users for each row execute function app.on_auth_user_brand_review();

create trigger on_auth_user_created after insert on auth.users for each row execute function app.handle_new_user();

create trigger on_auth_user_created_brand_review after insert on auth.users for each row execute function app.on_auth_user_brand_review();

create trigger on_auth_user_email_changed after update of email on auth.users for each row when (new.email::text is distinct from old.email::text) execute function app.handle_user_email_change();

create trigger on_auth_user_signed_in after update of last_sign_in_at on auth.users for each row when (new.last_sign_in_at is not null and new.last_sign_in_at is distinct from old.last_sign_in_at) execute function app.count_sign_in();
