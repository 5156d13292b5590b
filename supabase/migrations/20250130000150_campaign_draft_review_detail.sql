-- Decision 0049: the campaign's page says whether drafts are reviewed before posting (the creator reads it
-- before applying; the brand's edit form starts from it). A new last attribute, which the one function
-- returning the type fills.
alter type api.campaign_detail add attribute draft_review boolean;

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
    c.draft_review
  from app.campaigns c
  join app.profiles p on p.id = c.brand_id
  left join app.brand_profiles b on b.user_id = c.brand_id
  left join app.user_ratings ur on ur.user_id = c.brand_id
  where c.id = campaign_detail.campaign_id
$$;
