-- A renewal payment's receipt (and the creator's statement line) prints the period and price that renewal
-- bought, not only the licence as agreed at hire (decision 0060).

create or replace function app.document_licence(campaign_id uuid, transaction_id uuid)
returns jsonb
language sql
stable
set search_path = ''
as $$
  select coalesce(
    -- The hire's copy, reached through its escrow, or through the renewal a payment funded (decision 0060),
    -- which adds the period and price that renewal bought.
    (select jsonb_build_object('usage', h.usage_kind, 'platforms', to_jsonb(h.usage_platforms),
        'territory', to_jsonb(h.usage_territory), 'term_days', h.usage_term_days, 'price_cents', h.usage_price_cents,
        'exclusivity_category', h.exclusivity_category, 'exclusivity_days', h.exclusivity_days)
      || case when r.id is null then '{}'::jsonb else jsonb_build_object('renewal', jsonb_build_object('term_days', r.term_days,
          'price_cents', r.price_cents, 'starts_on', to_char(r.starts_at at time zone 'UTC', 'YYYY-MM-DD'),
          'ends_on', to_char(r.ends_at at time zone 'UTC', 'YYYY-MM-DD'))) end
      from app.ledger_transactions t
      left join app.escrows x on x.id = t.escrow_id
      left join app.payments p on p.id = t.payment_id
      left join app.licence_renewals r on r.id = p.renewal_id
      join app.hire_licences h on h.application_id = coalesce(r.application_id, x.application_id)
      where t.id = document_licence.transaction_id),
    (select jsonb_build_object('usage', c.usage_kind, 'platforms', to_jsonb(c.usage_platforms),
        'territory', to_jsonb(c.usage_territory), 'term_days', c.usage_term_days, 'price_cents', c.usage_price_cents,
        'exclusivity_category', c.exclusivity_category, 'exclusivity_days', c.exclusivity_days)
      from app.campaigns c where c.id = document_licence.campaign_id))
$$;
