-- Input validation (issue 12, item 8). What users store is checked here, so the SPA and the /api facade
-- (which both call the `api` functions) get the same answer:
-- - links are absolute http(s) URLs (a brand website typed as a bare domain gains https://);
-- - required text needs visible characters: whitespace and zero-width or other invisible characters
--   (U+200B..U+200F, U+2060.., U+FEFF, ...) alone count as blank; optional text made of them is cleared;
-- - a campaign deadline is a finite date, not in the past when set (one day of slack, as before) and at
--   most two years ahead (plus two days of slack for the browser's end-of-day in any time zone).
-- Errors follow app.fail (22023 -> 400) with stable codes: website_invalid, logo_url_invalid,
-- deadline_invalid, deadline_too_far (new), and the existing *_required / full_name_invalid / deadline_past.
-- The tables get matching check constraints as a backstop for writes that bypass the api functions. They
-- are added NOT VALID: rows already stored are left as they are (new and updated rows are checked).

/** The characters that show nothing: whitespace, zero-width and other invisible format characters. */
create or replace function app.visible_text(value text)
returns text
language sql
immutable
parallel safe
set search_path = ''
as $$
  select regexp_replace(value,
    '[[:space:][:cntrl:]\u0085\u00a0\u00ad\u034f\u061c\u115f\u1160\u1680\u17b4\u17b5\u180e\u2000-\u200f\u2028-\u202f\u205f-\u206f\u2800\u3000\u3164\ufe00-\ufe0f\ufeff\uffa0\U000e0000-\U000e007f]',
    '', 'g')
$$;
comment on function app.visible_text(text) is
  'The text without whitespace and invisible characters (zero-width, joiners, bidi marks, BOM, fillers).';

/** True when the text is null or shows nothing (see app.visible_text). */
create or replace function app.is_blank(value text)
returns boolean
language sql
immutable
parallel safe
set search_path = ''
as $$
  select value is null or app.visible_text(value) = ''
$$;

/** The text trimmed, or null when it shows nothing: how optional text fields are stored. */
create or replace function app.clean_text(value text)
returns text
language sql
immutable
parallel safe
set search_path = ''
as $$
  select case when app.is_blank(value) then null else btrim(value) end
$$;

/** True for an absolute http(s) URL with a host and no whitespace, control characters or user info. */
create or replace function app.is_web_url(value text)
returns boolean
language sql
immutable
parallel safe
set search_path = ''
as $$
  select value ~* '^https?://[^][:space:][:cntrl:]/?#\\@[]+([/?#][^[:space:][:cntrl:]]*)?$'
    and char_length(value) <= 2000
$$;

/** True for a bare host name with a dot and an optional port and path, like "glowlab.com/es" (no scheme). */
create or replace function app.is_bare_host_url(value text)
returns boolean
language sql
immutable
parallel safe
set search_path = ''
as $$
  select value ~* '^[a-z0-9\u00a1-\uffff][-a-z0-9\u00a1-\uffff]*(\.[-a-z0-9\u00a1-\uffff]+)+(:[0-9]{1,5})?([/?#][^[:space:][:cntrl:]]*)?$'
    and char_length(value) <= 1990
$$;

/**
 * A link as stored: null when blank; a bare host name gains https://; anything that is not then an
 * absolute http(s) URL (javascript:, data:, ftp:, //host, ...) raises `code` with the field's label.
 */
create or replace function app.web_url(value text, label text, code text)
returns text
language plpgsql
immutable
set search_path = ''
as $$
declare
  v text := app.clean_text(value);
begin
  if v is null then
    return null;
  end if;
  if app.is_bare_host_url(v) then
    v := 'https://' || v;
  end if;
  if not app.is_web_url(v) then
    perform app.fail('22023', format('%s must be a link starting with http:// or https://', label), code);
  end if;
  return v;
end;
$$;

/**
 * Checks a campaign deadline against the clock: finite, not before `earliest` (default: one day ago) and
 * at most two years ahead.
 */
create or replace function app.validate_deadline(deadline timestamptz, earliest timestamptz default null)
returns void
language plpgsql
stable
set search_path = ''
as $$
begin
  if deadline is null then
    perform app.fail('22023', 'Deadline is required', 'deadline_required');
  end if;
  if not isfinite(deadline) then
    perform app.fail('22023', 'Please enter a valid deadline', 'deadline_invalid');
  end if;
  if deadline < coalesce(earliest, now() - interval '1 day') then
    perform app.fail('22023', 'Deadline cannot be in the past', 'deadline_past');
  end if;
  if deadline > now() + interval '2 years 2 days' then
    perform app.fail('22023', 'Deadline must be within 2 years', 'deadline_too_far');
  end if;
end;
$$;

grant execute on function app.visible_text(text), app.is_blank(text), app.clean_text(text), app.is_web_url(text),
  app.is_bare_host_url(text), app.web_url(text, text, text), app.validate_deadline(timestamptz, timestamptz)
  to authenticated, service_role;

-- Campaigns ------------------------------------------------------------------------------------------

/** Checks a campaign form, raising the message the form shows for the first problem found. */
create or replace function app.validate_campaign(
  title text, description text, content_type text, platforms text[], compensation_type text,
  compensation_cents bigint, deadline timestamptz
)
returns void
language plpgsql
set search_path = ''
as $$
begin
  if app.is_blank(title) then
    perform app.fail('22023', 'Title is required', 'title_required');
  end if;
  if char_length(btrim(title)) > 200 then
    perform app.fail('22023', 'Title must be 200 characters or fewer', 'title_too_long');
  end if;
  if app.is_blank(description) then
    perform app.fail('22023', 'Description is required', 'description_required');
  end if;
  if content_type is null or content_type not in ('video', 'image', 'review', 'post', 'story', 'reel') then
    perform app.fail('22023', 'Please select a content type', 'content_type_invalid');
  end if;
  if cardinality(platforms) is null or cardinality(platforms) = 0 then
    perform app.fail('22023', 'Please select at least one platform', 'platforms_required');
  end if;
  if not platforms <@ array['tiktok', 'instagram', 'youtube', 'facebook', 'twitter']::text[] then
    perform app.fail('22023', 'Unknown platform', 'platforms_invalid');
  end if;
  if compensation_type is null or compensation_type not in ('flat_fee', 'product', 'performance') then
    perform app.fail('22023', 'Please select a compensation type', 'compensation_type_invalid');
  end if;
  if compensation_cents is null or compensation_cents < 0 then
    perform app.fail('22023', 'Compensation must be 0 or more', 'compensation_invalid');
  end if;
  if deadline is null then
    perform app.fail('22023', 'Deadline is required', 'deadline_required');
  end if;
  if not isfinite(deadline) then
    perform app.fail('22023', 'Please enter a valid deadline', 'deadline_invalid');
  end if;
end;
$$;

/** Creates a campaign owned by the calling brand (status draft or active); returns its id. */
create or replace function api.create_campaign(
  title text,
  description text,
  content_type text,
  platforms text[],
  compensation_type text,
  compensation_cents bigint,
  deadline timestamptz,
  requirements text default null,
  status text default 'active'
)
returns uuid
language plpgsql
set search_path = ''
as $$
declare
  norm text[] := app.normalize_platforms(platforms);
  new_id uuid;
begin
  if (select app.current_role()) is distinct from 'brand' then
    perform app.fail('42501', 'Only brands can create campaigns', 'not_brand');
  end if;
  perform app.validate_campaign(title, description, content_type, norm, compensation_type, compensation_cents, deadline);
  perform app.validate_deadline(deadline);
  if coalesce(status, 'active') not in ('draft', 'active') then
    perform app.fail('22023', 'A new campaign must be draft or active', 'status_invalid');
  end if;
  insert into app.campaigns (brand_id, title, description, content_type, platforms, compensation_type,
    compensation_cents, deadline, requirements, status)
  values ((select auth.uid()), btrim(title), btrim(description), content_type, norm, compensation_type,
    compensation_cents, deadline, app.clean_text(requirements), coalesce(status, 'active'))
  returning id into new_id;
  return new_id;
end;
$$;

/**
 * Replaces every field of the calling brand's campaign; status follows the allowed transitions. A changed
 * deadline is checked like at creation, except that it may stay as early as the one it replaces: an
 * overdue campaign can be edited (the SPA sends the end of the shown day) without moving its deadline.
 */
create or replace function api.update_campaign(
  campaign_id uuid,
  title text,
  description text,
  content_type text,
  platforms text[],
  compensation_type text,
  compensation_cents bigint,
  deadline timestamptz,
  requirements text default null,
  status text default null
)
returns void
language plpgsql
set search_path = ''
as $$
declare
  norm text[] := app.normalize_platforms(platforms);
  old_deadline timestamptz;
begin
  perform app.assert_campaign_owner(campaign_id, 'You do not have permission to edit this campaign.');
  perform app.validate_campaign(title, description, content_type, norm, compensation_type, compensation_cents, deadline);
  select c.deadline into old_deadline from app.campaigns c where c.id = update_campaign.campaign_id;
  if deadline is distinct from old_deadline then
    perform app.validate_deadline(deadline, least(old_deadline, now() - interval '1 day'));
  end if;
  if status is not null and status not in ('draft', 'active', 'paused', 'completed') then
    perform app.fail('22023', 'Status must be draft, active, paused or completed', 'status_invalid');
  end if;
  update app.campaigns c set
    title = btrim(update_campaign.title),
    description = btrim(update_campaign.description),
    content_type = update_campaign.content_type,
    platforms = norm,
    compensation_type = update_campaign.compensation_type,
    compensation_cents = update_campaign.compensation_cents,
    deadline = update_campaign.deadline,
    requirements = app.clean_text(update_campaign.requirements),
    status = coalesce(update_campaign.status, c.status)
  where c.id = update_campaign.campaign_id;
end;
$$;

-- Applications and deliverables ----------------------------------------------------------------------

/** The calling creator applies to an active campaign with a pitch; returns the application id. */
create or replace function api.apply_to_campaign(campaign_id uuid, pitch text)
returns uuid
language plpgsql
set search_path = ''
as $$
declare
  campaign_status text;
  new_id uuid;
begin
  if (select app.current_role()) is distinct from 'creator' then
    perform app.fail('42501', 'Only creators can apply to campaigns', 'not_creator');
  end if;
  if app.is_blank(pitch) then
    perform app.fail('22023', 'Please enter a pitch describing why you''re a good fit for this campaign.', 'pitch_required');
  end if;
  if char_length(btrim(pitch)) > 5000 then
    perform app.fail('22023', 'Your pitch must be 5000 characters or fewer', 'pitch_too_long');
  end if;
  select c.status into campaign_status from app.campaigns c where c.id = apply_to_campaign.campaign_id;
  if not found then
    perform app.fail('PT404', 'Campaign not found', 'campaign_not_found');
  end if;
  if exists (select 1 from app.applications a
             where a.campaign_id = apply_to_campaign.campaign_id and a.creator_id = (select auth.uid())) then
    perform app.fail('23505', 'You have already applied to this campaign', 'already_applied');
  end if;
  if campaign_status <> 'active' then
    perform app.fail('PT409', 'This campaign is not accepting applications', 'campaign_not_active');
  end if;
  begin
    insert into app.applications (campaign_id, creator_id, pitch)
    values (apply_to_campaign.campaign_id, (select auth.uid()), btrim(pitch))
    returning id into new_id;
  exception when unique_violation then
    -- A concurrent double submit: same answer as the check above.
    perform app.fail('23505', 'You have already applied to this campaign', 'already_applied');
  end;
  return new_id;
end;
$$;

/** The owning brand approves or rejects pending content, with optional feedback (blank means none). */
create or replace function api.review_deliverable(deliverable_id uuid, status text, feedback text default null)
returns void
language plpgsql
set search_path = ''
as $$
declare
  d app.deliverables := app.visible_deliverable(deliverable_id);
begin
  if d.brand_id is distinct from (select auth.uid()) then
    perform app.fail('42501', 'Only the campaign owner can review content', 'not_owner');
  end if;
  if status is null or status not in ('approved', 'rejected') then
    perform app.fail('22023', 'Status must be approved or rejected', 'status_invalid');
  end if;
  if char_length(feedback) > 5000 then
    perform app.fail('22023', 'Feedback must be 5000 characters or fewer', 'feedback_too_long');
  end if;
  if d.status not in ('pending', 'submitted') then
    perform app.fail('PT409', format('This content has already been %s', d.status), 'invalid_transition');
  end if;
  update app.deliverables x
  set status = review_deliverable.status, feedback = app.clean_text(review_deliverable.feedback)
  where x.id = d.id;
end;
$$;

-- Messages -------------------------------------------------------------------------------------------

/**
 * Sends a message as the caller. client_id (generated by the client) makes retries safe: sending the
 * same client_id again returns the first message instead of posting twice.
 */
create or replace function api.send_message(receiver_id uuid, content text, client_id uuid default null)
returns setof api.message
language plpgsql
set search_path = ''
as $$
declare
  uid uuid := (select auth.uid());
  msg api.message;
begin
  if uid is null then
    perform app.fail('42501', 'Sign in first', 'not_signed_in');
  end if;
  if app.is_blank(content) then
    perform app.fail('22023', 'Message cannot be empty', 'content_required');
  end if;
  if char_length(btrim(content)) > 4000 then
    perform app.fail('22023', 'Message is too long (4000 characters at most)', 'content_too_long');
  end if;
  if client_id is not null then
    select m.id, m.sender_id, m.receiver_id, m.content, m.read, m.created_at, m.client_id into msg
    from app.messages m where m.sender_id = uid and m.client_id = send_message.client_id;
    if found then
      return next msg;
      return;
    end if;
  end if;
  if app.role_of(receiver_id) is null then
    perform app.fail('PT404', 'Recipient not found', 'receiver_not_found');
  end if;
  if not app.can_message(uid, receiver_id) then
    perform app.fail('42501', 'You cannot message this user', 'messaging_not_allowed');
  end if;
  insert into app.messages as m (sender_id, receiver_id, content, client_id)
  values (uid, send_message.receiver_id, btrim(send_message.content), send_message.client_id)
  on conflict on constraint messages_client_id_once do nothing
  returning m.id, m.sender_id, m.receiver_id, m.content, m.read, m.created_at, m.client_id into msg;
  if msg.id is null then
    -- Lost a race with the same retry: return the message that won.
    select m.id, m.sender_id, m.receiver_id, m.content, m.read, m.created_at, m.client_id into msg
    from app.messages m where m.sender_id = uid and m.client_id = send_message.client_id;
  end if;
  return next msg;
end;
$$;

-- Profiles -------------------------------------------------------------------------------------------

/** Checks username and full name, raising the Edit User form's messages (a name needs 2 visible characters). */
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

/** The caller updates their own name, username and bio (email changes go through auth.updateUser). */
create or replace function api.update_account(full_name text, username text, bio text default null)
returns void
language plpgsql
set search_path = ''
as $$
begin
  if (select auth.uid()) is null then
    perform app.fail('42501', 'Sign in first', 'not_signed_in');
  end if;
  perform app.validate_identity(username, full_name);
  if char_length(bio) > 2000 then
    perform app.fail('22023', 'Bio must be 2000 characters or fewer', 'bio_too_long');
  end if;
  update app.profiles p
  set full_name = btrim(update_account.full_name), username = btrim(update_account.username),
      bio = app.clean_text(update_account.bio)
  where p.id = (select auth.uid());
end;
$$;

/** The calling brand creates or updates its company details; website and logo are http(s) links. */
create or replace function api.update_brand_profile(
  company_name text,
  website text default null,
  industry text default null,
  contact_email text default null,
  contact_phone text default null,
  logo_url text default null
)
returns void
language plpgsql
set search_path = ''
as $$
declare
  site text;
  logo text;
begin
  if (select app.current_role()) is distinct from 'brand' then
    perform app.fail('42501', 'Only brands have a brand profile', 'not_brand');
  end if;
  if app.is_blank(company_name) then
    perform app.fail('22023', 'Company name is required', 'company_name_required');
  end if;
  site := app.web_url(website, 'Website', 'website_invalid');
  logo := app.web_url(logo_url, 'Logo URL', 'logo_url_invalid');
  if nullif(btrim(contact_email), '') is not null and btrim(contact_email) !~ '^[^@[:space:]]+@[^@[:space:]]+\.[^@[:space:]]+$' then
    perform app.fail('22023', 'Please enter a valid email', 'contact_email_invalid');
  end if;
  insert into app.brand_profiles as b (user_id, company_name, website, industry, contact_email, contact_phone, logo_url)
  values ((select auth.uid()), btrim(company_name), site, app.clean_text(industry),
    nullif(btrim(contact_email), ''), app.clean_text(contact_phone), logo)
  on conflict (user_id) do update set
    company_name = excluded.company_name, website = excluded.website, industry = excluded.industry,
    contact_email = excluded.contact_email, contact_phone = excluded.contact_phone,
    logo_url = coalesce(excluded.logo_url, b.logo_url);
end;
$$;

/**
 * Trigger on auth.users insert: creates the profile from the sign-up metadata. The role comes only from
 * app_metadata (which only the service role can set), so self sign-up always yields a creator. Any
 * failure (username taken, invalid values) aborts the whole sign-up: no user without a profile.
 * A full name of invisible characters only counts as none (the username stands in).
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
  fname text := app.clean_text(coalesce(meta ->> 'full_name', meta ->> 'fullName'));
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
  elsif wanted_role = 'brand' then
    insert into app.brand_profiles (user_id, company_name)
    values (new.id, coalesce(app.clean_text(meta ->> 'company_name'), fname));
  end if;
  return new;
end;
$$;
revoke execute on function app.handle_new_user() from public, anon, authenticated;

-- Backstops on the tables (NOT VALID: existing rows are not rechecked) -----------------------------------

alter table app.messages add constraint messages_content_visible check (not app.is_blank(content)) not valid;
alter table app.applications add constraint applications_pitch_visible check (not app.is_blank(pitch)) not valid;
alter table app.campaigns add constraint campaigns_title_visible check (not app.is_blank(title)) not valid;
-- The clock-relative rule (not past, two years ahead) lives in app.validate_deadline; a constraint can only
-- hold fixed bounds.
alter table app.campaigns add constraint campaigns_deadline_sane
  check (isfinite(deadline) and deadline >= '2000-01-01 00:00:00+00' and deadline < '2100-01-01 00:00:00+00') not valid;
alter table app.profiles add constraint profiles_full_name_visible check (not app.is_blank(full_name)) not valid;
alter table app.profiles add constraint profiles_avatar_url_web
  check (avatar_url is null or app.is_web_url(avatar_url)) not valid;
alter table app.brand_profiles add constraint brand_profiles_company_name_visible
  check (not app.is_blank(company_name)) not valid;
-- A bare domain (older rows, the seed) is allowed: the SPA links it as https://; the api stores https://.
alter table app.brand_profiles add constraint brand_profiles_website_web
  check (website is null or app.is_web_url(website) or app.is_bare_host_url(website)) not valid;
alter table app.brand_profiles add constraint brand_profiles_logo_url_web
  check (logo_url is null or app.is_web_url(logo_url)) not valid;
