-- Issue 32, item 2: brands join on their own (decision 0036).
--
-- Sign-up offers "Brand" beside "Creator". The role a sign-up asks for in its user metadata is honoured
-- only as 'creator' or 'brand' (anything else, 'admin' included, is a creator); the role in app_metadata
-- (written only by the service role: the admin-users function, the seed) still wins. A self-signed-up
-- brand starts *pending*: it may draft campaigns at once, but nothing of it becomes active until it is
-- approved, either
-- - by an admin (api.admin_approve_brand / api.admin_reject_brand, written to the audit log, an email to
--   the brand), or
-- - by the domain rule, computed here from the CONFIRMED email address (never before confirmation) and the
--   website's host: the two registrable domains are equal (ana@glowlab.com and https://www.glowlab.com),
--   and the email's is not a free-mail provider's (gmail.com, outlook.com, ...).
-- The approval state lives in its own table, which no API role can read or write: only the security
-- definer functions below touch it. Brands made by an admin, and every brand that exists now, are approved.
-- When a confirmed brand is still pending, each admin is emailed that it is waiting (once).

-- The state --------------------------------------------------------------------------------------------

create table app.brand_approvals (
  user_id uuid primary key references app.profiles (id) on delete cascade,
  status text not null default 'pending'
    constraint brand_approvals_status_valid check (status in ('pending', 'approved', 'rejected')),
  -- How it was decided: an admin, the domain rule, made by an admin, or approved by this migration.
  method text constraint brand_approvals_method_valid check (method in ('admin', 'domain', 'admin_created', 'existing')),
  reason text constraint brand_approvals_reason_length check (reason is null or char_length(reason) <= 1000),
  decided_by uuid,
  decided_at timestamptz,
  admins_notified_at timestamptz,
  created_at timestamptz not null default now(),
  constraint brand_approvals_decided check ((status = 'pending') = (decided_at is null)),
  constraint brand_approvals_rejected_has_reason check (status <> 'rejected' or reason is not null)
);
comment on table app.brand_approvals is
  'Whether a brand may publish: pending, approved or rejected. Written only by security definer functions (decision 0036).';
create index brand_approvals_pending_idx on app.brand_approvals (created_at) where status = 'pending';
alter table app.brand_approvals enable row level security;
revoke all on app.brand_approvals from public, anon, authenticated;
grant select on app.brand_approvals to service_role;

-- Every brand that exists now keeps working.
insert into app.brand_approvals (user_id, status, method, decided_at)
select p.id, 'approved', 'existing', now() from app.profiles p where p.role = 'brand'
on conflict (user_id) do nothing;

/** Free-mail providers: an address there proves nothing about a company (decision 0036 names the source). */
create table app.free_mail_domains (domain text primary key constraint free_mail_domains_lower check (domain = lower(domain)));
comment on table app.free_mail_domains is 'Email domains anyone can get an address at; they never approve a brand by domain.';
alter table app.free_mail_domains enable row level security;
revoke all on app.free_mail_domains from public, anon, authenticated;
grant select on app.free_mail_domains to service_role;
insert into app.free_mail_domains (domain) values
  ('gmail.com'), ('googlemail.com'), ('outlook.com'), ('outlook.es'), ('outlook.com.mx'), ('outlook.com.ar'),
  ('hotmail.com'), ('hotmail.es'), ('hotmail.com.mx'), ('hotmail.com.ar'), ('hotmail.co.uk'), ('live.com'),
  ('live.com.mx'), ('live.com.ar'), ('msn.com'), ('passport.com'), ('yahoo.com'), ('yahoo.es'), ('yahoo.com.mx'),
  ('yahoo.com.ar'), ('yahoo.com.br'), ('yahoo.co.uk'), ('ymail.com'), ('rocketmail.com'), ('aol.com'), ('aim.com'),
  ('icloud.com'), ('me.com'), ('mac.com'), ('proton.me'), ('protonmail.com'), ('pm.me'), ('tutanota.com'),
  ('tuta.io'), ('gmx.com'), ('gmx.net'), ('gmx.de'), ('gmx.us'), ('mail.com'), ('email.com'), ('usa.com'),
  ('zoho.com'), ('zohomail.com'), ('yandex.com'), ('yandex.ru'), ('mail.ru'), ('fastmail.com'), ('fastmail.fm'),
  ('hushmail.com'), ('inbox.com'), ('qq.com'), ('163.com'), ('126.com'), ('comcast.net'), ('verizon.net'),
  ('att.net'), ('sbcglobal.net'), ('bellsouth.net'), ('cox.net'), ('earthlink.net'), ('charter.net'),
  ('terra.com.br'), ('terra.com.mx'), ('uol.com.br'), ('bol.com.br'), ('prodigy.net.mx'), ('speedy.com.ar'),
  ('fibertel.com.ar'), ('web.de'), ('t-online.de'), ('orange.fr'), ('free.fr'), ('laposte.net'), ('libero.it'),
  ('btinternet.com'), ('duck.com'), ('hey.com'), ('mailinator.com'), ('guerrillamail.com'), ('yopmail.com');

/**
 * Public suffixes of more than one label (PSL's ICANN section for the countries the marketplace meets,
 * and its private section's shared hosts): a name under one of them is registered one label deeper
 * (glowlab.com.mx, glowlab.myshopify.com). Every other name is registered under its last label.
 */
create table app.multi_label_suffixes (suffix text primary key constraint multi_label_suffixes_lower check (suffix = lower(suffix)));
comment on table app.multi_label_suffixes is 'Two-label public suffixes: a registrable domain under one has three labels.';
alter table app.multi_label_suffixes enable row level security;
revoke all on app.multi_label_suffixes from public, anon, authenticated;
grant select on app.multi_label_suffixes to service_role;
insert into app.multi_label_suffixes (suffix) values
  ('co.uk'), ('org.uk'), ('ac.uk'), ('gov.uk'), ('me.uk'), ('com.au'), ('net.au'), ('org.au'), ('co.nz'),
  ('com.mx'), ('org.mx'), ('gob.mx'), ('edu.mx'), ('net.mx'), ('com.br'), ('net.br'), ('org.br'), ('com.ar'),
  ('net.ar'), ('org.ar'), ('gob.ar'), ('com.co'), ('net.co'), ('org.co'), ('gov.co'), ('com.pe'), ('org.pe'),
  ('gob.pe'), ('com.ve'), ('com.uy'), ('com.py'), ('com.bo'), ('com.ec'), ('com.gt'), ('com.sv'), ('com.hn'),
  ('com.ni'), ('com.pa'), ('com.do'), ('com.cu'), ('co.cr'), ('cl.cl'), ('com.pr'), ('com.es'), ('org.es'),
  ('co.jp'), ('co.in'), ('co.za'), ('co.kr'), ('co.il'), ('com.sg'), ('com.hk'), ('com.tw'), ('com.cn'),
  ('com.tr'), ('com.ph'), ('com.my'),
  ('github.io'), ('gitlab.io'), ('vercel.app'), ('netlify.app'), ('herokuapp.com'), ('blogspot.com'),
  ('wixsite.com'), ('myshopify.com'), ('pages.dev'), ('web.app'), ('firebaseapp.com'), ('appspot.com'),
  ('squarespace.com'), ('wordpress.com'), ('azurewebsites.net'), ('cloudfront.net'), ('onrender.com'),
  ('fly.dev'), ('webflow.io'), ('carrd.co'), ('weebly.com'), ('godaddysites.com'), ('linktr.ee');

-- The domain rule ----------------------------------------------------------------------------------------

/** The host of a stored website ('https://www.GlowLab.com:443/x' or a bare 'glowlab.com/x'), lower case. */
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

/** The domain of an email address (after its only '@'), lower case; null when it has not exactly one. */
create or replace function app.email_domain(email text)
returns text
language sql
immutable
parallel safe
set search_path = ''
as $$
  select case when email ~ '^[^@[:space:]]+@[^@[:space:]]+$' then nullif(rtrim(lower(split_part(email, '@', 2)), '.'), '') end
$$;

/**
 * The registrable domain of a host: its last two labels, or three under a multi-label public suffix
 * (www.glowlab.com -> glowlab.com; shop.glowlab.com.mx -> glowlab.com.mx). Null for a name that is only
 * a suffix, a single label, an IP address or anything with characters a host name cannot have.
 */
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

/**
 * The domain rule: the email's registrable domain is the website's, and it is not a free-mail provider's.
 * ana@glowlab.com + https://www.glowlab.com: yes; ana@gmail.com + https://gmail.com: no;
 * ana@glowlab.com + https://glowlab.com.evil.io: no (evil.io is that site's registrable domain).
 */
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
revoke execute on function app.website_host(text), app.email_domain(text), app.registrable_domain(text),
  app.brand_domain_matches(text, text) from public, anon, authenticated;

-- Emails about a brand's account (not a notification category: they are sent whatever the settings) ---

alter table app.email_outbox drop constraint email_outbox_category_valid;
alter table app.email_outbox add constraint email_outbox_category_valid
  check (category in ('applications', 'work', 'payments', 'disputes_reviews', 'messages', 'account'));

/** Queues one account email to a user, in their language (brands: English unless they chose Spanish). */
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
revoke execute on function app.queue_account_email(uuid, text, jsonb) from public, anon, authenticated;

/**
 * A pending brand after its email is confirmed (or its address or website changed): approved at once by
 * the domain rule, else each admin is told (once) that it is waiting. Nothing happens before the
 * address is confirmed, nor to a brand already decided.
 */
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
revoke execute on function app.review_brand_signup(uuid) from public, anon, authenticated;

/** Trigger on auth.users (after the profile is made): a confirmed address reviews a pending brand. */
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
revoke execute on function app.on_auth_user_brand_review() from public, anon, authenticated;
-- Named to fire after on_auth_user_created (triggers of one event fire in name order).
create trigger on_auth_user_created_brand_review after insert on auth.users
  for each row execute function app.on_auth_user_brand_review();
create trigger on_auth_user_confirmed_brand_review after update of email_confirmed_at, email on auth.users
  for each row execute function app.on_auth_user_brand_review();

/** Trigger: a pending brand that changes its website is reviewed again (the rule may match now). */
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
revoke execute on function app.on_brand_website_review() from public, anon, authenticated;
create trigger brand_profiles_website_review after update of website on app.brand_profiles
  for each row execute function app.on_brand_website_review();

-- Sign-up: the role a user may ask for -----------------------------------------------------------------

/**
 * Trigger on auth.users insert: creates the profile from the sign-up metadata (20250108000000), now with
 * brands. The role is app_metadata's when the service role set one (admin-created brands, the seed:
 * approved); else the metadata's 'brand', with a company name and a website (pending); else creator.
 * A metadata role of 'admin' or anything else is a creator. Any failure aborts the whole sign-up.
 */
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
revoke execute on function app.handle_new_user() from public, anon, authenticated;

-- Publishing waits for approval --------------------------------------------------------------------------

/** True unless the brand's approval is pending or rejected (brands an admin made a brand have no row: approved). */
create or replace function app.brand_may_publish(brand_id uuid)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select not exists (select 1 from app.brand_approvals a where a.user_id = brand_may_publish.brand_id and a.status <> 'approved')
$$;
revoke execute on function app.brand_may_publish(uuid) from public, anon;
grant execute on function app.brand_may_publish(uuid) to authenticated, service_role;

/**
 * Trigger: a campaign becomes active (created active, published, resumed) only for an approved brand,
 * whoever writes it. Drafts, pauses and edits that leave the status alone pass.
 */
create or replace function app.guard_campaign_activation()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if new.status = 'active' and (tg_op = 'INSERT' or old.status is distinct from 'active')
    and not app.brand_may_publish(new.brand_id) then
    perform app.fail('42501', 'Your brand account is waiting for approval: you can publish once an admin approves it',
      'brand_not_approved');
  end if;
  return new;
end;
$$;
create trigger campaigns_guard_activation before insert or update of status on app.campaigns
  for each row execute function app.guard_campaign_activation();

-- What the brand and the admins see -------------------------------------------------------------------

/** The calling brand's approval: status ('pending', 'approved', 'rejected') and the reason of a rejection. */
create or replace function api.my_brand_approval()
returns table (status text, reason text, decided_at timestamptz)
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce(a.status, 'approved'), a.reason, a.decided_at
  from app.profiles p
  left join app.brand_approvals a on a.user_id = p.id
  where p.id = (select auth.uid()) and p.role = 'brand'
$$;
comment on function api.my_brand_approval() is
  'The caller''s own brand approval. Security definer: no user role may read app.brand_approvals; it filters by auth.uid().';
revoke execute on function api.my_brand_approval() from public, anon;
grant execute on function api.my_brand_approval() to authenticated;

/** Admins: the brands waiting for a decision, oldest first, with what the admin needs to decide. */
create or replace function api.admin_brand_queue()
returns table (user_id uuid, company_name text, website text, email text, email_confirmed boolean,
  signed_up_at timestamptz)
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  perform app.assert_admin();
  return query
    select a.user_id, b.company_name, b.website, p.email, u.email_confirmed_at is not null, p.created_at
    from app.brand_approvals a
    join app.profiles p on p.id = a.user_id
    join app.brand_profiles b on b.user_id = a.user_id
    left join auth.users u on u.id = a.user_id
    where a.status = 'pending'
    order by p.created_at, a.user_id
    limit 200;
end;
$$;
comment on function api.admin_brand_queue() is
  'Admins: pending brands. Security definer: reads app.brand_approvals, emails and confirmation; app.assert_admin refuses non-admins first.';
revoke execute on function api.admin_brand_queue() from public, anon;
grant execute on function api.admin_brand_queue() to authenticated;

-- The audit log learns two actions.
alter table app.admin_audit_log drop constraint admin_audit_log_action_valid;
alter table app.admin_audit_log add constraint admin_audit_log_action_valid check (action in (
  'settings.update', 'user.update', 'user.role_change', 'user.email_change', 'user.delete', 'user.delete_failed',
  'user.create_brand', 'review.hide', 'review.unhide', 'dispute.resolve', 'dispute.resolve_aborted',
  'brand.approve', 'brand.reject'));

/**
 * Admins decide on a pending brand (a rejected one may be approved later): the decision, the audit log
 * ('brand.approve' / 'brand.reject' with the reason) and an email to the brand in its language.
 */
create or replace function api.admin_decide_brand(brand_id uuid, approve boolean, reason text default null)
returns text
language plpgsql
security definer
set search_path = ''
as $$
declare
  a app.brand_approvals;
  why text := app.clean_text(admin_decide_brand.reason);
  new_status text := case when admin_decide_brand.approve then 'approved' else 'rejected' end;
  company text;
begin
  perform app.assert_admin();
  if admin_decide_brand.approve is null then
    perform app.fail('22023', 'Say whether to approve or reject', 'decision_required');
  end if;
  select * into a from app.brand_approvals x where x.user_id = admin_decide_brand.brand_id for update;
  if not found then
    perform app.fail('PT404', 'No brand waits for approval with this id', 'brand_not_found');
  end if;
  if a.status = 'approved' or (a.status = 'rejected' and not admin_decide_brand.approve) then
    perform app.fail('PT409', 'This brand was already decided', 'brand_already_decided');
  end if;
  if not admin_decide_brand.approve and why is null then
    perform app.fail('22023', 'Give the brand a reason', 'reason_required');
  end if;
  if why is not null and char_length(why) > 1000 then
    perform app.fail('22023', 'The reason must be at most 1000 characters', 'reason_too_long');
  end if;
  update app.brand_approvals x set status = new_status, method = 'admin',
    reason = case when admin_decide_brand.approve then null else why end,
    decided_by = (select auth.uid()), decided_at = now()
  where x.user_id = a.user_id;
  perform app.write_admin_audit((select auth.uid()), 'brand.' || case when admin_decide_brand.approve then 'approve' else 'reject' end,
    'user', a.user_id::text, jsonb_build_object('status', a.status),
    jsonb_build_object('status', new_status) || case when admin_decide_brand.approve then '{}'::jsonb else jsonb_build_object('reason', why) end);
  select b.company_name into company from app.brand_profiles b where b.user_id = a.user_id;
  perform app.queue_account_email(a.user_id, 'brand_' || new_status,
    jsonb_build_object('company', company) || case when admin_decide_brand.approve then '{}'::jsonb else jsonb_build_object('reason', why) end);
  return new_status;
end;
$$;
comment on function api.admin_decide_brand(uuid, boolean, text) is
  'Admins: approve or reject a pending brand. Security definer: no user role may write app.brand_approvals or the audit log; app.assert_admin refuses non-admins first.';
revoke execute on function api.admin_decide_brand(uuid, boolean, text) from public, anon;
grant execute on function api.admin_decide_brand(uuid, boolean, text) to authenticated;
