-- Issue 37: Brazilian Portuguese. A profile's language, and so its emails, may be 'pt' (decision 0043).
-- A new creator whose country is Brazil starts in Portuguese; a language the visitor picked with the
-- switch on the sign-up screen still wins. Without either the profile's language stays unset, as before:
-- the app then reads the browser's pick, else the role's language (Spanish for creators, English else).

alter table app.profiles drop constraint profiles_language_check;
alter table app.profiles add constraint profiles_language_check check (language = any (array['es'::text, 'en'::text, 'pt'::text]));

alter table app.email_outbox drop constraint email_outbox_locale_valid;
alter table app.email_outbox add constraint email_outbox_locale_valid check (locale = any (array['es'::text, 'en'::text, 'pt'::text]));

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
comment on function app.sign_up_language(text, jsonb) is 'The language a new account starts with, from its sign-up metadata: the one picked with the switch (language with language_picked true; without the flag, language is only the screen''s, which Auth''s templates read), else pt for a creator whose country is BR, else null (the app then reads the browser''s pick, else the role''s language).';

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

create or replace function api.set_my_language(language text)
returns void
language plpgsql
set search_path = ''
as $$
begin
  if (select auth.uid()) is null then
    perform app.fail('42501', 'Sign in first', 'not_signed_in');
  end if;
  if set_my_language.language is null or set_my_language.language not in ('es', 'en', 'pt') then
    perform app.fail('22023', 'Language must be es, en or pt', 'invalid_language');
  end if;
  update app.profiles p set language = set_my_language.language where p.id = (select auth.uid());
end;
$$;
