-- Campaigns: what brands publish, their rules, browsing and search.
-- This file: the api functions and types (the Data API); the tables are in ../campaigns.sql.
-- Current definitions (decision 0039): change them here, then `npm run db:diff` writes the migration.

create type api.brand_campaign as (
  id uuid,
  title text,
  description text,
  content_type text,
  platforms text[],
  compensation_type text,
  compensation_cents bigint,
  deadline timestamp with time zone,
  requirements text,
  status text,
  created_at timestamp with time zone,
  updated_at timestamp with time zone,
  application_count integer,
  pending_application_count integer,
  revision_rounds integer
);

create type api.campaign_card as (
  id uuid,
  title text,
  description text,
  content_type text,
  platforms text[],
  compensation_type text,
  compensation_cents bigint,
  deadline timestamp with time zone,
  status text,
  created_at timestamp with time zone,
  brand_id uuid,
  brand_name text,
  application_count integer,
  has_applied boolean,
  my_application_status text,
  brand_logo_url text
);
comment on type api.campaign_card is 'A campaign as lists show it. has_applied: the caller has applied; my_application_status: that application''s status (pending, accepted, rejected, canceled), null without one; brand_logo_url: the brand''s logo, null without one.';

create type api.campaign_detail as (
  id uuid,
  brand_id uuid,
  title text,
  description text,
  content_type text,
  platforms text[],
  compensation_type text,
  compensation_cents bigint,
  deadline timestamp with time zone,
  requirements text,
  status text,
  created_at timestamp with time zone,
  updated_at timestamp with time zone,
  application_count integer,
  is_owner boolean,
  brand jsonb,
  my_application jsonb,
  revision_rounds integer,
  draft_review boolean,
  usage_rights jsonb
);
comment on type api.campaign_detail is 'Campaign detail: brand = {id, company_name, full_name, username, avatar_url, logo_url, website, industry}; my_application = the caller''s {id, status, pitch, created_at} or null.';

create or replace function api.browse_campaigns_count(
  keyword text default null::text,
  content_type text default null::text,
  platform text default null::text
)
returns integer
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  has_type boolean := nullif(btrim(content_type), '') is not null;
  has_platform boolean := nullif(btrim(platform), '') is not null and platform <> 'all';
  q text;
  n integer;
begin
  if (select auth.uid()) is null then
    perform app.fail('42501', 'Sign in first', 'not_signed_in');
  end if;
  if nullif(btrim(keyword), '') is null then
    select t.n::integer into n from app.stat_total(case
      when has_type and has_platform then 'active_campaigns:' || content_type || ':' || platform
      when has_type then 'active_campaigns:' || content_type
      when has_platform then 'active_campaigns_on:' || platform
      else 'campaigns:active' end) t;
    return n;
  end if;
  q := 'select 1 from app.campaigns c where c.status = ''active'' and c.search_text like app.contains_pattern($1)'
    || app.browse_filter_sql(content_type, platform);
  if has_type then
    -- In the browse order, so that the type's partial index (sized exactly) is a path the planner weighs.
    q := q || ' order by c.created_at desc, c.id desc';
  end if;
  execute 'select count(*)::integer from (' || q || ' limit app.search_count_cap() + 1) m'
    into n using keyword, content_type, platform;
  return n;
end;
$$;
comment on function api.browse_campaigns_count(keyword text, content_type text, platform text) is 'Number of active campaigns matching the browse filters: exact without a keyword, with one it stops at app.search_count_cap() + 1 (1001 means more than 1000). Security definer: same index reason as browse_campaigns; it counts only active campaigns.';
grant execute on function api.browse_campaigns_count(keyword text, content_type text, platform text) to authenticated;

create or replace function api.browse_campaigns(
  keyword text default null::text,
  content_type text default null::text,
  platform text default null::text,
  after_created_at timestamp with time zone default null::timestamp with time zone,
  after_id uuid default null::uuid,
  page_size integer default 20
)
returns setof api.campaign_card
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  q text;
begin
  if (select auth.uid()) is null then
    perform app.fail('42501', 'Sign in first', 'not_signed_in');
  end if;
  q := 'select c.id, c.title, c.description, c.content_type, c.platforms, c.compensation_type,
      c.compensation_cents, c.deadline, c.status, c.created_at, c.brand_id,
      coalesce(b.company_name, p.full_name), c.application_count,
      mine.status is not null, mine.status, b.logo_url
    from app.campaigns c
    join app.profiles p on p.id = c.brand_id
    left join app.brand_profiles b on b.user_id = c.brand_id
    left join app.applications mine on mine.campaign_id = c.id and mine.creator_id = $7
    where c.status = ''active''' || app.browse_filter_sql(content_type, platform);
  if nullif(btrim(keyword), '') is not null then
    q := q || ' and c.search_text like app.contains_pattern($1)';
  end if;
  if after_created_at is not null then
    q := q || ' and (c.created_at, c.id) < ($4, coalesce($5, ''ffffffff-ffff-ffff-ffff-ffffffffffff''::uuid))';
  end if;
  q := q || ' order by c.created_at desc, c.id desc limit $6';
  return query execute q
    using keyword, content_type, platform, after_created_at, after_id,
          least(greatest(coalesce(page_size, 20), 1), 100), (select auth.uid());
end;
$$;
comment on function api.browse_campaigns(keyword text, content_type text, platform text, after_created_at timestamp with time zone, after_id uuid, page_size integer) is 'Active campaigns, newest first, keyset pages. Security definer: under RLS the trigram index cannot serve the keyword LIKE (10x slower); it returns only active campaigns, which every signed-in user may see.';
grant execute on function api.browse_campaigns(keyword text, content_type text, platform text, after_created_at timestamp with time zone, after_id uuid, page_size integer) to authenticated;

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
      'industry', b.industry, 'rating', case when ur.review_count > 0 then round(ur.rating, 1) end,
      'review_count', coalesce(ur.review_count, 0)),
    (select jsonb_build_object('id', a.id, 'status', a.status, 'pitch', a.pitch, 'created_at', a.created_at)
       from app.applications a where a.campaign_id = c.id and a.creator_id = (select auth.uid())),
    c.revision_rounds,
    c.draft_review,
    app.usage_rights_json(c)
  from app.campaigns c
  join app.profiles p on p.id = c.brand_id
  left join app.brand_profiles b on b.user_id = c.brand_id
  left join app.user_ratings ur on ur.user_id = c.brand_id
  where c.id = campaign_detail.campaign_id
$$;
grant execute on function api.campaign_detail(campaign_id uuid) to authenticated;

create or replace function api.campaign_rules()
returns table(fee_bps integer, minimum_net_cents bigint, minimum_flat_fee_cents bigint)
language sql
stable
set search_path = ''
as $$
  select s.fee_bps, app.campaign_minimum_net_cents(), app.minimum_flat_fee_cents(s.fee_bps)
  from app.platform_settings s
$$;
grant execute on function api.campaign_rules() to authenticated;

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
grant execute on function api.close_campaign(campaign_id uuid) to authenticated;

create or replace function api.create_campaign(
  title text,
  description text,
  content_type text,
  platforms text[],
  compensation_type text,
  compensation_cents bigint,
  deadline timestamp with time zone,
  requirements text default null::text,
  status text default 'active'::text,
  revision_rounds integer default 2
)
returns uuid
language plpgsql
set search_path = ''
as $$
declare
  norm text[] := app.normalize_platforms(platforms);
  publishing boolean := coalesce(status, 'active') = 'active';
  new_id uuid;
begin
  if (select app.current_role()) is distinct from 'brand' then
    perform app.fail('42501', 'Only brands can create campaigns', 'not_brand');
  end if;
  perform app.validate_campaign(title, description, content_type, norm, compensation_type, compensation_cents, deadline);
  perform app.validate_deadline(deadline);
  perform app.validate_revision_rounds(revision_rounds);
  if coalesce(status, 'active') not in ('draft', 'active') then
    perform app.fail('22023', 'A new campaign must be draft or active', 'status_invalid');
  end if;
  perform app.validate_campaign_publish(compensation_type, compensation_cents, deadline, publishing, publishing);
  insert into app.campaigns (brand_id, title, description, content_type, platforms, compensation_type,
    compensation_cents, deadline, requirements, status, revision_rounds)
  values ((select auth.uid()), btrim(title), btrim(description), content_type, norm, compensation_type,
    compensation_cents, deadline, app.clean_text(requirements), coalesce(status, 'active'), coalesce(revision_rounds, 2))
  returning id into new_id;
  return new_id;
end;
$$;
grant execute on function api.create_campaign(title text, description text, content_type text, platforms text[], compensation_type text, compensation_cents bigint, deadline timestamp with time zone, requirements text, status text, revision_rounds integer) to authenticated;

create or replace function api.my_campaigns()
returns setof api.brand_campaign
language sql
stable
set search_path = ''
as $$
  with pending as (
    select a.campaign_id, count(*)::integer as n
    from app.applications a
    where a.brand_id = (select auth.uid()) and a.status = 'pending'
    group by a.campaign_id
  )
  select c.id, c.title, c.description, c.content_type, c.platforms, c.compensation_type, c.compensation_cents,
    c.deadline, c.requirements, c.status, c.created_at, c.updated_at, c.application_count, coalesce(pd.n, 0),
    c.revision_rounds
  from app.campaigns c
  left join pending pd on pd.campaign_id = c.id
  where c.brand_id = (select auth.uid())
  order by c.created_at desc, c.id desc
$$;
grant execute on function api.my_campaigns() to authenticated;

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
grant execute on function api.pause_campaign(campaign_id uuid) to authenticated;

create or replace function api.public_campaign(campaign_id uuid)
returns table (
  id uuid,
  title text,
  description text,
  content_type text,
  platforms text[],
  compensation_type text,
  compensation_cents bigint,
  deadline timestamp with time zone,
  created_at timestamp with time zone,
  brand_name text,
  requirements text,
  usage_rights jsonb
)
language sql
stable
security definer
set search_path = ''
as $$
  select c.id, c.title, c.description, c.content_type, c.platforms, c.compensation_type, c.compensation_cents,
    c.deadline, c.created_at, coalesce(b.company_name, p.full_name), c.requirements, app.usage_rights_json(c)
  from app.campaigns c
  join app.profiles p on p.id = c.brand_id
  left join app.brand_profiles b on b.user_id = c.brand_id
  where c.id = public_campaign.campaign_id and c.status = 'active'
$$;
comment on function api.public_campaign(campaign_id uuid) is 'One active campaign for visitors and users alike (public columns and requirements, no applicant data); no row otherwise. Security definer: anon may read no table; it returns only an active campaign''s columns every signed-in user may already see.';
grant execute on function api.public_campaign(campaign_id uuid) to anon, authenticated;

create or replace function api.public_campaigns(
  type_filter text default null::text,
  platform_filter text default null::text,
  after_created_at timestamp with time zone default null::timestamp with time zone,
  after_id uuid default null::uuid,
  page_size integer default 20
)
returns table (
  id uuid,
  title text,
  description text,
  content_type text,
  platforms text[],
  compensation_type text,
  compensation_cents bigint,
  deadline timestamp with time zone,
  created_at timestamp with time zone,
  brand_name text,
  brand_logo_url text
)
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  q text;
begin
  -- Dynamic SQL so that a known type or platform is a constant and its partial index applies.
  q := 'select c.id, c.title, c.description, c.content_type, c.platforms, c.compensation_type,
      c.compensation_cents, c.deadline, c.created_at, coalesce(b.company_name, p.full_name), b.logo_url
    from app.campaigns c
    join app.profiles p on p.id = c.brand_id
    left join app.brand_profiles b on b.user_id = c.brand_id
    where c.status = ''active''' || app.browse_filter_sql(type_filter, platform_filter);
  if public_campaigns.after_created_at is not null then
    q := q || ' and (c.created_at, c.id) < ($4, coalesce($5, ''ffffffff-ffff-ffff-ffff-ffffffffffff''::uuid))';
  end if;
  q := q || ' order by c.created_at desc, c.id desc limit $6';
  return query execute q
    using null::text, type_filter, platform_filter, public_campaigns.after_created_at,
          public_campaigns.after_id, least(greatest(coalesce(public_campaigns.page_size, 20), 1), 50);
end;
$$;
comment on function api.public_campaigns(type_filter text, platform_filter text, after_created_at timestamp with time zone, after_id uuid, page_size integer) is 'Active campaigns for visitors and users alike, newest first, keyset pages, public columns only (no applicant data) and the brand''s logo (a public Storage URL). Security definer: anon may read no table, and the brand''s name sits in profiles; it returns only active campaigns and the columns every signed-in user may already see, and its SQL is fixed text with bound parameters (app.browse_filter_sql writes only known names as constants).';
grant execute on function api.public_campaigns(type_filter text, platform_filter text, after_created_at timestamp with time zone, after_id uuid, page_size integer) to anon, authenticated;

create or replace function api.set_campaign_usage_rights(
  campaign_id uuid,
  usage_kind text,
  usage_platforms text[],
  usage_territory text[],
  usage_term_days integer,
  usage_price_cents bigint default null::bigint,
  exclusivity_category text default null::text,
  exclusivity_days integer default null::integer
)
returns void
language plpgsql
set search_path = ''
as $$
declare
  wanted_platforms text[] := coalesce(usage_platforms, '{}'::text[]);
  wanted_territory text[] := (select array_agg(upper(btrim(t)) order by o) from unnest(usage_territory) with ordinality u(t, o));
  wanted_category text := app.clean_text(exclusivity_category);
begin
  perform app.assert_campaign_owner(campaign_id, 'You do not have permission to edit this campaign.');
  if usage_kind is null or usage_kind not in ('organic', 'paid') then
    perform app.fail('22023', 'Usage must be organic or paid', 'usage_kind_invalid');
  end if;
  if usage_term_days is null or usage_term_days <= 0 or usage_term_days > 3650 then
    perform app.fail('22023', 'The licence term must be between 1 and 3650 days', 'usage_term_invalid');
  end if;
  if not wanted_platforms <@ array['instagram', 'tiktok', 'youtube'] then
    perform app.fail('22023', 'Licence platforms must be instagram, tiktok or youtube', 'usage_platforms_invalid');
  end if;
  if usage_kind = 'paid' and cardinality(wanted_platforms) = 0 then
    perform app.fail('22023', 'Paid usage needs at least one platform', 'usage_paid_needs_platforms');
  end if;
  if usage_kind = 'paid' and not app.price_chargeable(usage_price_cents) then
    perform app.fail('22023', 'Paid usage needs a licence price of $0.00, or from $0.50 to $999,999.99', 'usage_paid_needs_price');
  end if;
  if usage_kind = 'organic' and usage_price_cents is not null then
    perform app.fail('22023', 'Organic usage has no licence price', 'usage_price_only_paid');
  end if;
  if wanted_territory is not null and (cardinality(wanted_territory) > 250
      or array_to_string(wanted_territory, ',') !~ '^[A-Z]{2}(,[A-Z]{2})*$') then
    perform app.fail('22023', 'The territory must be worldwide or a list of two-letter country codes', 'usage_territory_invalid');
  end if;
  if (wanted_category is null) <> (exclusivity_days is null) then
    perform app.fail('22023', 'Exclusivity needs both a category and a number of days', 'exclusivity_incomplete');
  end if;
  if exclusivity_days is not null and (exclusivity_days <= 0 or exclusivity_days > 3650) then
    perform app.fail('22023', 'Exclusivity must last between 1 and 3650 days', 'exclusivity_days_invalid');
  end if;
  if wanted_category is not null and char_length(wanted_category) > 100 then
    perform app.fail('22023', 'The exclusivity category must be at most 100 characters', 'exclusivity_category_invalid');
  end if;
  update app.campaigns c set
    usage_kind = set_campaign_usage_rights.usage_kind,
    usage_platforms = wanted_platforms,
    usage_territory = wanted_territory,
    usage_term_days = set_campaign_usage_rights.usage_term_days,
    usage_price_cents = set_campaign_usage_rights.usage_price_cents,
    exclusivity_category = wanted_category,
    exclusivity_days = set_campaign_usage_rights.exclusivity_days
  where c.id = set_campaign_usage_rights.campaign_id;
end;
$$;
grant execute on function api.set_campaign_usage_rights(campaign_id uuid, usage_kind text, usage_platforms text[], usage_territory text[], usage_term_days integer, usage_price_cents bigint, exclusivity_category text, exclusivity_days integer) to authenticated;

create or replace function api.update_campaign(
  campaign_id uuid,
  title text,
  description text,
  content_type text,
  platforms text[],
  compensation_type text,
  compensation_cents bigint,
  deadline timestamp with time zone,
  requirements text default null::text,
  status text default null::text,
  revision_rounds integer default null::integer
)
returns void
language plpgsql
set search_path = ''
as $$
declare
  norm text[] := app.normalize_platforms(platforms);
  old app.campaigns;
  publishing boolean;
begin
  perform app.assert_campaign_owner(campaign_id, 'You do not have permission to edit this campaign.');
  perform app.validate_campaign(title, description, content_type, norm, compensation_type, compensation_cents, deadline);
  perform app.validate_revision_rounds(revision_rounds);
  select * into old from app.campaigns c where c.id = update_campaign.campaign_id;
  if deadline is distinct from old.deadline then
    perform app.validate_deadline(deadline, least(old.deadline, now() - interval '1 day'));
  end if;
  if status is not null and status not in ('draft', 'active', 'paused', 'completed') then
    perform app.fail('22023', 'Status must be draft, active, paused or completed', 'status_invalid');
  end if;
  if coalesce(status, old.status) = 'active' then
    publishing := old.status is distinct from 'active';
    perform app.validate_campaign_publish(compensation_type, compensation_cents, deadline,
      publishing or compensation_type is distinct from old.compensation_type
        or compensation_cents is distinct from old.compensation_cents,
      publishing or deadline is distinct from old.deadline);
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
    status = coalesce(update_campaign.status, c.status),
    revision_rounds = coalesce(update_campaign.revision_rounds, c.revision_rounds)
  where c.id = update_campaign.campaign_id;
end;
$$;
grant execute on function api.update_campaign(campaign_id uuid, title text, description text, content_type text, platforms text[], compensation_type text, compensation_cents bigint, deadline timestamp with time zone, requirements text, status text, revision_rounds integer) to authenticated;
