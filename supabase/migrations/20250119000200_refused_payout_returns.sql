-- Issue 29, item 6: a payout Stripe refuses to create returns to the creator's available balance in the
-- same request. Until now a refused OutboundPayment (the platform's FinancialAccount short of money, say)
-- left the payout pending and the money "in transit" with nothing on its way, and admins counted no
-- failed payout. A payout Stripe refused was never sent, so it fails at once: the in-transit money goes
-- back to available (a balanced ledger posting), the row keeps the reason, and the payout account is
-- marked as needing attention only when the reason is the creator's (their bank cannot be paid), never
-- when the platform's balance is short. A payout Stripe may have created (the call hung or erred without
-- an answer) is not touched here: it stays pending, and the next run or request sends it again under
-- the same idempotency key, which either finds Stripe's payment or gets a definite answer.

/**
 * Service role: Stripe refused to create this payout's OutboundPayment (a definite answer: no payment
 * exists). The money goes back from in transit to available and the payout fails with the reason. Only
 * for a payout never sent: one with an OutboundPayment id exists at Stripe, and Stripe's own states
 * settle it (app.payout_record). account_problem: the reason is the creator's account (Stripe cannot pay
 * it), so it needs attention as after a bank's refusal; otherwise the account is left payable.
 * Returns applied, unchanged (already settled or sent) or unknown_payout.
 */
create or replace function app.payout_refused(payout_id uuid, failure_code text, failure_message text,
  account_problem boolean default false)
returns text
language plpgsql
security definer
set search_path = ''
as $$
declare
  p app.payouts;
begin
  if failure_code is null or failure_message is null then
    perform app.fail('22023', 'A refused payout needs its reason', 'reason_required');
  end if;
  select * into p from app.payouts x where x.id = payout_refused.payout_id for update;
  if not found then
    return 'unknown_payout';
  end if;
  if p.status not in ('pending', 'processing') or p.stripe_outbound_payment_id is not null then
    return 'unchanged';
  end if;
  perform app.ledger_post('payout_failed', p.id::text,
    jsonb_build_array(
      jsonb_build_object('account', 'creator_in_transit', 'amount_cents', p.amount_cents),
      jsonb_build_object('account', 'creator_available', 'amount_cents', -p.amount_cents)),
    payout_id => p.id, creator_id => p.creator_id);
  update app.payouts x set status = 'failed', failed_at = now(), failure_code = payout_refused.failure_code,
    failure_message = payout_refused.failure_message
  where x.id = p.id;
  if account_problem then
    update app.payout_accounts x set status = 'needs_attention', problem_code = payout_refused.failure_code,
      problem_message = payout_refused.failure_message
    where x.creator_id = p.creator_id and x.status = 'active';
  end if;
  return 'applied';
end;
$$;
comment on function app.payout_refused(uuid, text, text, boolean) is
  'Security definer: it writes the ledger (only the money functions of app may) and the payout; callable by the service role only.';

revoke execute on function app.payout_refused(uuid, text, text, boolean) from public, anon, authenticated;
grant execute on function app.payout_refused(uuid, text, text, boolean) to service_role;

/** Service role: app.payout_refused (the payouts function, after Stripe's definite refusal). */
create or replace function api.payout_refused(payout_id uuid, failure_code text, failure_message text,
  account_problem boolean default false)
returns text
language sql
set search_path = ''
as $$
  select app.payout_refused(payout_refused.payout_id, payout_refused.failure_code, payout_refused.failure_message,
    payout_refused.account_problem)
$$;
revoke execute on function api.payout_refused(uuid, text, text, boolean) from public, anon, authenticated;
grant execute on function api.payout_refused(uuid, text, text, boolean) to service_role;

/**
 * Service role: what Stripe says about a payout's OutboundPayment (see 20250111000300_payouts.sql).
 * New here: a payment Stripe created for a payout we had already failed as refused (its money is back in
 * available) answers sent_after_refusal, with its id kept so the reconciliation report compares it. That
 * happens when two requests send the same payout and Stripe refuses the first but, its balance topped up
 * in between, accepts the second under the same key (v2 keeps no result of a refusal); the payouts
 * function then cancels the payment, and a payment it could not cancel shows in the report as drift.
 */
create or replace function app.payout_record(payout_id uuid, stripe_outbound_payment_id text, status text,
  failure_code text default null, failure_message text default null,
  event_id text default null, event_type text default null)
returns text
language plpgsql
security definer
set search_path = ''
as $$
declare
  p app.payouts;
begin
  if status not in ('processing', 'paid', 'failed') then
    perform app.fail('22023', 'Unknown payout status', 'status_invalid');
  end if;
  if not app.first_delivery(event_id, event_type) then
    return 'duplicate';
  end if;
  select * into p from app.payouts x
  where x.id = payout_record.payout_id or x.stripe_outbound_payment_id = payout_record.stripe_outbound_payment_id
  for update;
  if not found then
    return 'unknown_payout';
  end if;
  if p.status = 'failed' and p.stripe_outbound_payment_id is null and payout_record.stripe_outbound_payment_id is not null
      and status in ('processing', 'paid') then
    update app.payouts x set stripe_outbound_payment_id = payout_record.stripe_outbound_payment_id where x.id = p.id;
    return 'sent_after_refusal';
  end if;
  if p.stripe_outbound_payment_id is null and payout_record.stripe_outbound_payment_id is not null then
    update app.payouts x set stripe_outbound_payment_id = payout_record.stripe_outbound_payment_id,
      status = case when x.status = 'pending' then 'processing' else x.status end
    where x.id = p.id;
    p.status := case when p.status = 'pending' then 'processing' else p.status end;
  end if;
  if status = 'paid' and p.status in ('pending', 'processing') then
    perform app.ledger_post('payout_paid', p.id::text,
      jsonb_build_array(
        jsonb_build_object('account', 'creator_in_transit', 'amount_cents', p.amount_cents),
        jsonb_build_object('account', 'stripe_balance', 'amount_cents', -p.amount_cents)),
      payout_id => p.id, creator_id => p.creator_id, stripe_object_id => payout_record.stripe_outbound_payment_id);
    update app.payouts x set status = 'paid', paid_at = now() where x.id = p.id;
    return 'applied';
  end if;
  if status = 'failed' and p.status <> 'failed' then
    perform app.ledger_post('payout_failed', p.id::text,
      jsonb_build_array(
        case when p.status = 'paid'
          then jsonb_build_object('account', 'stripe_balance', 'amount_cents', p.amount_cents)
          else jsonb_build_object('account', 'creator_in_transit', 'amount_cents', p.amount_cents) end,
        jsonb_build_object('account', 'creator_available', 'amount_cents', -p.amount_cents)),
      payout_id => p.id, creator_id => p.creator_id, stripe_object_id => payout_record.stripe_outbound_payment_id);
    update app.payouts x set status = 'failed', failed_at = now(), failure_code = payout_record.failure_code,
      failure_message = payout_record.failure_message
    where x.id = p.id;
    update app.payout_accounts x set status = 'needs_attention', problem_code = payout_record.failure_code,
      problem_message = payout_record.failure_message
    where x.creator_id = p.creator_id;
    return 'applied';
  end if;
  return 'unchanged';
end;
$$;

/**
 * Service role (the payout run): creators to pay now (see 20250111000300_payouts.sql). Also waits out the
 * schedule's interval after a payout Stripe refused (failed without ever being sent): while the platform's
 * balance is short, each hourly run would otherwise fail a new payout, and tell the creator, every hour.
 */
create or replace function api.payouts_due()
returns table (creator_id uuid, open_payout_id uuid)
language sql
stable
set search_path = ''
as $$
  select p.creator_id, p.id from app.payouts p
  where p.status = 'pending' or (p.status = 'processing' and p.stripe_outbound_payment_id is null)
  union all
  select a.creator_id, null::uuid
  from app.payout_accounts a
  cross join app.platform_settings s
  cross join lateral app.creator_balance(a.creator_id) b
  where a.status = 'active' and s.payout_schedule <> 'on_request'
    and b.available_cents >= s.payout_minimum_cents
    and not exists (select 1 from app.payouts q where q.creator_id = a.creator_id and q.status in ('pending', 'processing'))
    and not exists (select 1 from app.payouts q where q.creator_id = a.creator_id
      and (q.status = 'paid' or (q.status = 'failed' and q.stripe_outbound_payment_id is null))
      and q.created_at > now() - case s.payout_schedule when 'weekly' then interval '156 hours' else interval '20 hours' end)
$$;
