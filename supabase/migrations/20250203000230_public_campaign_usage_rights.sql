-- Decision 0056: the signed-out campaign page shows the licence the campaign buys, as the signed-in page does.
-- One shape for both (app.usage_rights_json); api.public_campaign gains a usage_rights column (drop and
-- recreate: its columns change).
create or replace function app.usage_rights_json(c app.campaigns)
returns jsonb
language sql
immutable
set search_path = ''
as $$
  select jsonb_build_object('kind', c.usage_kind, 'platforms', to_jsonb(c.usage_platforms), 'territory', to_jsonb(c.usage_territory),
    'term_days', c.usage_term_days, 'price_cents', c.usage_price_cents,
    'exclusivity_category', c.exclusivity_category, 'exclusivity_days', c.exclusivity_days)
$$;
comment on function app.usage_rights_json(c app.campaigns) is 'The licence a campaign buys as the campaign pages read it (decision 0056): one shape for api.campaign_detail and api.public_campaign.';
grant execute on function app.usage_rights_json(c app.campaigns) to authenticated, service_role;

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

drop function if exists api.public_campaign(campaign_id uuid);
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
