-- Campaigns: what brands publish, their rules, browsing and search.
-- Current definitions (decision 0039): change them here, then `npm run db:diff` writes the migration.

create or replace function app.valid_disclosure_tags(tags text[])
returns boolean
language sql
immutable
set search_path = ''
as $$
  select cardinality(tags) between 1 and 10
    and coalesce((select bool_and(t ~ '^[[:alnum:]_]{1,50}$' and t = lower(t)) from unnest(tags) t), false)
$$;
grant execute on function app.valid_disclosure_tags(tags text[]) to authenticated, service_role;

create or replace function app.guard_campaign()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if tg_op = 'INSERT' then
    if new.status not in ('draft', 'active') and not app.is_privileged() then
      raise exception 'A campaign is created as draft or active' using errcode = '22023', detail = 'invalid_status';
    end if;
    if not app.is_privileged() then
      new.application_count := 0;
    end if;
    return new;
  end if;
  if new.id is distinct from old.id or new.brand_id is distinct from old.brand_id then
    raise exception 'A campaign''s owner cannot be changed' using errcode = '42501', detail = 'immutable_owner';
  end if;
  if new.status is distinct from old.status and not app.is_privileged() and not (
    (old.status = 'draft' and new.status in ('active', 'paused', 'completed'))
    or (old.status = 'active' and new.status in ('paused', 'completed'))
    or (old.status = 'paused' and new.status in ('active', 'completed'))
  ) then
    raise exception 'A % campaign cannot become %', old.status, new.status
      using errcode = 'PT409', detail = 'invalid_transition';
  end if;
  return new;
end;
$$;

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

create table app.campaigns (
  id uuid default gen_random_uuid() not null,
  brand_id uuid not null,
  title text not null,
  description text default ''::text not null,
  content_type text default 'video'::text not null,
  platforms text[] not null,
  compensation_type text default 'flat_fee'::text not null,
  compensation_cents bigint default 0 not null,
  deadline timestamp with time zone not null,
  requirements text,
  status text default 'active'::text not null,
  application_count integer default 0 not null,
  search_text text generated always as (app.search_norm(((title || ' '::text) || description))) stored,
  created_at timestamp with time zone default now() not null,
  updated_at timestamp with time zone default now() not null,
  revision_rounds integer default 2 not null,
  draft_review boolean default false not null,
  disclosure_tags text[] default array['ad'::text, 'publi'::text, 'publicidad'::text] not null,
  usage_kind text default 'organic'::text not null,
  usage_platforms text[] default '{}'::text[] not null,
  usage_territory text[],
  usage_term_days integer default 365 not null,
  usage_price_cents bigint,
  exclusivity_category text,
  exclusivity_days integer,
  constraint campaigns_pkey primary key (id),
  constraint campaigns_brand_id_fkey foreign key (brand_id) references app.profiles(id) on delete cascade,
  constraint campaigns_application_count_positive check (application_count >= 0),
  constraint campaigns_compensation_positive check (compensation_cents >= 0),
  constraint campaigns_compensation_type_valid check (compensation_type = any (array['flat_fee'::text, 'product'::text, 'performance'::text])),
  constraint campaigns_content_type_valid check (content_type = any (array['video'::text, 'image'::text, 'review'::text, 'post'::text, 'story'::text, 'reel'::text])),
  constraint campaigns_description_length check (char_length(description) <= 10000),
  constraint campaigns_disclosure_tags_valid check (app.valid_disclosure_tags(disclosure_tags)),
  constraint campaigns_exclusivity_category_length check (exclusivity_category is null or char_length(btrim(exclusivity_category)) >= 1 and char_length(btrim(exclusivity_category)) <= 100),
  constraint campaigns_exclusivity_complete check ((exclusivity_category is null) = (exclusivity_days is null)),
  constraint campaigns_exclusivity_days_range check (exclusivity_days is null or exclusivity_days > 0 and exclusivity_days <= 3650),
  constraint campaigns_platforms_valid check (cardinality(platforms) >= 1 and platforms <@ array['tiktok'::text, 'instagram'::text, 'youtube'::text, 'facebook'::text, 'twitter'::text]),
  constraint campaigns_revision_rounds_range check (revision_rounds >= 0 and revision_rounds <= 10),
  constraint campaigns_status_valid check (status = any (array['draft'::text, 'active'::text, 'paused'::text, 'completed'::text])),
  constraint campaigns_title_length check (char_length(btrim(title)) >= 1 and char_length(btrim(title)) <= 200),
  constraint campaigns_usage_kind_valid check (usage_kind = any (array['organic'::text, 'paid'::text])),
  constraint campaigns_usage_paid_needs_platforms check (usage_kind <> 'paid'::text or cardinality(usage_platforms) >= 1),
  constraint campaigns_usage_paid_needs_price check (usage_kind <> 'paid'::text or usage_price_cents is not null and usage_price_cents >= 0),
  constraint campaigns_usage_platforms_valid check (usage_platforms <@ array['instagram'::text, 'tiktok'::text, 'youtube'::text]),
  constraint campaigns_usage_price_only_paid check (usage_kind = 'paid'::text or usage_price_cents is null),
  constraint campaigns_usage_term_range check (usage_term_days > 0 and usage_term_days <= 3650),
  constraint campaigns_usage_territory_valid check (usage_territory is null or cardinality(usage_territory) >= 1 and cardinality(usage_territory) <= 250 and array_to_string(usage_territory, ','::text) ~ '^[A-Z]{2}(,[A-Z]{2})*$'::text)
);
alter table app.campaigns add constraint campaigns_deadline_sane check (isfinite(deadline) and deadline >= '2000-01-01 00:00:00+00'::timestamp with time zone and deadline < '2100-01-01 00:00:00+00'::timestamp with time zone) not valid;
alter table app.campaigns add constraint campaigns_title_visible check (not app.is_blank(title)) not valid;
alter table app.campaigns enable row level security;
comment on table app.campaigns is 'A brand''s call for content. Money in US cents.';
comment on column app.campaigns.platforms is 'Set of platforms; the UI''s ''all'' is stored as all five.';
comment on column app.campaigns.application_count is 'Number of applications, maintained by trigger (creators cannot count others'' rows).';
comment on column app.campaigns.revision_rounds is 'How many times the brand may request changes to one piece of content.';
comment on column app.campaigns.draft_review is 'The brand reviews the file (draft) before the creator posts it: the public link waits for an approved draft.';
comment on column app.campaigns.disclosure_tags is 'Hashtags (without #) any one of which discloses the partnership in the delivered post; the platform''s paid-partnership label also counts.';
grant all on app.campaigns to service_role;
grant select, insert, delete on app.campaigns to authenticated;
grant update (title, description, content_type, platforms, compensation_type, compensation_cents, deadline, requirements, status, revision_rounds, draft_review, disclosure_tags, usage_kind, usage_platforms, usage_territory, usage_term_days, usage_price_cents, exclusivity_category, exclusivity_days) on app.campaigns to authenticated;

create index campaigns_active_deadline_idx on app.campaigns using btree (deadline) where (status = 'active'::text);
create index campaigns_active_facebook_idx on app.campaigns using btree (created_at desc, id desc) where ((status = 'active'::text) and (platforms @> '{facebook}'::text[]));
create index campaigns_active_image_idx on app.campaigns using btree (created_at desc, id desc) where ((status = 'active'::text) and (content_type = 'image'::text));
create index campaigns_active_instagram_idx on app.campaigns using btree (created_at desc, id desc) where ((status = 'active'::text) and (platforms @> '{instagram}'::text[]));
create index campaigns_active_post_idx on app.campaigns using btree (created_at desc, id desc) where ((status = 'active'::text) and (content_type = 'post'::text));
create index campaigns_active_recent_idx on app.campaigns using btree (created_at desc, id desc) where (status = 'active'::text);
create index campaigns_active_reel_idx on app.campaigns using btree (created_at desc, id desc) where ((status = 'active'::text) and (content_type = 'reel'::text));
create index campaigns_active_review_idx on app.campaigns using btree (created_at desc, id desc) where ((status = 'active'::text) and (content_type = 'review'::text));
create index campaigns_active_story_idx on app.campaigns using btree (created_at desc, id desc) where ((status = 'active'::text) and (content_type = 'story'::text));
create index campaigns_active_tiktok_idx on app.campaigns using btree (created_at desc, id desc) where ((status = 'active'::text) and (platforms @> '{tiktok}'::text[]));
create index campaigns_active_twitter_idx on app.campaigns using btree (created_at desc, id desc) where ((status = 'active'::text) and (platforms @> '{twitter}'::text[]));
create index campaigns_active_type_facebook_idx on app.campaigns using btree (content_type, created_at desc, id desc) where ((status = 'active'::text) and (platforms @> '{facebook}'::text[]));
create index campaigns_active_type_instagram_idx on app.campaigns using btree (content_type, created_at desc, id desc) where ((status = 'active'::text) and (platforms @> '{instagram}'::text[]));
create index campaigns_active_type_recent_idx on app.campaigns using btree (content_type, created_at desc, id desc) where (status = 'active'::text);
create index campaigns_active_type_tiktok_idx on app.campaigns using btree (content_type, created_at desc, id desc) where ((status = 'active'::text) and (platforms @> '{tiktok}'::text[]));
create index campaigns_active_type_twitter_idx on app.campaigns using btree (content_type, created_at desc, id desc) where ((status = 'active'::text) and (platforms @> '{twitter}'::text[]));
create index campaigns_active_type_youtube_idx on app.campaigns using btree (content_type, created_at desc, id desc) where ((status = 'active'::text) and (platforms @> '{youtube}'::text[]));
create index campaigns_active_video_idx on app.campaigns using btree (created_at desc, id desc) where ((status = 'active'::text) and (content_type = 'video'::text));
create index campaigns_active_youtube_idx on app.campaigns using btree (created_at desc, id desc) where ((status = 'active'::text) and (platforms @> '{youtube}'::text[]));
create index campaigns_brand_idx on app.campaigns using btree (brand_id, created_at desc);
create index campaigns_created_idx on app.campaigns using btree (created_at);
create index campaigns_platforms_idx on app.campaigns using gin (platforms);
create index campaigns_search_trgm_idx on app.campaigns using gin (search_text extensions.gin_trgm_ops);

create trigger campaigns_guard before insert or update on app.campaigns for each row execute function app.guard_campaign();
create trigger campaigns_guard_activation before insert or update of status on app.campaigns for each row execute function app.guard_campaign_activation();
create trigger campaigns_set_updated_at before update of title, description, content_type, platforms, compensation_type, compensation_cents, deadline, requirements, status on app.campaigns for each row execute function app.set_updated_at();

create policy "Brands create their own campaigns" on app.campaigns
for insert
to authenticated
with check (brand_id = (( select auth.uid() as uid)) and (( select app."current_role"() as "current_role")) = 'brand'::text);
create policy "Brands delete their own draft campaigns" on app.campaigns
for delete
to authenticated
using (brand_id = (( select auth.uid() as uid)) and status = 'draft'::text and application_count = 0);
create policy "Brands update their own campaigns" on app.campaigns
for update
to authenticated
using (brand_id = (( select auth.uid() as uid)))
with check (brand_id = (( select auth.uid() as uid)));

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
grant execute on function app.assert_campaign_owner(campaign_id uuid, message text) to authenticated;

create or replace function app.browse_filter_sql(content_type text, platform text)
returns text
language sql
immutable
set search_path = ''
as $$
  select case
      when content_type in ('video', 'image', 'review', 'post', 'story', 'reel') then ' and c.content_type = ''' || content_type || ''''
      when nullif(btrim(content_type), '') is not null then ' and c.content_type = $2'
      else '' end
    || case
      when platform in ('tiktok', 'instagram', 'youtube', 'facebook', 'twitter') then ' and c.platforms @> ''{' || platform || '}''::text[]'
      when nullif(btrim(platform), '') is not null and platform <> 'all' then ' and c.platforms @> array[$3]::text[]'
      else '' end
$$;

create or replace function app.campaign_is_active(campaign_id uuid)
returns boolean
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  return exists (select 1 from app.campaigns c where c.id = campaign_is_active.campaign_id and c.status = 'active');
end;
$$;
grant execute on function app.campaign_is_active(campaign_id uuid) to authenticated;

create or replace function app.campaign_minimum_net_cents()
returns bigint
language sql
immutable
parallel safe
set search_path = ''
as $$
  select 100::bigint
$$;
grant execute on function app.campaign_minimum_net_cents() to authenticated, service_role;

create or replace function app.licence_json(
  kind text,
  platforms text[],
  territory text[],
  term_days integer,
  price_cents bigint,
  exclusivity_category text,
  exclusivity_days integer
)
returns jsonb
language sql
immutable
set search_path = ''
as $$
  select jsonb_build_object('kind', kind, 'platforms', to_jsonb(platforms), 'territory', to_jsonb(territory),
    'term_days', term_days, 'price_cents', price_cents,
    'exclusivity_category', exclusivity_category, 'exclusivity_days', exclusivity_days)
$$;
comment on function app.licence_json(kind text, platforms text[], territory text[], term_days integer, price_cents bigint, exclusivity_category text, exclusivity_days integer) is 'A licence''s terms as the web app and the documents read them (contract/licence.ts): a campaign''s, or a hire''s copy.';
grant execute on function app.licence_json(kind text, platforms text[], territory text[], term_days integer, price_cents bigint, exclusivity_category text, exclusivity_days integer) to authenticated, service_role;

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
grant execute on function app.normalize_platforms(platforms text[]) to authenticated;

create or replace function app.search_count_cap()
returns integer
language sql
immutable
parallel safe
set search_path = ''
as $$ select 1000 $$;
comment on function app.search_count_cap() is 'Counts of a search term stop at this + 1; a count above it means "more than this" (decision 0028).';

create or replace function app.usage_rights_json(c app.campaigns)
returns jsonb
language sql
immutable
set search_path = ''
as $$
  select app.licence_json(c.usage_kind, c.usage_platforms, c.usage_territory, c.usage_term_days, c.usage_price_cents,
    c.exclusivity_category, c.exclusivity_days)
$$;
comment on function app.usage_rights_json(c app.campaigns) is 'The licence a campaign buys as the campaign pages read it (decision 0056): one shape for api.campaign_detail and api.public_campaign.';
grant execute on function app.usage_rights_json(c app.campaigns) to authenticated, service_role;

create or replace function app.validate_campaign_publish(
  compensation_type text,
  compensation_cents bigint,
  deadline timestamp with time zone,
  check_money boolean,
  check_deadline boolean
)
returns void
language plpgsql
stable
set search_path = ''
as $$
declare
  minimum bigint;
begin
  if check_money and compensation_type = 'flat_fee' then
    minimum := app.current_minimum_flat_fee_cents();
    if compensation_cents is null or compensation_cents < minimum then
      perform app.fail('22023',
        format('A flat fee must be at least $%s, so the creator receives at least $%s after the platform fee',
          to_char(minimum / 100.0, 'FM999999990.00'), to_char(app.campaign_minimum_net_cents() / 100.0, 'FM999999990.00')),
        'compensation_below_minimum');
    end if;
  end if;
  if check_deadline and deadline <= now() + interval '1 day' then
    perform app.fail('22023', 'The deadline must be after today', 'deadline_too_soon');
  end if;
end;
$$;
grant execute on function app.validate_campaign_publish(compensation_type text, compensation_cents bigint, deadline timestamp with time zone, check_money boolean, check_deadline boolean) to authenticated, service_role;

create or replace function app.validate_campaign(
  title text,
  description text,
  content_type text,
  platforms text[],
  compensation_type text,
  compensation_cents bigint,
  deadline timestamp with time zone
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
grant execute on function app.validate_campaign(title text, description text, content_type text, platforms text[], compensation_type text, compensation_cents bigint, deadline timestamp with time zone) to authenticated;

-- Also of this domain, placed in a later file because it depends on objects defined there:
-- policy Users see active campaigns, their own, and those they applied t on app.campaigns: in applications.sql, after what it reads.
