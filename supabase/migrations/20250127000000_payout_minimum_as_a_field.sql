-- Issue 33, item 3: a payout refused under the minimum names the minimum as a figure, not only inside an
-- English sentence: the error's HINT is {"minimum_cents": n}, which the functions pass on as the error
-- body's `amounts` (supabase/functions/_shared/rpc-error.ts) and the web writes in the reader's language
-- and money format. Before, the web read the amount back out of the message with a regular expression.
-- Everything else in app.payout_begin is as in 20250111000300_payouts.sql.

create or replace function app.payout_begin(creator_id uuid, requested_by text)
returns table (payout_id uuid, amount_cents bigint, status text, stripe_account_id text,
  stripe_outbound_payment_id text, created boolean)
language plpgsql
security definer
set search_path = ''
as $$
#variable_conflict use_column
declare
  a app.payout_accounts;
  p app.payouts;
  available bigint;
  minimum bigint;
begin
  select * into a from app.payout_accounts x where x.creator_id = payout_begin.creator_id for update;
  if not found then
    perform app.fail('PT409', 'Set up your payout account first', 'payout_account_missing');
  end if;
  select * into p from app.payouts x where x.creator_id = a.creator_id and x.status in ('pending', 'processing');
  if found then
    return query select p.id, p.amount_cents, p.status, p.stripe_account_id, p.stripe_outbound_payment_id, false;
    return;
  end if;
  if a.status <> 'active' then
    perform app.fail('PT409', 'Your payout account needs attention before you can be paid', 'payout_account_not_ready');
  end if;
  select b.available_cents into available from app.creator_balance(a.creator_id) b;
  minimum := case when requested_by = 'creator' then 100 else (select s.payout_minimum_cents from app.platform_settings s) end;
  if available < minimum then
    raise exception using
      message = format('Your available balance is below the minimum payout of $%s', to_char(minimum / 100.0, 'FM999,999,990.00')),
      errcode = 'PT409',
      detail = 'payout_below_minimum',
      hint = json_build_object('minimum_cents', minimum)::text;
  end if;
  insert into app.payouts (creator_id, amount_cents, status, requested_by, stripe_account_id)
  values (a.creator_id, available, 'pending', payout_begin.requested_by, a.stripe_account_id)
  returning * into p;
  perform app.ledger_post('payout', p.id::text,
    jsonb_build_array(
      jsonb_build_object('account', 'creator_available', 'amount_cents', available),
      jsonb_build_object('account', 'creator_in_transit', 'amount_cents', -available)),
    payout_id => p.id, creator_id => a.creator_id);
  return query select p.id, p.amount_cents, p.status, p.stripe_account_id, p.stripe_outbound_payment_id, true;
end;
$$;
