-- Two more functions that spent more time planning under RLS than running (decision 0029):
-- - admin_platform_health's one statement takes the week's bounds from plpgsql variables, so plpgsql kept
--   planning it for their values. Its counts read ranges of time indexes, which one plan serves for any
--   bounds: 1.06 -> 0.44 ms at ten times the data (0.58 -> 0.35 with RLS bypassed).
-- - brand_money_by_campaign, parameterless, moves from sql (planned on every call) to plpgsql with the same
--   query.

alter function api.admin_platform_health() set plan_cache_mode = force_generic_plan;

create or replace function api.brand_money_by_campaign()
returns table (campaign_id uuid, campaign_title text, funded_cents bigint, in_escrow_cents bigint,
  released_cents bigint, refunded_cents bigint)
language plpgsql
stable
set search_path = ''
as $$
begin
  return query
    select t.campaign_id, c.title,
      coalesce(sum(le.amount_cents) filter (where t.kind in ('escrow_funding', 'direct_payment') and le.account = 'stripe_balance'), 0)::bigint,
      coalesce(-sum(le.amount_cents) filter (where le.account = 'escrow'), 0)::bigint,
      coalesce(sum(le.amount_cents) filter (where t.kind = 'release' and le.account = 'escrow'), 0)::bigint
        + coalesce(sum(le.amount_cents) filter (where t.kind = 'direct_payment' and le.account = 'stripe_balance'), 0)::bigint,
      coalesce(-sum(le.amount_cents) filter (where t.kind in ('refund', 'refund_after_release') and le.account = 'stripe_balance'), 0)::bigint
    from app.ledger_transactions t
    join app.ledger_entries le on le.transaction_id = t.id
    left join app.campaigns c on c.id = t.campaign_id
    where t.brand_id = (select auth.uid()) and (select app.current_role()) = 'brand'
    group by t.campaign_id, c.title
    order by c.title;
end;
$$;
