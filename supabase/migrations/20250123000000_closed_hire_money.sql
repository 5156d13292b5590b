-- Issue 30 (one truth about money, decision 0031): a hire refunded in full showed "Creator receives (net)
-- $255.00" and "Platform fee $45.00" beside "Refunded to the brand $300.00", because app.hire_json gave the
-- quote on the whole amount for every status but released. A hire refunded, being refunded, canceled or
-- charged back is closed too: its fee and net are now the ledger's (app.hire_money), as a released one's
-- are, so a full refund reads $0.00 for both. Only fee_cents and creator_cents of the closed statuses
-- change; the rest is as in 20250120000000_money_glossary.sql.

/**
 * The hire of an application as the app shows it (null when the hire needs no funding). While the hire is
 * open (awaiting funding, funded) fee_cents and creator_cents are the quote on the whole amount (what the
 * creator will receive); once it is closed they are the ledger's (what the creator did receive: less after
 * a split, nothing after a full refund). refunded_cents and released_cents are the ledger's at any time.
 */
create or replace function app.hire_json(application_id uuid)
returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
  select jsonb_build_object(
    'escrow_id', e.id, 'status', e.status, 'amount_cents', e.amount_cents, 'fee_bps', e.fee_bps,
    'fee_cents', case when e.status in ('released', 'refund_pending', 'refunded', 'canceled', 'charged_back') then m.fee_cents else app.platform_fee(e.amount_cents, e.fee_bps) end,
    'creator_cents', case when e.status in ('released', 'refund_pending', 'refunded', 'canceled', 'charged_back') then m.net_cents else e.amount_cents - app.platform_fee(e.amount_cents, e.fee_bps) end,
    'held_cents', m.held_cents,
    'released_cents', m.released_cents,
    'refunded_cents', m.refunded_cents,
    'funded_at', e.funded_at, 'released_at', e.released_at, 'release_reason', e.release_reason,
    'refunded_at', e.refunded_at, 'canceled_at', e.canceled_at, 'cancel_reason', e.cancel_reason,
    'review_due_at', (select min(d.review_due_at) from app.deliverables d where d.application_id = e.application_id))
  from app.escrows e
  cross join lateral app.hire_money(e.id) m
  where e.application_id = hire_json.application_id
$$;
revoke execute on function app.hire_json(uuid) from public, anon;
grant execute on function app.hire_json(uuid) to authenticated, service_role;
