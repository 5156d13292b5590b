-- Issue 32, item 9: browse said "Applied" (Ya te postulaste) for an application the brand had rejected.
-- The card now gets the caller's own application's status, so it can say "Rejected" like the other screens.

alter type api.campaign_card add attribute my_application_status text;
comment on type api.campaign_card is
  'A campaign as lists show it. has_applied: the caller has applied; my_application_status: that application''s status (pending, accepted, rejected, canceled), null without one.';

-- As in 20250117000000, with the caller's application's status (one per campaign and creator, a unique key).
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
      mine.status is not null, mine.status
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
