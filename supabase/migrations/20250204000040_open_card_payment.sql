-- One way to open a card payment (helper-noted duplicate, session 21): the deliverable's, the hire's and the
-- renewal's payment_begin each repeated "reuse the open attempt or insert a pending one", and the meaning of
-- an open attempt was written out four times (the three, and cancel_hire_quote's intent to cancel).

create index payments_renewal_idx on app.payments using btree (renewal_id);

create or replace function app.payment_attempt_open(status text, stripe_status text)
returns boolean
language sql
immutable
set search_path = ''
as $$
  -- Pending, or failed at a step Stripe can still complete (a declined card leaves the intent open for
  -- another card): the attempt a retry reuses, so it never opens a second charge.
  select status = 'pending' or (status = 'failed' and stripe_status is not null and stripe_status <> 'canceled');
$$;
comment on function app.payment_attempt_open(status text, stripe_status text) is 'Whether a payment attempt is still open at Stripe: pending, or failed on an intent that is not canceled.';
grant execute on function app.payment_attempt_open(status text, stripe_status text) to authenticated, service_role;

create or replace function app.open_card_payment(
  deliverable_id uuid default null::uuid,
  escrow_id uuid default null::uuid,
  renewal_id uuid default null::uuid,
  amount_cents bigint default null::bigint
)
returns table (
  payment_id uuid,
  payment_amount_cents bigint,
  payment_status text,
  stripe_payment_id text,
  stripe_status text,
  created boolean
)
language plpgsql
set search_path = ''
as $$
#variable_conflict use_column
declare
  p app.payments;
begin
  -- One subject is named: the content, the hire's escrow or the renewal a payment is for; the caller has
  -- locked it, so two retries at once find the same attempt.
  if num_nonnulls(open_card_payment.deliverable_id, open_card_payment.escrow_id, open_card_payment.renewal_id) <> 1 then
    perform app.fail('22023', 'A card payment is for exactly one deliverable, escrow or renewal', 'payment_subject_invalid');
  end if;
  select * into p from app.payments x
  where (x.deliverable_id = open_card_payment.deliverable_id
      or x.escrow_id = open_card_payment.escrow_id
      or x.renewal_id = open_card_payment.renewal_id)
    and app.payment_attempt_open(x.status, x.stripe_status)
  order by x.created_at desc
  limit 1
  for update;
  if found then
    return query select p.id, p.amount_cents, p.status, p.stripe_payment_id, p.stripe_status, false;
    return;
  end if;
  insert into app.payments (deliverable_id, escrow_id, renewal_id, amount_cents, status, payment_method)
  values (open_card_payment.deliverable_id, open_card_payment.escrow_id, open_card_payment.renewal_id, open_card_payment.amount_cents, 'pending', 'card')
  returning * into p;
  return query select p.id, p.amount_cents, p.status, p.stripe_payment_id, p.stripe_status, true;
end;
$$;
comment on function app.open_card_payment(deliverable_id uuid, escrow_id uuid, renewal_id uuid, amount_cents bigint) is 'The one open card payment of a deliverable, a hire''s escrow or a licence renewal: the open attempt reused, or a new pending one for amount_cents.';
grant execute on function app.open_card_payment(deliverable_id uuid, escrow_id uuid, renewal_id uuid, amount_cents bigint) to service_role;

create or replace function api.payment_begin(deliverable_id uuid, amount_cents bigint)
returns table (
  payment_id uuid,
  payment_amount_cents bigint,
  payment_status text,
  stripe_payment_id text,
  stripe_status text,
  created boolean
)
language plpgsql
set search_path = ''
as $$
#variable_conflict use_column
begin
  perform 1 from app.deliverables d where d.id = payment_begin.deliverable_id for update;
  if not found then
    perform app.fail('PT404', 'Deliverable not found', 'deliverable_not_found');
  end if;
  if exists (select 1 from app.payments x where x.deliverable_id = payment_begin.deliverable_id and x.status = 'completed') then
    perform app.fail('PT409', 'This content has already been paid', 'already_paid');
  end if;
  return query select * from app.open_card_payment(deliverable_id => payment_begin.deliverable_id, amount_cents => payment_begin.amount_cents);
end;
$$;
grant execute on function api.payment_begin(deliverable_id uuid, amount_cents bigint) to service_role;

create or replace function api.hire_payment_begin(escrow_id uuid)
returns table (
  payment_id uuid,
  payment_amount_cents bigint,
  payment_status text,
  stripe_payment_id text,
  stripe_status text,
  created boolean
)
language plpgsql
set search_path = ''
as $$
#variable_conflict use_column
declare
  e app.escrows;
begin
  select * into e from app.escrows x where x.id = hire_payment_begin.escrow_id for update;
  if not found then
    perform app.fail('PT404', 'Hire not found', 'hire_not_found');
  end if;
  if e.status <> 'awaiting_funding' then
    perform app.fail('PT409', 'This hire is already funded', 'already_funded');
  end if;
  return query select * from app.open_card_payment(escrow_id => e.id, amount_cents => e.amount_cents);
end;
$$;
grant execute on function api.hire_payment_begin(escrow_id uuid) to service_role;

create or replace function api.renewal_payment_begin(renewal_id uuid)
returns table (
  payment_id uuid,
  payment_amount_cents bigint,
  payment_status text,
  stripe_payment_id text,
  stripe_status text,
  created boolean
)
language plpgsql
set search_path = ''
as $$
#variable_conflict use_column
declare
  r app.licence_renewals;
begin
  select * into r from app.licence_renewals x where x.id = renewal_payment_begin.renewal_id for update;
  if not found then
    perform app.fail('PT404', 'Renewal offer not found', 'renewal_not_found');
  end if;
  if r.funded_at is not null then
    perform app.fail('PT409', 'This renewal is already funded', 'already_funded');
  end if;
  return query select * from app.open_card_payment(renewal_id => r.id, amount_cents => r.price_cents);
end;
$$;
comment on function api.renewal_payment_begin(renewal_id uuid) is 'Service role (the payments function, after api.renewal_quote checked the brand): the renewal''s one open card payment, created or reused.';
grant execute on function api.renewal_payment_begin(renewal_id uuid) to service_role;

create or replace function api.cancel_hire_quote(application_id uuid)
returns table (
  escrow_id uuid,
  status text,
  held_cents bigint,
  open_payment_intent text,
  paid_payment_intent text
)
language plpgsql
stable
set search_path = ''
as $$
#variable_conflict use_column
declare
  a record;
  e app.escrows;
begin
  select x.id, x.brand_id into a from app.applications x where x.id = cancel_hire_quote.application_id;
  if not found then
    perform app.fail('PT404', 'Application not found', 'application_not_found');
  end if;
  if a.brand_id is distinct from (select auth.uid()) then
    perform app.fail('42501', 'Only the brand that hired can cancel this hire', 'not_owner');
  end if;
  select * into e from app.escrows x where x.application_id = a.id;
  if not found then
    perform app.fail('PT409', 'Only a hire paid through escrow can be canceled here', 'no_escrow');
  end if;
  if e.status = 'refund_pending' then
    perform app.fail('PT409', 'A refund for this hire is already under way', 'refund_pending');
  end if;
  if e.status not in ('awaiting_funding', 'funded') then
    perform app.fail('PT409', 'This hire can no longer be canceled', 'hire_closed');
  end if;
  if exists (select 1 from app.deliverables d where d.application_id = a.id) then
    perform app.fail('PT409', 'Content was already submitted for this hire, so it can no longer be canceled', 'content_submitted');
  end if;
  return query select e.id, e.status, app.escrow_held(e.id),
    (select x.stripe_payment_id from app.payments x where x.escrow_id = e.id and x.stripe_payment_id is not null
       and app.payment_attempt_open(x.status, x.stripe_status)
     order by x.created_at desc limit 1),
    (select x.stripe_payment_id from app.payments x where x.escrow_id = e.id and x.status = 'completed' limit 1);
end;
$$;
grant execute on function api.cancel_hire_quote(application_id uuid) to authenticated;
