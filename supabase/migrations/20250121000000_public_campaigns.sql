-- Public campaigns (issue 32, item 1): a visitor who has not signed up browses the active campaigns from the
-- landing page, and a link to one shows a preview. Anon reads no table (schema-guards.test.ts), so two
-- functions answer with the public columns only: what a campaign asks for and pays, and the brand's name.
-- Never the brand's id or email, the number of applicants, or anything about drafts, paused or completed
-- campaigns. Signed-in users get the same answers.
--
-- Speed: the list is api.browse_campaigns's query without the applicant columns (no per-row applications
-- lookup), walking the same partial indexes of active campaigns newest first (20250116000200,
-- 20250117000000) with the same keyset cursor and the same filter SQL (app.browse_filter_sql), so a page
-- reads its 20 rows. The detail is one primary-key read.

/**
 * Active campaigns for anyone, newest first, one keyset page at a time (pass the last row's created_at and
 * id for the next). type_filter and platform_filter filter as browse_campaigns's content_type and platform do
 * ('all' or null: any platform); named apart from the returned columns, which plpgsql would confuse.
 */
create or replace function api.public_campaigns(
  type_filter text default null,
  platform_filter text default null,
  after_created_at timestamptz default null,
  after_id uuid default null,
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
  deadline timestamptz,
  created_at timestamptz,
  brand_name text
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
      c.compensation_cents, c.deadline, c.created_at, coalesce(b.company_name, p.full_name)
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

comment on function api.public_campaigns(text, text, timestamptz, uuid, integer) is
  'Active campaigns for visitors and users alike, newest first, keyset pages, public columns only (no applicant data). Security definer: anon may read no table, and the brand''s name sits in profiles; it returns only active campaigns and the columns every signed-in user may already see, and its SQL is fixed text with bound parameters (app.browse_filter_sql writes only known names as constants).';

/** One active campaign for anyone: the list's columns and its requirements; no row when it is not active. */
create or replace function api.public_campaign(campaign_id uuid)
returns table (
  id uuid,
  title text,
  description text,
  content_type text,
  platforms text[],
  compensation_type text,
  compensation_cents bigint,
  deadline timestamptz,
  created_at timestamptz,
  brand_name text,
  requirements text
)
language sql
stable
security definer
set search_path = ''
as $$
  select c.id, c.title, c.description, c.content_type, c.platforms, c.compensation_type, c.compensation_cents,
    c.deadline, c.created_at, coalesce(b.company_name, p.full_name), c.requirements
  from app.campaigns c
  join app.profiles p on p.id = c.brand_id
  left join app.brand_profiles b on b.user_id = c.brand_id
  where c.id = public_campaign.campaign_id and c.status = 'active'
$$;

comment on function api.public_campaign(uuid) is
  'One active campaign for visitors and users alike (public columns and requirements, no applicant data); no row otherwise. Security definer: anon may read no table; it returns only an active campaign''s columns every signed-in user may already see.';

revoke execute on function api.public_campaigns(text, text, timestamptz, uuid, integer), api.public_campaign(uuid) from public;
grant execute on function api.public_campaigns(text, text, timestamptz, uuid, integer), api.public_campaign(uuid) to anon, authenticated;
