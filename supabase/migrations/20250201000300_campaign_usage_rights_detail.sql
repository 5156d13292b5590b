-- Issue 36 item 2 (decision 0056): creators read the licence a campaign buys before they apply, and the
-- brand's edit form starts from it. One jsonb attribute keeps the type's shape stable as the licence grows:
-- {kind, platforms, territory (null = worldwide), term_days, price_cents, exclusivity_category,
-- exclusivity_days}, the columns of app.campaigns as stored.
alter type api.campaign_detail add attribute usage_rights jsonb;

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
    jsonb_build_object('kind', c.usage_kind, 'platforms', to_jsonb(c.usage_platforms), 'territory', to_jsonb(c.usage_territory),
      'term_days', c.usage_term_days, 'price_cents', c.usage_price_cents,
      'exclusivity_category', c.exclusivity_category, 'exclusivity_days', c.exclusivity_days)
  from app.campaigns c
  join app.profiles p on p.id = c.brand_id
  left join app.brand_profiles b on b.user_id = c.brand_id
  left join app.user_ratings ur on ur.user_id = c.brand_id
  where c.id = campaign_detail.campaign_id
$$;
