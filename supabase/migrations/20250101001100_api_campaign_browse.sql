-- Data API: browsing campaigns (keyword, content type, platform, keyset pages) and a creator's applications.

create type api.campaign_card as (
  id uuid,
  title text,
  description text,
  content_type text,
  platforms text[],
  compensation_type text,
  compensation_cents bigint,
  deadline timestamptz,
  status text,
  created_at timestamptz,
  brand_id uuid,
  brand_name text,
  application_count integer,
  has_applied boolean
);
comment on type api.campaign_card is 'A campaign as lists show it. has_applied: the caller has applied.';

/**
 * Active campaigns, newest first, one page at a time: pass the last row's created_at and id to get the
 * next page. keyword matches title or description, accent- and case-insensitively (trigram index).
 * platform 'all' (or null) means any platform. Dynamic SQL so each call is planned with its own filters.
 * Security definer on purpose: under RLS, Postgres may not use the trigram index for LIKE (textlike is not
 * leakproof, so it must run after the policy), which made rare keywords 10x slower. The function applies
 * the policy's rule for what it returns itself: only active campaigns, which every signed-in user may see.
 * It is executable by authenticated only, and its SQL is fixed text with bound parameters.
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
  if nullif(btrim(platform), '') is not null and platform <> 'all' then
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

/** The calling creator's applications, newest first, each with a summary of its campaign. */
create or replace function api.my_applications()
returns table (id uuid, status text, pitch text, created_at timestamptz, updated_at timestamptz, campaign jsonb)
language sql
stable
set search_path = ''
as $$
  select a.id, a.status, a.pitch, a.created_at, a.updated_at,
    jsonb_build_object('id', c.id, 'title', c.title, 'compensation_cents', c.compensation_cents,
      'compensation_type', c.compensation_type, 'deadline', c.deadline, 'status', c.status,
      'content_type', c.content_type, 'brand_id', c.brand_id)
  from app.applications a
  join app.campaigns c on c.id = a.campaign_id
  where a.creator_id = (select auth.uid())
  order by a.created_at desc, a.id desc
$$;

revoke execute on function api.browse_campaigns(text, text, text, timestamptz, uuid, integer), api.my_applications()
  from public;
grant execute on function api.browse_campaigns(text, text, text, timestamptz, uuid, integer), api.my_applications()
  to authenticated;
