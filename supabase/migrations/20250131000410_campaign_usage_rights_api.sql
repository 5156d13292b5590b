-- Issue 36 item 2 (decision 0056): the brand sets the licence its campaign buys. Each rule is told with
-- its own error code before the table's named checks (which still hold for any other writer); the
-- function runs as the caller, so the campaigns' RLS applies as well as the owner check.
create or replace function api.set_campaign_usage_rights(
  campaign_id uuid,
  usage_kind text,
  usage_platforms text[],
  usage_territory text[],
  usage_term_days integer,
  usage_price_cents bigint default null::bigint,
  exclusivity_category text default null::text,
  exclusivity_days integer default null::integer
)
returns void
language plpgsql
set search_path = ''
as $$
declare
  wanted_platforms text[] := coalesce(usage_platforms, '{}'::text[]);
  wanted_territory text[] := (select array_agg(upper(btrim(t)) order by o) from unnest(usage_territory) with ordinality u(t, o));
  wanted_category text := app.clean_text(exclusivity_category);
begin
  perform app.assert_campaign_owner(campaign_id, 'You do not have permission to edit this campaign.');
  if usage_kind is null or usage_kind not in ('organic', 'paid') then
    perform app.fail('22023', 'Usage must be organic or paid', 'usage_kind_invalid');
  end if;
  if usage_term_days is null or usage_term_days <= 0 or usage_term_days > 3650 then
    perform app.fail('22023', 'The licence term must be between 1 and 3650 days', 'usage_term_invalid');
  end if;
  if not wanted_platforms <@ array['instagram', 'tiktok', 'youtube'] then
    perform app.fail('22023', 'Licence platforms must be instagram, tiktok or youtube', 'usage_platforms_invalid');
  end if;
  if usage_kind = 'paid' and cardinality(wanted_platforms) = 0 then
    perform app.fail('22023', 'Paid usage needs at least one platform', 'usage_paid_needs_platforms');
  end if;
  if usage_kind = 'paid' and (usage_price_cents is null or usage_price_cents < 0) then
    perform app.fail('22023', 'Paid usage needs a licence price of $0.00 or more', 'usage_paid_needs_price');
  end if;
  if usage_kind = 'organic' and usage_price_cents is not null then
    perform app.fail('22023', 'Organic usage has no licence price', 'usage_price_only_paid');
  end if;
  if wanted_territory is not null and (cardinality(wanted_territory) > 250
      or array_to_string(wanted_territory, ',') !~ '^[A-Z]{2}(,[A-Z]{2})*$') then
    perform app.fail('22023', 'The territory must be worldwide or a list of two-letter country codes', 'usage_territory_invalid');
  end if;
  if (wanted_category is null) <> (exclusivity_days is null) then
    perform app.fail('22023', 'Exclusivity needs both a category and a number of days', 'exclusivity_incomplete');
  end if;
  if exclusivity_days is not null and (exclusivity_days <= 0 or exclusivity_days > 3650) then
    perform app.fail('22023', 'Exclusivity must last between 1 and 3650 days', 'exclusivity_days_invalid');
  end if;
  if wanted_category is not null and char_length(wanted_category) > 100 then
    perform app.fail('22023', 'The exclusivity category must be at most 100 characters', 'exclusivity_category_invalid');
  end if;
  update app.campaigns c set
    usage_kind = set_campaign_usage_rights.usage_kind,
    usage_platforms = wanted_platforms,
    usage_territory = wanted_territory,
    usage_term_days = set_campaign_usage_rights.usage_term_days,
    usage_price_cents = set_campaign_usage_rights.usage_price_cents,
    exclusivity_category = wanted_category,
    exclusivity_days = set_campaign_usage_rights.exclusivity_days
  where c.id = set_campaign_usage_rights.campaign_id;
end;
$$;
grant execute on function api.set_campaign_usage_rights(campaign_id uuid, usage_kind text, usage_platforms text[], usage_territory text[], usage_term_days integer, usage_price_cents bigint, exclusivity_category text, exclusivity_days integer) to authenticated;
-- The function runs as the caller: the owner may write the licence columns (RLS still limits the rows).
grant update (usage_kind, usage_platforms, usage_territory, usage_term_days, usage_price_cents, exclusivity_category, exclusivity_days) on app.campaigns to authenticated;
