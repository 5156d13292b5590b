-- Card payments through Stripe (issue 6). A payment row is one attempt with a fixed amount and one
-- PaymentIntent. Callers check what they may pay through their own JWT (api.payment_quote); the
-- `payments` and `stripe-webhook` functions then write with the service role through the
-- service-role-only functions below. Stripe's events are recorded by id so a replay changes nothing.

alter table app.payments add column stripe_status text;
alter table app.payments add column amount_refunded_cents bigint not null default 0;
alter table app.payments add constraint payments_refund_within_amount
  check (amount_refunded_cents >= 0 and amount_refunded_cents <= amount_cents);
comment on column app.payments.stripe_status is
  'Last known status of the PaymentIntent (requires_payment_method, requires_action, processing, succeeded, canceled).';
comment on column app.payments.amount_refunded_cents is 'Refunded so far; status becomes refunded when all of it is.';

-- One open attempt per deliverable: pending, or failed (a declined card) while its PaymentIntent can still
-- be paid. Two simultaneous "Pay creator" clicks therefore cannot make two PaymentIntents that could both
-- be paid; a new amount first cancels the open intent (see the payments function).
create unique index payments_one_open_per_deliverable on app.payments (deliverable_id)
  where status = 'pending' or (status = 'failed' and stripe_status is not null and stripe_status <> 'canceled');

/** Order of payment states: a state only moves to a higher one (events arrive late and twice). */
create or replace function app.payment_status_rank(status text)
returns integer
language sql
immutable
set search_path = ''
as $$
  select case status when 'pending' then 0 when 'failed' then 1 when 'completed' then 2 when 'refunded' then 3 end
$$;
grant execute on function app.payment_status_rank(text) to authenticated, service_role;

-- Stripe events already handled, by Stripe's event id (webhooks are delivered at least once).
create table app.stripe_events (
  id text primary key,
  type text not null,
  stripe_created timestamptz,
  payment_id uuid references app.payments (id) on delete set null,
  outcome text not null default 'received',
  received_at timestamptz not null default now(),
  constraint stripe_events_outcome_valid check (outcome in ('received', 'applied', 'unchanged', 'unknown_payment'))
);
comment on table app.stripe_events is 'Processed Stripe webhook events (de-duplication by event id). Service role only.';
create index stripe_events_payment_idx on app.stripe_events (payment_id);
alter table app.stripe_events enable row level security;
revoke all on app.stripe_events from public, anon, authenticated;
grant all on app.stripe_events to service_role;

/**
 * The amount a payment for this campaign charges, in cents: a flat fee pays the campaign's compensation;
 * performance-based (or a flat fee of $0) pays what the brand enters; a product exchange pays only a
 * bonus the brand enters. Stripe's USD limits apply ($0.50 to $999,999.99).
 */
create or replace function app.payment_amount(compensation_type text, compensation_cents bigint, requested_cents bigint)
returns bigint
language plpgsql
immutable
set search_path = ''
as $$
declare
  amount bigint := requested_cents;
begin
  if compensation_type = 'flat_fee' and compensation_cents > 0 then
    if requested_cents is not null and requested_cents <> compensation_cents then
      perform app.fail('22023', 'A flat fee pays the campaign''s compensation', 'amount_fixed');
    end if;
    amount := compensation_cents;
  elsif requested_cents is null then
    if compensation_type = 'product' then
      perform app.fail('22023', 'A product exchange has no payment: enter a bonus amount to pay one', 'amount_required');
    end if;
    perform app.fail('22023', 'Enter the amount to pay', 'amount_required');
  end if;
  if amount < 50 then
    perform app.fail('22023', 'The minimum payment is $0.50', 'amount_too_small');
  end if;
  if amount > 99999999 then
    perform app.fail('22023', 'The maximum payment is $999,999.99', 'amount_too_large');
  end if;
  return amount;
end;
$$;
grant execute on function app.payment_amount(text, bigint, bigint) to authenticated, service_role;

/**
 * What the calling brand may pay for this deliverable, checked with the caller's own rights: they own
 * the campaign, the content is approved and not paid yet, and the amount follows the campaign's
 * compensation type. The payments function calls this with the caller's JWT before it writes anything.
 */
create or replace function api.payment_quote(deliverable_id uuid, amount_cents bigint default null)
returns table (campaign_id uuid, campaign_title text, compensation_type text,
  brand_id uuid, creator_id uuid, payable_cents bigint)
language plpgsql
stable
set search_path = ''
as $$
#variable_conflict use_column
declare
  d app.deliverables := app.visible_deliverable(payment_quote.deliverable_id);
  c record;
begin
  if d.brand_id is distinct from (select auth.uid()) then
    perform app.fail('42501', 'Only the brand that owns the campaign can pay for this content', 'not_owner');
  end if;
  if d.status <> 'approved' then
    perform app.fail('PT409', 'Only approved content can be paid', 'deliverable_not_approved');
  end if;
  if exists (select 1 from app.payments p where p.deliverable_id = d.id and p.status = 'completed') then
    perform app.fail('PT409', 'This content has already been paid', 'already_paid');
  end if;
  select x.title, x.compensation_type, x.compensation_cents into c from app.campaigns x where x.id = d.campaign_id;
  return query select d.campaign_id, c.title::text, c.compensation_type::text, d.brand_id, d.creator_id,
    app.payment_amount(c.compensation_type, c.compensation_cents, payment_quote.amount_cents);
end;
$$;

/**
 * One deliverable with its campaign, both parties and its payment (the completed one, else a refunded
 * one, else the latest attempt), for its brand and its creator only; anyone else gets no row.
 */
create or replace function api.deliverable_detail(deliverable_id uuid)
returns table (id uuid, content_url text, status text, feedback text, created_at timestamptz, updated_at timestamptz,
  campaign_id uuid, campaign_title text, compensation_type text, compensation_cents bigint,
  brand_id uuid, brand_name text, creator_id uuid, creator_name text,
  payment_id uuid, payment_status text, payment_amount_cents bigint, payment_date timestamptz, payment_created_at timestamptz)
language sql
stable
set search_path = ''
as $$
  select d.id, d.content_url, d.status, d.feedback, d.created_at, d.updated_at,
    d.campaign_id, c.title, c.compensation_type, c.compensation_cents,
    d.brand_id, coalesce(bp.company_name, br.full_name), d.creator_id, cr.full_name,
    p.id, p.status, p.amount_cents, p.payment_date, p.created_at
  from app.deliverables d
  join app.campaigns c on c.id = d.campaign_id
  left join app.profiles br on br.id = d.brand_id
  left join app.brand_profiles bp on bp.user_id = d.brand_id
  left join app.profiles cr on cr.id = d.creator_id
  left join lateral (
    select x.id, x.status, x.amount_cents, x.payment_date, x.created_at from app.payments x
    where x.deliverable_id = d.id
    order by case x.status when 'completed' then 0 when 'refunded' then 1 else 2 end, x.created_at desc, x.id desc
    limit 1
  ) p on true
  where d.id = deliverable_detail.deliverable_id
    and (select auth.uid()) in (d.brand_id, d.creator_id)
$$;

/**
 * The payment behind a PaymentIntent, for the brand that pays it (the result screen's status check):
 * not visible -> 404, visible but not the payer (the creator, an admin) -> 403.
 */
create or replace function api.payment_for_intent(stripe_payment_id text)
returns table (payment_id uuid, deliverable_id uuid, campaign_title text, amount_cents bigint, status text)
language plpgsql
stable
set search_path = ''
as $$
#variable_conflict use_column
declare
  p app.payments;
begin
  select * into p from app.payments x where x.stripe_payment_id = payment_for_intent.stripe_payment_id;
  if not found then
    perform app.fail('PT404', 'Payment not found', 'payment_not_found');
  end if;
  if p.brand_id is distinct from (select auth.uid()) then
    perform app.fail('42501', 'Only the paying brand can check this payment', 'not_payer');
  end if;
  return query
    select p.id, p.deliverable_id, c.title, p.amount_cents, p.status
    from (select 1) one
    left join app.deliverables d on d.id = p.deliverable_id
    left join app.campaigns c on c.id = d.campaign_id;
end;
$$;

/**
 * Service role: the open attempt to pay this deliverable, or a new pending one for `amount_cents`.
 * Attempts for one deliverable are serialized by a lock on its row, so concurrent calls get the same
 * attempt (and, through the idempotency key built from it, the same PaymentIntent). The caller compares
 * the returned amount with its own: a different one must first be canceled at Stripe.
 */
create or replace function api.payment_begin(deliverable_id uuid, amount_cents bigint)
returns table (payment_id uuid, payment_amount_cents bigint, payment_status text, stripe_payment_id text, stripe_status text, created boolean)
language plpgsql
set search_path = ''
as $$
#variable_conflict use_column
declare
  p app.payments;
begin
  perform 1 from app.deliverables d where d.id = payment_begin.deliverable_id for update;
  if not found then
    perform app.fail('PT404', 'Deliverable not found', 'deliverable_not_found');
  end if;
  if exists (select 1 from app.payments x where x.deliverable_id = payment_begin.deliverable_id and x.status = 'completed') then
    perform app.fail('PT409', 'This content has already been paid', 'already_paid');
  end if;
  select * into p from app.payments x
  where x.deliverable_id = payment_begin.deliverable_id
    and (x.status = 'pending' or (x.status = 'failed' and x.stripe_status is not null and x.stripe_status <> 'canceled'))
  for update;
  if found then
    return query select p.id, p.amount_cents, p.status, p.stripe_payment_id, p.stripe_status, false;
    return;
  end if;
  insert into app.payments (deliverable_id, amount_cents, status, payment_method)
  values (payment_begin.deliverable_id, payment_begin.amount_cents, 'pending', 'card')
  returning * into p;
  return query select p.id, p.amount_cents, p.status, p.stripe_payment_id, p.stripe_status, true;
end;
$$;

/**
 * Service role: records what Stripe says about a PaymentIntent (from a webhook event or a retrieve).
 * - With `event_id`, the event is recorded first; an event seen before changes nothing ('duplicate').
 * - The payment is found by its PaymentIntent id, else by `known_payment_id` (metadata) when its intent id was
 *   never saved; the intent id is then saved.
 * - The status only moves up (pending < failed < completed < refunded), so a late or replayed event can
 *   never move a completed payment back; a canceled PaymentIntent stays canceled.
 * Returns the outcome (applied | unchanged | duplicate | unknown_payment) with the payment's status.
 */
create or replace function api.payment_record_stripe_state(
  stripe_payment_id text,
  target_status text,
  stripe_status text default null,
  known_payment_id uuid default null,
  amount_refunded_cents bigint default null,
  occurred_at timestamptz default null,
  event_id text default null,
  event_type text default null)
returns table (outcome text, payment_id uuid, status text)
language plpgsql
set search_path = ''
as $$
#variable_conflict use_column
declare
  p app.payments;
  next_status text;
  next_stripe text;
  result text;
begin
  if target_status not in ('pending', 'failed', 'completed', 'refunded') then
    perform app.fail('22023', 'Unknown payment status', 'status_invalid');
  end if;
  if event_id is not null then
    insert into app.stripe_events (id, type, stripe_created)
    values (event_id, coalesce(event_type, 'unknown'), occurred_at)
    on conflict (id) do nothing;
    if not found then
      return query select 'duplicate'::text, null::uuid, null::text;
      return;
    end if;
  end if;

  select * into p from app.payments x where x.stripe_payment_id = payment_record_stripe_state.stripe_payment_id for update;
  if not found and known_payment_id is not null then
    select * into p from app.payments x
    where x.id = known_payment_id and x.stripe_payment_id is null
    for update;
  end if;
  if p.id is null then
    if event_id is not null then
      update app.stripe_events e set outcome = 'unknown_payment' where e.id = event_id;
    end if;
    return query select 'unknown_payment'::text, null::uuid, null::text;
    return;
  end if;

  next_status := case when app.payment_status_rank(target_status) > app.payment_status_rank(p.status)
    then target_status else p.status end;
  next_stripe := case
    when p.stripe_status = 'canceled' then p.stripe_status
    when app.payment_status_rank(target_status) >= app.payment_status_rank(p.status)
      then coalesce(payment_record_stripe_state.stripe_status, p.stripe_status)
    else p.stripe_status end;

  if next_status is distinct from p.status or next_stripe is distinct from p.stripe_status
     or p.stripe_payment_id is null
     or greatest(p.amount_refunded_cents, coalesce(payment_record_stripe_state.amount_refunded_cents, 0)) <> p.amount_refunded_cents then
    update app.payments x set
      status = next_status,
      stripe_status = next_stripe,
      stripe_payment_id = coalesce(x.stripe_payment_id, payment_record_stripe_state.stripe_payment_id),
      amount_refunded_cents = least(x.amount_cents, greatest(x.amount_refunded_cents, coalesce(payment_record_stripe_state.amount_refunded_cents, 0))),
      payment_date = case when next_status in ('completed', 'refunded') then coalesce(x.payment_date, occurred_at, now())
        else x.payment_date end
    where x.id = p.id;
    result := 'applied';
  else
    result := 'unchanged';
  end if;
  if event_id is not null then
    update app.stripe_events e set outcome = result, payment_id = p.id where e.id = event_id;
  end if;
  return query select result, p.id, next_status;
end;
$$;

revoke execute on function api.payment_quote(uuid, bigint), api.deliverable_detail(uuid), api.payment_for_intent(text),
  api.payment_begin(uuid, bigint),
  api.payment_record_stripe_state(text, text, text, uuid, bigint, timestamptz, text, text) from public, anon;
grant execute on function api.payment_quote(uuid, bigint), api.deliverable_detail(uuid), api.payment_for_intent(text)
  to authenticated;
-- Only the payment functions write payments: never a browser's JWT.
revoke execute on function api.payment_begin(uuid, bigint),
  api.payment_record_stripe_state(text, text, text, uuid, bigint, timestamptz, text, text) from authenticated;
grant execute on function api.payment_begin(uuid, bigint),
  api.payment_record_stripe_state(text, text, text, uuid, bigint, timestamptz, text, text) to service_role;
