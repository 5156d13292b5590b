-- Data API: campaign detail, a brand's campaigns, and creating, editing, pausing and closing campaigns.

/** Platforms as stored: lower-cased, trimmed, distinct; 'all' means all five. Null/empty stays empty. */
create or replace function app.normalize_platforms(platforms text[])
returns text[]
language sql
immutable
set search_path = ''
as $$
  select case
    when exists (select 1 from unnest(platforms) x where lower(btrim(x)) = 'all')
      then array['tiktok', 'instagram', 'youtube', 'facebook', 'twitter']::text[]
    else coalesce((select array_agg(distinct lower(btrim(x)) order by lower(btrim(x)))
                   from unnest(platforms) x where nullif(btrim(x), '') is not null), '{}'::text[])
  end
$$;

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
  if nullif(btrim(title), '') is null then
    perform app.fail('22023', 'Title is required', 'title_required');
  end if;
  if char_length(btrim(title)) > 200 then
    perform app.fail('22023', 'Title must be 200 characters or fewer', 'title_too_long');
  end if;
  if nullif(btrim(description), '') is null then
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
end;
$$;
grant execute on function app.normalize_platforms(text[]),
  app.validate_campaign(text, text, text, text[], text, bigint, timestamptz) to authenticated;

/** The caller's visible campaign's owner, or a not-found error; and a permission error for non-owners. */
create or replace function app.assert_campaign_owner(campaign_id uuid, message text)
returns void
language plpgsql
stable
set search_path = ''
as $$
declare
  owner uuid;
begin
  select c.brand_id into owner from app.campaigns c where c.id = assert_campaign_owner.campaign_id;
  if not found then
    perform app.fail('PT404', 'Campaign not found', 'campaign_not_found');
  end if;
  if owner is distinct from (select auth.uid()) then
    perform app.fail('42501', message, 'not_owner');
  end if;
end;
$$;
grant execute on function app.assert_campaign_owner(uuid, text) to authenticated;

create type api.campaign_detail as (
  id uuid,
  brand_id uuid,
  title text,
  description text,
  content_type text,
  platforms text[],
  compensation_type text,
  compensation_cents bigint,
  deadline timestamptz,
  requirements text,
  status text,
  created_at timestamptz,
  updated_at timestamptz,
  application_count integer,
  is_owner boolean,
  brand jsonb,
  my_application jsonb
);
comment on type api.campaign_detail is
  'Campaign detail: brand = {id, company_name, full_name, username, avatar_url, logo_url, website, industry}; '
  'my_application = the caller''s {id, status, pitch, created_at} or null.';

/** One campaign with its brand, stats and the caller's application; no row when missing or not visible. */
create or replace function api.campaign_detail(campaign_id uuid)
returns setof api.campaign_detail
language sql
stable
set search_path = ''
as $$
  select c.id, c.brand_id, c.title, c.description, c.content_type, c.platforms, c.compensation_type,
    c.compensation_cents, c.deadline, c.requirements, c.status, c.created_at, c.updated_at, c.application_count,
    c.brand_id = (select auth.uid()),
    jsonb_build_object('id', p.id, 'company_name', coalesce(b.company_name, p.full_name), 'full_name', p.full_name,
      'username', p.username, 'avatar_url', p.avatar_url, 'logo_url', b.logo_url, 'website', b.website,
      'industry', b.industry),
    (select jsonb_build_object('id', a.id, 'status', a.status, 'pitch', a.pitch, 'created_at', a.created_at)
       from app.applications a where a.campaign_id = c.id and a.creator_id = (select auth.uid()))
  from app.campaigns c
  join app.profiles p on p.id = c.brand_id
  left join app.brand_profiles b on b.user_id = c.brand_id
  where c.id = campaign_detail.campaign_id
$$;

create type api.brand_campaign as (
  id uuid,
  title text,
  description text,
  content_type text,
  platforms text[],
  compensation_type text,
  compensation_cents bigint,
  deadline timestamptz,
  requirements text,
  status text,
  created_at timestamptz,
  updated_at timestamptz,
  application_count integer,
  pending_application_count integer
);

/** The calling brand's campaigns, newest first, with real application counts. */
create or replace function api.my_campaigns()
returns setof api.brand_campaign
language sql
stable
set search_path = ''
as $$
  -- Pending counts in one pass over the brand's applications (filtered explicitly, not only by RLS).
  with pending as (
    select a.campaign_id, count(*)::integer as n
    from app.applications a
    where a.brand_id = (select auth.uid()) and a.status = 'pending'
    group by a.campaign_id
  )
  select c.id, c.title, c.description, c.content_type, c.platforms, c.compensation_type, c.compensation_cents,
    c.deadline, c.requirements, c.status, c.created_at, c.updated_at, c.application_count, coalesce(pd.n, 0)
  from app.campaigns c
  left join pending pd on pd.campaign_id = c.id
  where c.brand_id = (select auth.uid())
  order by c.created_at desc, c.id desc
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
  if deadline < now() - interval '1 day' then
    perform app.fail('22023', 'Deadline cannot be in the past', 'deadline_past');
  end if;
  if coalesce(status, 'active') not in ('draft', 'active') then
    perform app.fail('22023', 'A new campaign must be draft or active', 'status_invalid');
  end if;
  insert into app.campaigns (brand_id, title, description, content_type, platforms, compensation_type,
    compensation_cents, deadline, requirements, status)
  values ((select auth.uid()), btrim(title), btrim(description), content_type, norm, compensation_type,
    compensation_cents, deadline, nullif(btrim(requirements), ''), coalesce(status, 'active'))
  returning id into new_id;
  return new_id;
end;
$$;

/** Replaces every field of the calling brand's campaign; status follows the allowed transitions. */
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
begin
  perform app.assert_campaign_owner(campaign_id, 'You do not have permission to edit this campaign.');
  perform app.validate_campaign(title, description, content_type, norm, compensation_type, compensation_cents, deadline);
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
    requirements = nullif(btrim(update_campaign.requirements), ''),
    status = coalesce(update_campaign.status, c.status)
  where c.id = update_campaign.campaign_id;
end;
$$;

/** Pauses the calling brand's active campaign. */
create or replace function api.pause_campaign(campaign_id uuid)
returns void
language plpgsql
set search_path = ''
as $$
begin
  perform app.assert_campaign_owner(campaign_id, 'You do not have permission to edit this campaign.');
  if (select c.status from app.campaigns c where c.id = pause_campaign.campaign_id) <> 'active' then
    perform app.fail('PT409', 'Only an active campaign can be paused', 'invalid_transition');
  end if;
  update app.campaigns c set status = 'paused' where c.id = pause_campaign.campaign_id;
end;
$$;

/** Closes (completes) the calling brand's draft, active or paused campaign. */
create or replace function api.close_campaign(campaign_id uuid)
returns void
language plpgsql
set search_path = ''
as $$
begin
  perform app.assert_campaign_owner(campaign_id, 'You do not have permission to edit this campaign.');
  if (select c.status from app.campaigns c where c.id = close_campaign.campaign_id) = 'completed' then
    perform app.fail('PT409', 'This campaign is already closed', 'invalid_transition');
  end if;
  update app.campaigns c set status = 'completed' where c.id = close_campaign.campaign_id;
end;
$$;

revoke execute on function api.campaign_detail(uuid), api.my_campaigns(),
  api.create_campaign(text, text, text, text[], text, bigint, timestamptz, text, text),
  api.update_campaign(uuid, text, text, text, text[], text, bigint, timestamptz, text, text),
  api.pause_campaign(uuid), api.close_campaign(uuid) from public;
grant execute on function api.campaign_detail(uuid), api.my_campaigns(),
  api.create_campaign(text, text, text, text[], text, bigint, timestamptz, text, text),
  api.update_campaign(uuid, text, text, text, text[], text, bigint, timestamptz, text, text),
  api.pause_campaign(uuid), api.close_campaign(uuid) to authenticated;
