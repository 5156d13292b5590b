-- Campaigns published by brands, with their status machine and keyword search.

create table app.campaigns (
  id uuid primary key default gen_random_uuid(),
  brand_id uuid not null references app.profiles (id) on delete cascade,
  title text not null,
  description text not null default '',
  content_type text not null default 'video',
  platforms text[] not null,
  compensation_type text not null default 'flat_fee',
  compensation_cents bigint not null default 0,
  deadline timestamptz not null,
  requirements text,
  status text not null default 'active',
  application_count integer not null default 0,
  search_text text generated always as (app.search_norm(title || ' ' || description)) stored,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint campaigns_title_length check (char_length(btrim(title)) between 1 and 200),
  constraint campaigns_description_length check (char_length(description) <= 10000),
  constraint campaigns_content_type_valid check (content_type in ('video', 'image', 'review', 'post', 'story', 'reel')),
  constraint campaigns_platforms_valid check (
    cardinality(platforms) >= 1
    and platforms <@ array['tiktok', 'instagram', 'youtube', 'facebook', 'twitter']::text[]),
  constraint campaigns_compensation_type_valid check (compensation_type in ('flat_fee', 'product', 'performance')),
  constraint campaigns_compensation_positive check (compensation_cents >= 0),
  constraint campaigns_status_valid check (status in ('draft', 'active', 'paused', 'completed')),
  constraint campaigns_application_count_positive check (application_count >= 0)
);
comment on table app.campaigns is 'A brand''s call for content. Money in US cents.';
comment on column app.campaigns.platforms is 'Set of platforms; the UI''s ''all'' is stored as all five.';
comment on column app.campaigns.application_count is 'Number of applications, maintained by trigger (creators cannot count others'' rows).';
create index campaigns_brand_idx on app.campaigns (brand_id, created_at desc);
create index campaigns_active_recent_idx on app.campaigns (created_at desc, id desc) where status = 'active';
create index campaigns_active_type_recent_idx on app.campaigns (content_type, created_at desc, id desc)
  where status = 'active';
create index campaigns_search_trgm_idx on app.campaigns using gin (search_text extensions.gin_trgm_ops);
create index campaigns_platforms_idx on app.campaigns using gin (platforms);
alter table app.campaigns enable row level security;

-- Only edits by the brand count as an update (not the application counter moving).
create trigger campaigns_set_updated_at
  before update of title, description, content_type, platforms, compensation_type, compensation_cents, deadline,
    requirements, status on app.campaigns
  for each row execute function app.set_updated_at();

/**
 * Trigger: campaigns start as draft or active; the owner and application count never change through a
 * user's update; status moves draft -> active|paused|completed, active -> paused|completed,
 * paused -> active|completed, and completed is final.
 */
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
create trigger campaigns_guard before insert or update on app.campaigns
  for each row execute function app.guard_campaign();

grant select, insert, delete on app.campaigns to authenticated;
grant update (title, description, content_type, platforms, compensation_type, compensation_cents, deadline,
  requirements, status) on app.campaigns to authenticated;
grant all on app.campaigns to service_role;
