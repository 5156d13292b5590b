-- Data API: how many campaigns a browse search matches, for the 'Showing N campaign(s)' line while the list
-- itself arrives page by page (api.browse_campaigns).

/**
 * The number of active campaigns matching the same filters as api.browse_campaigns (keyword in title or
 * description, accent- and case-insensitive; content type; platform, 'all' or null meaning any).
 * Security definer for the reason browse_campaigns gives (the trigram index under RLS); like it, it only
 * counts active campaigns, which every signed-in user may see, and its SQL is fixed text with bound
 * parameters.
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
  n integer;
begin
  if (select auth.uid()) is null then
    perform app.fail('42501', 'Sign in first', 'not_signed_in');
  end if;
  if nullif(btrim(keyword), '') is not null then
    q := q || ' and c.search_text like app.contains_pattern($1)';
  end if;
  if nullif(btrim(content_type), '') is not null then
    q := q || ' and c.content_type = $2';
  end if;
  if nullif(btrim(platform), '') is not null and platform <> 'all' then
    q := q || ' and c.platforms @> array[$3]::text[]';
  end if;
  execute q into n using keyword, content_type, platform;
  return n;
end;
$$;

revoke execute on function api.browse_campaigns_count(text, text, text) from public;
grant execute on function api.browse_campaigns_count(text, text, text) to authenticated;
