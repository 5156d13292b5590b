-- Issue 35: the admins' screen of removed posts names the campaign, the creator and the brand, so
-- api.removed_posts returns those names beside the ids (its result type changes: dropped and created again,
-- with the same admins-only check and grant).
drop function if exists api.removed_posts(integer);

create function api.removed_posts(max_rows integer default 100)
returns table (
  deliverable_id uuid,
  application_id uuid,
  campaign_id uuid,
  creator_id uuid,
  brand_id uuid,
  content_url text,
  platform text,
  published_at timestamp with time zone,
  live_until timestamp with time zone,
  removed_at timestamp with time zone,
  removed_as text,
  campaign_title text,
  creator_name text,
  brand_name text
)
language plpgsql
stable
set search_path = ''
as $$
begin
  if not (select app.is_admin()) then
    perform app.fail('42501', 'Only admins list removed posts', 'not_admin');
  end if;
  return query
  select k.deliverable_id, k.application_id, a.campaign_id, k.creator_id, k.brand_id, k.content_url, k.platform,
    k.published_at, k.live_until, k.removed_at, k.removed_as,
    c.title, cr.full_name, coalesce(bp.company_name, br.full_name)
  from app.delivery_checks k
  join app.applications a on a.id = k.application_id
  join app.campaigns c on c.id = a.campaign_id
  left join app.profiles cr on cr.id = k.creator_id
  left join app.profiles br on br.id = k.brand_id
  left join app.brand_profiles bp on bp.user_id = k.brand_id
  where k.removed_at is not null
  order by k.removed_at desc, k.deliverable_id limit least(greatest(max_rows, 1), 500);
end;
$$;
revoke all on function api.removed_posts(integer) from public, anon;
grant execute on function api.removed_posts(integer) to authenticated;
