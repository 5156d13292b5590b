-- The licence in one shape (contract/licence.ts): the campaign pages read {kind, ...} while receipts and
-- statements read {usage, ...}, the same terms under two names. app.licence_json builds it for both.

create or replace function app.licence_json(
  kind text,
  platforms text[],
  territory text[],
  term_days integer,
  price_cents bigint,
  exclusivity_category text,
  exclusivity_days integer
)
returns jsonb
language sql
immutable
set search_path = ''
as $$
  select jsonb_build_object('kind', kind, 'platforms', to_jsonb(platforms), 'territory', to_jsonb(territory),
    'term_days', term_days, 'price_cents', price_cents,
    'exclusivity_category', exclusivity_category, 'exclusivity_days', exclusivity_days)
$$;
comment on function app.licence_json(kind text, platforms text[], territory text[], term_days integer, price_cents bigint, exclusivity_category text, exclusivity_days integer) is 'A licence''s terms as the web app and the documents read them (contract/licence.ts): a campaign''s, or a hire''s copy.';
grant execute on function app.licence_json(kind text, platforms text[], territory text[], term_days integer, price_cents bigint, exclusivity_category text, exclusivity_days integer) to authenticated, service_role;

create or replace function app.usage_rights_json(c app.campaigns)
returns jsonb
language sql
immutable
set search_path = ''
as $$
  select app.licence_json(c.usage_kind, c.usage_platforms, c.usage_territory, c.usage_term_days, c.usage_price_cents,
    c.exclusivity_category, c.exclusivity_days)
$$;

create or replace function app.document_licence(campaign_id uuid, transaction_id uuid)
returns jsonb
language sql
stable
set search_path = ''
as $$
  select coalesce(
    -- The hire's copy, reached through its escrow, or through the renewal a payment funded (decision 0060),
    -- which adds the period and price that renewal bought.
    (select app.licence_json(h.usage_kind, h.usage_platforms, h.usage_territory, h.usage_term_days, h.usage_price_cents,
        h.exclusivity_category, h.exclusivity_days)
      || case when r.id is null then '{}'::jsonb else jsonb_build_object('renewal', jsonb_build_object('term_days', r.term_days,
          'price_cents', r.price_cents, 'starts_on', to_char(r.starts_at at time zone 'UTC', 'YYYY-MM-DD'),
          'ends_on', to_char(r.ends_at at time zone 'UTC', 'YYYY-MM-DD'))) end
      from app.ledger_transactions t
      left join app.escrows x on x.id = t.escrow_id
      left join app.payments p on p.id = t.payment_id
      left join app.licence_renewals r on r.id = p.renewal_id
      join app.hire_licences h on h.application_id = coalesce(r.application_id, x.application_id)
      where t.id = document_licence.transaction_id),
    (select app.usage_rights_json(c) from app.campaigns c where c.id = document_licence.campaign_id))
$$;
