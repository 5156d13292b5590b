-- Trust between strangers (issue 17), part 5: money held for a disputed hire is still in escrow on the
-- creator's money screens (issue 16's functions, with the 'disputed' state counted as held).

/** The calling creator's money at a glance (see 20250111000300_payouts.sql); a disputed hire is in escrow. */
create or replace function api.my_payouts_overview()
returns table (in_escrow_cents bigint, available_cents bigint, in_transit_cents bigint, paid_out_cents bigint,
  payout_minimum_cents bigint, payout_schedule text, fee_bps integer,
  account_country text, account_status text, bank_summary text, problem_code text, problem_message text,
  last_failed_payout_id uuid)
language sql
stable
set search_path = ''
as $$
  select
    (select coalesce(sum(e.amount_cents - app.platform_fee(e.amount_cents, e.fee_bps)), 0)::bigint from app.escrows e
     where e.creator_id = (select auth.uid()) and e.status in ('funded', 'disputed', 'refund_pending', 'charged_back')),
    b.available_cents, b.in_transit_cents,
    (select coalesce(sum(p.amount_cents), 0)::bigint from app.payouts p where p.creator_id = (select auth.uid()) and p.status = 'paid'),
    s.payout_minimum_cents, s.payout_schedule, s.fee_bps,
    a.country, a.status, a.bank_summary, a.problem_code, a.problem_message,
    (select p.id from app.payouts p where p.creator_id = (select auth.uid()) and p.status = 'failed'
     order by p.created_at desc limit 1)
  from app.platform_settings s
  cross join lateral (
    select coalesce(-sum(le.amount_cents) filter (where le.account = 'creator_available'), 0)::bigint available_cents,
      coalesce(-sum(le.amount_cents) filter (where le.account = 'creator_in_transit'), 0)::bigint in_transit_cents
    from app.ledger_entries le
    where le.creator_id = (select auth.uid()) and le.account in ('creator_available', 'creator_in_transit')
  ) b
  left join app.payout_accounts a on a.creator_id = (select auth.uid())
  where (select app.current_role()) = 'creator'
$$;

/** The calling creator's money history (see 20250111000300_payouts.sql); a disputed hire is in escrow. */
create or replace function api.creator_money_history()
returns table (kind text, status text, amount_cents bigint, fee_cents bigint, occurred_at timestamptz,
  campaign_id uuid, campaign_title text, application_id uuid, payout_id uuid, failure_code text, failure_message text)
language sql
stable
set search_path = ''
as $$
  select * from (
    select 'in_escrow'::text, e.status, e.amount_cents - app.platform_fee(e.amount_cents, e.fee_bps),
      app.platform_fee(e.amount_cents, e.fee_bps), e.funded_at, e.campaign_id, c.title, e.application_id,
      null::uuid, null::text, null::text
    from app.escrows e left join app.campaigns c on c.id = e.campaign_id
    where e.creator_id = (select auth.uid()) and e.status in ('funded', 'disputed', 'refund_pending', 'charged_back')
    union all
    select case t.kind when 'release' then 'released' else 'payment' end, case t.kind when 'release' then e.release_reason end,
      -(select sum(le.amount_cents) from app.ledger_entries le where le.transaction_id = t.id and le.account = 'creator_available'),
      -(select coalesce(sum(le.amount_cents), 0) from app.ledger_entries le where le.transaction_id = t.id and le.account = 'platform_fees'),
      -- When it happened (a payment's own date, a release's), not when the ledger line was written.
      coalesce(case t.kind when 'release' then e.released_at else p.payment_date end, t.created_at),
      t.campaign_id, c.title, e.application_id, null::uuid, null::text, null::text
    from app.ledger_transactions t
    left join app.escrows e on e.id = t.escrow_id
    left join app.payments p on p.id = t.payment_id
    left join app.campaigns c on c.id = t.campaign_id
    where t.creator_id = (select auth.uid()) and t.kind in ('release', 'direct_payment')
    union all
    select 'payout'::text, p.status, p.amount_cents, 0::bigint, coalesce(p.paid_at, p.failed_at, p.created_at),
      null::uuid, null::text, null::uuid, p.id, p.failure_code, p.failure_message
    from app.payouts p
    where p.creator_id = (select auth.uid())
  ) h (kind, status, amount_cents, fee_cents, occurred_at, campaign_id, campaign_title, application_id, payout_id,
    failure_code, failure_message)
  order by h.occurred_at desc nulls last
$$;
