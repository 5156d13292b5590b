-- Browsing campaigns with filters (issue 19): at scale 10 a content type and platform that no active
-- campaign combines (reel on YouTube) took 0.5 to 1.4 s: the planner, taking the filters as independent,
-- expected thousands of matches and walked the newest-first index through all 1M campaigns to find none.
-- Each platform now has its own partial indexes of active campaigns (by type, and across types), newest
-- first, and browse_campaigns writes a valid platform into its SQL as a constant so the planner can use
-- them: a page reads at most its 20 rows plus whatever the keyword filter skips.
--
-- browse_campaigns_count without a keyword (57 ms at scale 10) reads maintained counters: active campaigns
-- per content type, per platform and per pair join app.stat_counters (20250116000000), kept exact by the
-- campaigns trigger, which now also fires when a campaign's type or platforms change. With a keyword it
-- still counts the matching rows (the trigram index finds them; a common word is many rows).

create or replace function app.stat_row_keys(tbl text, r jsonb)
returns table (metric text, bucket timestamptz, cents bigint)
language sql
stable
set search_path = ''
as $$
  select 'users', '-infinity'::timestamptz, 0::bigint where tbl = 'profiles'
  union all
  select 'users:' || (r ->> 'role'), '-infinity', 0 where tbl = 'profiles'
  union all
  select 'users_hourly:' || (r ->> 'role'), app.stat_hour((r ->> 'created_at')::timestamptz), 0 where tbl = 'profiles'
  union all
  select 'campaigns:' || (r ->> 'status'), '-infinity', 0 where tbl = 'campaigns'
  union all
  select 'campaigns_hourly', app.stat_hour((r ->> 'created_at')::timestamptz), 0 where tbl = 'campaigns'
  union all
  select 'applications', '-infinity', 0 where tbl = 'applications'
  union all
  select 'applications:' || (r ->> 'status'), '-infinity', 0 where tbl = 'applications'
  union all
  select 'deliverables:' || (r ->> 'status'), '-infinity', 0 where tbl = 'deliverables'
  union all
  select 'payments:' || (r ->> 'status'), '-infinity', (r ->> 'amount_cents')::bigint where tbl = 'payments'
  union all
  select 'payments_hourly:' || (r ->> 'status'),
    app.stat_hour(coalesce((r ->> 'payment_date')::timestamptz, (r ->> 'created_at')::timestamptz)), (r ->> 'amount_cents')::bigint
  where tbl = 'payments'
  union all
  select 'payouts:' || (r ->> 'status'), '-infinity', (r ->> 'amount_cents')::bigint where tbl = 'payouts'
  union all
  select 'active_campaigns:' || (r ->> 'content_type'), '-infinity', 0 where tbl = 'campaigns' and r ->> 'status' = 'active'
  union all
  select 'active_campaigns_on:' || p.p, '-infinity', 0
  from (select distinct x.p from jsonb_array_elements_text(case when tbl = 'campaigns' and r ->> 'status' = 'active'
    then r -> 'platforms' else '[]'::jsonb end) x(p)) p
  union all
  select 'active_campaigns:' || (r ->> 'content_type') || ':' || p.p, '-infinity', 0
  from (select distinct x.p from jsonb_array_elements_text(case when tbl = 'campaigns' and r ->> 'status' = 'active'
    then r -> 'platforms' else '[]'::jsonb end) x(p)) p
$$;

-- Type and platforms moved to the update trigger's columns.
drop trigger campaigns_stat_counters_update on app.campaigns;
create trigger campaigns_stat_counters_update after update of status, created_at, content_type, platforms on app.campaigns
  for each row when (old.status is distinct from new.status or old.created_at is distinct from new.created_at
    or old.content_type is distinct from new.content_type or old.platforms is distinct from new.platforms)
  execute function app.stat_count_row();

create or replace function app.stat_counters_rebuild()
returns void
language plpgsql
security definer
set search_path = ''
as $$
begin
  delete from app.stat_counters;
  delete from app.ledger_unbalanced;
  insert into app.stat_counters (metric, bucket, n, cents)
  select 'users', '-infinity'::timestamptz, count(*), 0::bigint from app.profiles p
  union all
  select 'users:' || p.role, '-infinity', count(*), 0 from app.profiles p group by p.role
  union all
  select 'users_hourly:' || p.role, app.stat_hour(p.created_at), count(*), 0 from app.profiles p
  group by p.role, app.stat_hour(p.created_at)
  union all
  select 'campaigns:' || c.status, '-infinity', count(*), 0 from app.campaigns c group by c.status
  union all
  select 'campaigns_hourly', app.stat_hour(c.created_at), count(*), 0 from app.campaigns c group by app.stat_hour(c.created_at)
  union all
  select 'applications', '-infinity', count(*), 0 from app.applications a
  union all
  select 'applications:' || a.status, '-infinity', count(*), 0 from app.applications a group by a.status
  union all
  select 'deliverables:' || d.status, '-infinity', count(*), 0 from app.deliverables d group by d.status
  union all
  select 'payments:' || p.status, '-infinity', count(*), sum(p.amount_cents) from app.payments p group by p.status
  union all
  select 'payments_hourly:' || p.status, app.stat_hour(coalesce(p.payment_date, p.created_at)), count(*), sum(p.amount_cents)
  from app.payments p group by p.status, app.stat_hour(coalesce(p.payment_date, p.created_at))
  union all
  select 'payouts:' || p.status, '-infinity', count(*), sum(p.amount_cents) from app.payouts p group by p.status
  union all
  select 'ledger:' || e.account, '-infinity', count(*), sum(e.amount_cents) from app.ledger_entries e group by e.account
  union all
  select 'ledger_hourly:' || t.kind || ':' || e.account, app.stat_hour(t.created_at), count(*), sum(e.amount_cents)
  from app.ledger_entries e join app.ledger_transactions t on t.id = e.transaction_id
  group by t.kind, e.account, app.stat_hour(t.created_at)
  union all
  select 'active_campaigns:' || c.content_type, '-infinity', count(*), 0 from app.campaigns c
  where c.status = 'active' group by c.content_type
  union all
  select 'active_campaigns_on:' || u.p, '-infinity', count(*), 0
  from app.campaigns c, lateral (select distinct x.p from unnest(c.platforms) x(p)) u
  where c.status = 'active' group by u.p
  union all
  select 'active_campaigns:' || c.content_type || ':' || u.p, '-infinity', count(*), 0
  from app.campaigns c, lateral (select distinct x.p from unnest(c.platforms) x(p)) u
  where c.status = 'active' group by c.content_type, u.p;
  insert into app.ledger_unbalanced (transaction_id, cents)
  select e.transaction_id, sum(e.amount_cents) from app.ledger_entries e group by e.transaction_id having sum(e.amount_cents) <> 0;
end;
$$;

select app.stat_counters_rebuild();

create index campaigns_active_tiktok_idx on app.campaigns (created_at desc, id desc)
  where status = 'active' and platforms @> '{tiktok}'::text[];
create index campaigns_active_instagram_idx on app.campaigns (created_at desc, id desc)
  where status = 'active' and platforms @> '{instagram}'::text[];
create index campaigns_active_youtube_idx on app.campaigns (created_at desc, id desc)
  where status = 'active' and platforms @> '{youtube}'::text[];
create index campaigns_active_facebook_idx on app.campaigns (created_at desc, id desc)
  where status = 'active' and platforms @> '{facebook}'::text[];
create index campaigns_active_twitter_idx on app.campaigns (created_at desc, id desc)
  where status = 'active' and platforms @> '{twitter}'::text[];
create index campaigns_active_type_tiktok_idx on app.campaigns (content_type, created_at desc, id desc)
  where status = 'active' and platforms @> '{tiktok}'::text[];
create index campaigns_active_type_instagram_idx on app.campaigns (content_type, created_at desc, id desc)
  where status = 'active' and platforms @> '{instagram}'::text[];
create index campaigns_active_type_youtube_idx on app.campaigns (content_type, created_at desc, id desc)
  where status = 'active' and platforms @> '{youtube}'::text[];
create index campaigns_active_type_facebook_idx on app.campaigns (content_type, created_at desc, id desc)
  where status = 'active' and platforms @> '{facebook}'::text[];
create index campaigns_active_type_twitter_idx on app.campaigns (content_type, created_at desc, id desc)
  where status = 'active' and platforms @> '{twitter}'::text[];

/**
 * Active campaigns, newest first, one page at a time: pass the last row's created_at and id to get the
 * next page. keyword matches title or description, accent- and case-insensitively (trigram index).
 * platform 'all' (or null) means any platform. Dynamic SQL so each call is planned with its own filters;
 * a known platform is written into it as a constant (one of five names, never the caller's text) so that
 * its partial indexes apply. Security definer on purpose: under RLS, Postgres may not use the trigram
 * index for LIKE (textlike is not leakproof, so it must run after the policy), which made rare keywords
 * 10x slower. The function applies the policy's rule for what it returns itself: only active campaigns,
 * which every signed-in user may see. It is executable by authenticated only, and its SQL is fixed text
 * with bound parameters.
 */
create or replace function api.browse_campaigns(
  keyword text default null,
  content_type text default null,
  platform text default null,
  after_created_at timestamptz default null,
  after_id uuid default null,
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
      exists (select 1 from app.applications a where a.campaign_id = c.id and a.creator_id = $7)
    from app.campaigns c
    join app.profiles p on p.id = c.brand_id
    left join app.brand_profiles b on b.user_id = c.brand_id
    where c.status = ''active''';
  if nullif(btrim(keyword), '') is not null then
    q := q || ' and c.search_text like app.contains_pattern($1)';
  end if;
  if nullif(btrim(content_type), '') is not null then
    q := q || ' and c.content_type = $2';
  end if;
  if platform in ('tiktok', 'instagram', 'youtube', 'facebook', 'twitter') then
    q := q || ' and c.platforms @> ''{' || platform || '}''::text[]';
  elsif nullif(btrim(platform), '') is not null and platform <> 'all' then
    q := q || ' and c.platforms @> array[$3]::text[]';
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

/**
 * The number of active campaigns matching the same filters as api.browse_campaigns (keyword in title or
 * description, accent- and case-insensitive; content type; platform, 'all' or null meaning any). Without
 * a keyword it reads the maintained counters (exact); with one it counts the matching rows. Security
 * definer: the trigram index (as browse_campaigns) and the counters, which only admins may read row by
 * row; like it, it only counts active campaigns, which every signed-in user may see, and its SQL is
 * fixed text with bound parameters.
 */
create or replace function api.browse_campaigns_count(
  keyword text default null,
  content_type text default null,
  platform text default null
)
returns integer
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  q text := 'select count(*)::integer from app.campaigns c where c.status = ''active''';
  has_type boolean := nullif(btrim(content_type), '') is not null;
  has_platform boolean := nullif(btrim(platform), '') is not null and platform <> 'all';
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
  q := q || ' and c.search_text like app.contains_pattern($1)';
  if has_type then
    q := q || ' and c.content_type = $2';
  end if;
  if has_platform then
    q := q || ' and c.platforms @> array[$3]::text[]';
  end if;
  execute q into n using keyword, content_type, platform;
  return n;
end;
$$;
