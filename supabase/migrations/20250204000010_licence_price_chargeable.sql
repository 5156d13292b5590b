-- A licence or renewal price is $0.00 or one a card payment can carry ($0.50 to $999,999.99): a paid licence
-- priced 1-49 cents was accepted on a campaign, then refused at funding (amount_too_small) when nothing else
-- was charged with it (a product campaign, escrow off).

create or replace function app.price_chargeable(price_cents bigint)
returns boolean
language sql
immutable
set search_path = ''
as $$
  -- A licence or renewal price is either nothing to charge or one card payment can carry: one priced under
  -- the minimum payment could be agreed but never funded on its own (app.payment_amount's limits).
  select price_cents is not null and (price_cents = 0 or price_cents between 50 and 99999999);
$$;
comment on function app.price_chargeable(price_cents bigint) is 'Whether a licence or renewal price is $0.00 or within the payment limits ($0.50 to $999,999.99).';
grant execute on function app.price_chargeable(price_cents bigint) to authenticated, service_role;


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
  if usage_kind = 'paid' and not app.price_chargeable(usage_price_cents) then
    perform app.fail('22023', 'Paid usage needs a licence price of $0.00, or from $0.50 to $999,999.99', 'usage_paid_needs_price');
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


create or replace function api.offer_licence_renewal(application_id uuid, term_days integer, price_cents bigint)
returns uuid
language plpgsql
set search_path = ''
as $$
declare
  a record;
  new_id uuid;
begin
  if (select auth.uid()) is null then
    perform app.fail('42501', 'Sign in first', 'not_signed_in');
  end if;
  select x.id, x.brand_id, x.creator_id, x.status into a from app.applications x where x.id = offer_licence_renewal.application_id;
  if not found or not exists (select 1 from app.hire_licences l where l.application_id = a.id) then
    perform app.fail('PT404', 'This hire no longer exists', 'hire_not_found');
  end if;
  if a.brand_id <> (select auth.uid()) then
    perform app.fail('42501', 'Only the brand that hired can renew the licence', 'not_owner');
  end if;
  if a.status <> 'accepted' then
    perform app.fail('PT409', 'This hire was canceled', 'hire_closed');
  end if;
  if offer_licence_renewal.term_days is null or offer_licence_renewal.term_days <= 0 or offer_licence_renewal.term_days > 3650 then
    perform app.fail('22023', 'A renewal must last between 1 and 3650 days', 'renewal_term_invalid');
  end if;
  if not app.price_chargeable(offer_licence_renewal.price_cents) then
    perform app.fail('22023', 'A renewal costs $0.00, or from $0.50 to $999,999.99', 'renewal_price_invalid');
  end if;
  if exists (select 1 from app.licence_renewals r where r.application_id = a.id and r.status = 'offered') then
    perform app.fail('PT409', 'A renewal offer is already waiting for the creator', 'renewal_pending');
  end if;
  insert into app.licence_renewals (application_id, brand_id, creator_id, term_days, price_cents)
  values (a.id, a.brand_id, a.creator_id, offer_licence_renewal.term_days, offer_licence_renewal.price_cents)
  returning id into new_id;
  return new_id;
end;
$$;
comment on function api.offer_licence_renewal(application_id uuid, term_days integer, price_cents bigint) is 'The brand offers to renew a standing hire''s licence for term_days at price_cents. Codes: hire_not_found (deleted hire), not_owner, hire_closed (canceled hire), renewal_term_invalid, renewal_price_invalid, renewal_pending.';
grant execute on function api.offer_licence_renewal(application_id uuid, term_days integer, price_cents bigint) to authenticated;
