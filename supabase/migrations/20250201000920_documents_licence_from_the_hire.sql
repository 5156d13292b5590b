-- Documents state the licence the hire agreed (app.hire_licences, 20250201000310), not the campaign's terms
-- of today: a brand may change the campaign's usage rights after a hire, and a receipt or statement must say
-- what was bought. A payment with no hire copy (a direct payment, a hire from before the copy existed and
-- since gone) falls back to the campaign's terms.
create or replace function app.document_licence(campaign_id uuid, transaction_id uuid)
returns jsonb
language sql
stable
set search_path = ''
as $$
  select coalesce(
    (select jsonb_build_object('usage', h.usage_kind, 'platforms', to_jsonb(h.usage_platforms),
        'territory', to_jsonb(h.usage_territory), 'term_days', h.usage_term_days, 'price_cents', h.usage_price_cents,
        'exclusivity_category', h.exclusivity_category, 'exclusivity_days', h.exclusivity_days)
      from app.ledger_transactions t
      join app.escrows x on x.id = t.escrow_id
      join app.hire_licences h on h.application_id = x.application_id
      where t.id = document_licence.transaction_id),
    (select jsonb_build_object('usage', c.usage_kind, 'platforms', to_jsonb(c.usage_platforms),
        'territory', to_jsonb(c.usage_territory), 'term_days', c.usage_term_days, 'price_cents', c.usage_price_cents,
        'exclusivity_category', c.exclusivity_category, 'exclusivity_days', c.exclusivity_days)
      from app.campaigns c where c.id = document_licence.campaign_id))
$$;
revoke execute on function app.document_licence(uuid, uuid) from public, anon, authenticated, service_role;

create or replace function app.document_content(d app.documents)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  platform jsonb := (select to_jsonb(p) - 'id' - 'updated_at' from app.platform_details p);
  amount bigint;
  fee bigint;
  period_end date;
begin
  if d.kind <> 'statement' then
    select abs(coalesce(sum(e.amount_cents) filter (where e.account = 'stripe_balance'), 0)),
      coalesce(-sum(e.amount_cents) filter (where e.account = 'platform_fees'), 0)
      into amount, fee
      from app.ledger_entries e where e.transaction_id = d.ledger_transaction_id;
    -- A funded hire keeps its fee until release; the receipt shows the fee fixed at acceptance.
    if d.kind = 'receipt' and fee = 0 then
      select app.platform_fee(amount, x.fee_bps) into fee
        from app.ledger_transactions t join app.escrows x on x.id = t.escrow_id where t.id = d.ledger_transaction_id;
    end if;
    return jsonb_build_object('kind', d.kind, 'document_number', d.document_number,
      'issued_on', to_char(d.created_at at time zone 'UTC', 'YYYY-MM-DD'), 'language', d.language, 'platform', platform,
      'brand_name', coalesce(app.display_name(d.brand_id), '—'),
      'campaign_title', (select c.title from app.campaigns c where c.id = d.campaign_id),
      'creator_name', app.display_name(d.creator_id),
      'licence', app.document_licence(d.campaign_id, d.ledger_transaction_id),
      'amount_cents', amount, 'fee_cents', coalesce(fee, 0));
  end if;
  period_end := (d.period_start + interval '1 month')::date;
  return jsonb_build_object('document_number', d.document_number,
    'issued_on', to_char(d.created_at at time zone 'UTC', 'YYYY-MM-DD'),
    'period', to_char(d.period_start, 'YYYY-MM'), 'language', d.language, 'platform', platform,
    'country', (select a.country from app.payout_accounts a where a.creator_id = d.creator_id),
    'creator_name', coalesce(app.display_name(d.creator_id), '—'),
    'items', coalesce((
      select jsonb_agg(jsonb_build_object(
          'date', to_char(t.created_at at time zone 'UTC', 'YYYY-MM-DD'),
          'client_legal_name', coalesce(app.display_name(t.brand_id), '—'),
          'client_address', null,
          'service', coalesce((select c.title from app.campaigns c where c.id = t.campaign_id), '—'),
          'licence', app.document_licence(t.campaign_id, t.id),
          'gross_cents', m.net + m.fee, 'fee_cents', m.fee, 'net_cents', m.net) order by t.created_at, t.id)
        from app.ledger_transactions t
        cross join lateral (
          select coalesce(-sum(e.amount_cents) filter (where e.account = 'creator_available'), 0) net,
            coalesce(-sum(e.amount_cents) filter (where e.account = 'platform_fees'), 0) fee
          from app.ledger_entries e where e.transaction_id = t.id) m
        where t.creator_id = d.creator_id and t.kind in ('release', 'direct_payment')
          and t.created_at >= d.period_start and t.created_at < period_end), '[]'::jsonb),
    'payouts_cents', coalesce((
      select sum(e.amount_cents) from app.ledger_transactions t join app.ledger_entries e on e.transaction_id = t.id
      where t.creator_id = d.creator_id and t.kind = 'payout_paid' and e.account = 'creator_in_transit'
        and t.created_at >= d.period_start and t.created_at < period_end), 0));
end;
$$;

drop function app.document_licence(uuid);
