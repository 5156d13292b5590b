-- Money that reaches creators (issue 16), part 3: the hire's calls. The payments function checks what
-- the caller may do with their own JWT (the *_quote functions), then writes through the service-role
-- functions (*_begin, *_record), as the card payments of issue 6 already do.

/** The calling brand's hire on one of its applications, for funding: amount, fee, what the creator gets. */
create or replace function api.hire_quote(application_id uuid)
returns table (escrow_id uuid, campaign_id uuid, campaign_title text, brand_id uuid,
  creator_id uuid, creator_name text, amount_cents bigint, fee_bps integer, fee_cents bigint, creator_cents bigint,
  status text)
language plpgsql
stable
set search_path = ''
as $$
#variable_conflict use_column
declare
  a record;
  e app.escrows;
begin
  select x.id, x.brand_id, x.status into a from app.applications x where x.id = hire_quote.application_id;
  if not found then
    perform app.fail('PT404', 'Application not found', 'application_not_found');
  end if;
  if a.brand_id is distinct from (select auth.uid()) then
    perform app.fail('42501', 'Only the brand that hired can fund this hire', 'not_owner');
  end if;
  select * into e from app.escrows x where x.application_id = a.id;
  if not found then
    perform app.fail('PT409', 'This hire needs no funding', 'no_funding_needed');
  end if;
  if e.status in ('funded', 'released', 'refund_pending') then
    perform app.fail('PT409', 'This hire is already funded', 'already_funded');
  end if;
  if e.status <> 'awaiting_funding' then
    perform app.fail('PT409', 'This hire was canceled', 'hire_closed');
  end if;
  -- Stripe's limits for one card payment ($0.50 to $999,999.99), with the card payments' own messages.
  perform app.payment_amount('flat_fee', e.amount_cents, null);
  return query
    select e.id, e.campaign_id, c.title::text, e.brand_id, e.creator_id, p.full_name::text,
      e.amount_cents, e.fee_bps, app.platform_fee(e.amount_cents, e.fee_bps),
      e.amount_cents - app.platform_fee(e.amount_cents, e.fee_bps), e.status
    from (select 1) one
    left join app.campaigns c on c.id = e.campaign_id
    left join app.profiles p on p.id = e.creator_id;
end;
$$;

/**
 * Service role: the open card payment funding this hire, or a new pending one for its amount (same
 * shape and serialization as api.payment_begin: concurrent calls get the same attempt).
 */
create or replace function api.hire_payment_begin(escrow_id uuid)
returns table (payment_id uuid, payment_amount_cents bigint, payment_status text, stripe_payment_id text, stripe_status text, created boolean)
language plpgsql
set search_path = ''
as $$
#variable_conflict use_column
declare
  e app.escrows;
  p app.payments;
begin
  select * into e from app.escrows x where x.id = hire_payment_begin.escrow_id for update;
  if not found then
    perform app.fail('PT404', 'Hire not found', 'hire_not_found');
  end if;
  if e.status <> 'awaiting_funding' then
    perform app.fail('PT409', 'This hire is already funded', 'already_funded');
  end if;
  select * into p from app.payments x
  where x.escrow_id = e.id
    and (x.status = 'pending' or (x.status = 'failed' and x.stripe_status is not null and x.stripe_status <> 'canceled'))
  for update;
  if found then
    return query select p.id, p.amount_cents, p.status, p.stripe_payment_id, p.stripe_status, false;
    return;
  end if;
  insert into app.payments (escrow_id, amount_cents, status, payment_method)
  values (e.id, e.amount_cents, 'pending', 'card')
  returning * into p;
  return query select p.id, p.amount_cents, p.status, p.stripe_payment_id, p.stripe_status, true;
end;
$$;

/**
 * What canceling the calling brand's hire involves: refused once content was submitted; otherwise the
 * card payments to cancel or refund (stripe ids) and the money held.
 */
create or replace function api.cancel_hire_quote(application_id uuid)
returns table (escrow_id uuid, status text, held_cents bigint, open_payment_intent text, paid_payment_intent text)
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
       and (x.status = 'pending' or (x.status = 'failed' and x.stripe_status is not null and x.stripe_status <> 'canceled'))
     order by x.created_at desc limit 1),
    (select x.stripe_payment_id from app.payments x where x.escrow_id = e.id and x.status = 'completed' limit 1);
end;
$$;

/**
 * Service role: cancels a hire (after its open card payment was canceled at Stripe). Unfunded: closed at
 * once ('canceled'). Funded: marked refund_pending with the reason ('refund': the caller refunds the
 * payment at Stripe, and the refund, recorded like any other, empties the escrow and closes the hire).
 */
create or replace function api.cancel_hire_begin(escrow_id uuid, reason text)
returns table (action text, stripe_payment_id text, amount_cents bigint)
language plpgsql
set search_path = ''
as $$
#variable_conflict use_column
declare
  e app.escrows;
  paid app.payments;
begin
  if nullif(btrim(reason), '') is null then
    perform app.fail('22023', 'Tell the creator why you are canceling this hire', 'reason_required');
  end if;
  if char_length(btrim(reason)) > 1000 then
    perform app.fail('22023', 'The reason must be 1000 characters or fewer', 'reason_too_long');
  end if;
  select * into e from app.escrows x where x.id = cancel_hire_begin.escrow_id for update;
  if not found then
    perform app.fail('PT404', 'Hire not found', 'hire_not_found');
  end if;
  if exists (select 1 from app.deliverables d where d.application_id = e.application_id) then
    perform app.fail('PT409', 'Content was already submitted for this hire, so it can no longer be canceled', 'content_submitted');
  end if;
  if e.status = 'awaiting_funding' then
    if exists (select 1 from app.payments x where x.escrow_id = e.id and x.status = 'pending' and x.stripe_status = 'processing') then
      perform app.fail('PT409', 'A payment for this hire is being processed; try again in a moment', 'payment_processing');
    end if;
    update app.escrows x set status = 'canceled', canceled_at = now(), cancel_reason = btrim(reason) where x.id = e.id;
    update app.applications a set status = 'canceled', canceled_at = now(), cancel_reason = btrim(reason)
    where a.id = e.application_id;
    return query select 'canceled'::text, null::text, 0::bigint;
    return;
  end if;
  if e.status not in ('funded', 'refund_pending') then
    perform app.fail('PT409', 'This hire can no longer be canceled', 'hire_closed');
  end if;
  select * into paid from app.payments x where x.escrow_id = e.id and x.status = 'completed' limit 1;
  update app.escrows x set status = 'refund_pending', cancel_reason = btrim(reason) where x.id = e.id;
  return query select 'refund'::text, paid.stripe_payment_id, app.escrow_held(e.id);
end;
$$;

/** Service role: Stripe refused the refund; the hire is funded again (nothing moved). */
create or replace function api.cancel_hire_abort(escrow_id uuid)
returns void
language sql
set search_path = ''
as $$
  update app.escrows x set status = 'funded', cancel_reason = null
  where x.id = cancel_hire_abort.escrow_id and x.status = 'refund_pending'
$$;

/**
 * Service role: a chargeback (a Stripe dispute) on a card payment, from its webhook event. Opened: the
 * disputed amount leaves the Stripe balance, from the hire's escrow while it is held (the hire is frozen),
 * else as the platform's loss. Won: the money comes back the same way. Recorded once per event and once
 * per dispute and direction.
 */
create or replace function app.payment_record_dispute(stripe_payment_id text, dispute_id text, amount_cents bigint,
  dispute_status text, event_id text default null, event_type text default null, occurred_at timestamptz default null)
returns table (outcome text, payment_id uuid)
language plpgsql
security definer
set search_path = ''
as $$
#variable_conflict use_column
declare
  p app.payments;
  e app.escrows;
  from_escrow boolean;
  won boolean := dispute_status = 'won';
  tx uuid;
begin
  if not app.first_delivery(event_id, event_type, occurred_at) then
    return query select 'duplicate'::text, null::uuid;
    return;
  end if;
  select * into p from app.payments x where x.stripe_payment_id = payment_record_dispute.stripe_payment_id for update;
  if not found then
    if event_id is not null then
      update app.stripe_events x set outcome = 'unknown_payment' where x.id = event_id;
    end if;
    return query select 'unknown_payment'::text, null::uuid;
    return;
  end if;
  if p.escrow_id is not null then
    select * into e from app.escrows x where x.id = p.escrow_id for update;
  end if;
  if not won then
    from_escrow := e.id is not null and e.status in ('funded', 'refund_pending') and app.escrow_held(e.id) >= amount_cents;
    tx := app.ledger_post('chargeback', dispute_id,
      jsonb_build_array(
        jsonb_build_object('account', 'stripe_balance', 'amount_cents', -amount_cents),
        case when from_escrow then jsonb_build_object('account', 'escrow', 'escrow_id', e.id, 'amount_cents', amount_cents)
             else jsonb_build_object('account', 'platform_losses', 'amount_cents', amount_cents) end),
      escrow_id => case when from_escrow then e.id end, payment_id => p.id, campaign_id => e.campaign_id,
      creator_id => p.creator_id, brand_id => p.brand_id, stripe_object_id => dispute_id, memo => dispute_status);
    if tx is not null and from_escrow then
      update app.escrows x set status = 'charged_back' where x.id = e.id;
    end if;
  else
    -- A won dispute returns the money where the chargeback took it from.
    select exists (select 1 from app.ledger_entries le join app.ledger_transactions lt on lt.id = le.transaction_id
                   where lt.kind = 'chargeback' and lt.subject_id = dispute_id and le.account = 'escrow') into from_escrow;
    if exists (select 1 from app.ledger_transactions lt where lt.kind = 'chargeback' and lt.subject_id = dispute_id) then
      tx := app.ledger_post('chargeback_reversal', dispute_id,
        jsonb_build_array(
          jsonb_build_object('account', 'stripe_balance', 'amount_cents', amount_cents),
          case when from_escrow then jsonb_build_object('account', 'escrow', 'escrow_id', e.id, 'amount_cents', -amount_cents)
               else jsonb_build_object('account', 'platform_losses', 'amount_cents', -amount_cents) end),
        escrow_id => case when from_escrow then e.id end, payment_id => p.id, campaign_id => e.campaign_id,
        creator_id => p.creator_id, brand_id => p.brand_id, stripe_object_id => dispute_id, memo => dispute_status);
      if tx is not null and from_escrow and e.status = 'charged_back' then
        update app.escrows x set status = 'funded' where x.id = e.id;
      end if;
    end if;
  end if;
  if event_id is not null then
    update app.stripe_events x set outcome = case when tx is null then 'unchanged' else 'applied' end, payment_id = p.id
    where x.id = event_id;
  end if;
  return query select case when tx is null then 'unchanged' else 'applied' end, p.id;
end;
$$;

revoke execute on function app.payment_record_dispute(text, text, bigint, text, text, text, timestamptz)
  from public, anon, authenticated;
grant execute on function app.payment_record_dispute(text, text, bigint, text, text, text, timestamptz) to service_role;

/** Service role: app.payment_record_dispute (the ledger is written only by the money functions of app). */
create or replace function api.payment_record_dispute(stripe_payment_id text, dispute_id text, amount_cents bigint,
  dispute_status text, event_id text default null, event_type text default null, occurred_at timestamptz default null)
returns table (outcome text, payment_id uuid)
language sql
set search_path = ''
as $$
  select * from app.payment_record_dispute(payment_record_dispute.stripe_payment_id, payment_record_dispute.dispute_id,
    payment_record_dispute.amount_cents, payment_record_dispute.dispute_status, payment_record_dispute.event_id,
    payment_record_dispute.event_type, payment_record_dispute.occurred_at)
$$;

/** Checks the creator may submit for this application: refuses an unfunded or closed hire. */
create or replace function app.assert_hire_allows_work(application_id uuid)
returns void
language plpgsql
stable
set search_path = ''
as $$
begin
  if not app.hire_allows_work(application_id) then
    if exists (select 1 from app.escrows e where e.application_id = assert_hire_allows_work.application_id and e.status = 'awaiting_funding') then
      perform app.fail('PT409', 'The brand has not funded this hire yet. You can submit content once it is funded.', 'hire_not_funded');
    end if;
    perform app.fail('PT409', 'This hire was canceled, so content can no longer be submitted', 'hire_closed');
  end if;
end;
$$;
grant execute on function app.assert_hire_allows_work(uuid) to authenticated;

/** The calling creator submits a content URL for their accepted (and, when paid through escrow, funded) application. */
create or replace function api.submit_deliverable(campaign_id uuid, content_url text)
returns uuid
language plpgsql
set search_path = ''
as $$
declare
  app_row record;
  new_id uuid;
begin
  if (select app.current_role()) is distinct from 'creator' then
    perform app.fail('42501', 'Only creators can submit content', 'not_creator');
  end if;
  perform app.validate_content_url(content_url);
  select a.id, a.status into app_row from app.applications a
  where a.campaign_id = submit_deliverable.campaign_id and a.creator_id = (select auth.uid());
  if not found then
    perform app.fail('PT404', 'Could not find your application for this campaign.', 'application_not_found');
  end if;
  if app_row.status <> 'accepted' then
    perform app.fail('PT409', 'You can submit content once your application is accepted.', 'application_not_accepted');
  end if;
  perform app.assert_hire_allows_work(app_row.id);
  insert into app.deliverables (application_id, content_url) values (app_row.id, btrim(content_url))
  returning id into new_id;
  return new_id;
end;
$$;

/**
 * What the calling brand may pay for this deliverable (see 20250105000000_payments_flow.sql), now also
 * refusing content of a hire paid through escrow: its approval released the funded amount, so a second
 * card payment for it would pay the creator twice.
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
  if exists (select 1 from app.escrows e where e.application_id = d.application_id) then
    perform app.fail('PT409', 'This hire is paid through escrow: approving its content releases the payment', 'paid_through_escrow');
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

-- The applications lists carry their hire (null when no funding is involved).
drop function api.my_applications();
create function api.my_applications()
returns table (id uuid, status text, pitch text, created_at timestamptz, updated_at timestamptz, campaign jsonb,
  cancel_reason text, hire jsonb)
language sql
stable
set search_path = ''
as $$
  select a.id, a.status, a.pitch, a.created_at, a.updated_at,
    jsonb_build_object('id', c.id, 'title', c.title, 'compensation_cents', c.compensation_cents,
      'compensation_type', c.compensation_type, 'deadline', c.deadline, 'status', c.status,
      'content_type', c.content_type, 'brand_id', c.brand_id),
    a.cancel_reason, app.hire_json(a.id)
  from app.applications a
  join app.campaigns c on c.id = a.campaign_id
  where a.creator_id = (select auth.uid())
  order by a.created_at desc, a.id desc
$$;

drop function api.campaign_applications(uuid);
create function api.campaign_applications(campaign_id uuid)
returns table (id uuid, status text, pitch text, created_at timestamptz, updated_at timestamptz, creator jsonb,
  cancel_reason text, hire jsonb)
language plpgsql
stable
set search_path = ''
as $$
#variable_conflict use_column
declare
  owner uuid;
begin
  select c.brand_id into owner from app.campaigns c where c.id = campaign_applications.campaign_id;
  if not found then
    perform app.fail('PT404', 'Campaign not found', 'campaign_not_found');
  end if;
  if owner is distinct from (select auth.uid()) and not (select app.is_admin()) then
    perform app.fail('42501', 'Only the campaign owner can see its applications', 'not_owner');
  end if;
  return query
    select a.id, a.status, a.pitch, a.created_at, a.updated_at,
      jsonb_build_object('id', p.id, 'full_name', p.full_name, 'username', p.username, 'avatar_url', p.avatar_url),
      a.cancel_reason, app.hire_json(a.id)
    from app.applications a
    join app.profiles p on p.id = a.creator_id
    where a.campaign_id = campaign_applications.campaign_id
    order by a.created_at desc, a.id desc;
end;
$$;

drop function api.application_deliverables(uuid);
create function api.application_deliverables(application_id uuid)
returns table (id uuid, content_url text, feedback text, status text,
  created_at timestamptz, updated_at timestamptz, review_due_at timestamptz)
language plpgsql
stable
set search_path = ''
as $$
#variable_conflict use_column
begin
  if not exists (select 1 from app.applications a where a.id = application_deliverables.application_id) then
    perform app.fail('PT404', 'Application not found', 'application_not_found');
  end if;
  return query
    select d.id, d.content_url, d.feedback, d.status, d.created_at, d.updated_at, d.review_due_at
    from app.deliverables d
    where d.application_id = application_deliverables.application_id
    order by d.created_at desc, d.id desc;
end;
$$;

drop function api.deliverable_detail(uuid);
create function api.deliverable_detail(deliverable_id uuid)
returns table (id uuid, content_url text, status text, feedback text, created_at timestamptz, updated_at timestamptz,
  campaign_id uuid, campaign_title text, compensation_type text, compensation_cents bigint,
  brand_id uuid, brand_name text, creator_id uuid, creator_name text,
  payment_id uuid, payment_status text, payment_amount_cents bigint, payment_date timestamptz, payment_created_at timestamptz,
  review_due_at timestamptz, hire jsonb)
language sql
stable
set search_path = ''
as $$
  select d.id, d.content_url, d.status, d.feedback, d.created_at, d.updated_at,
    d.campaign_id, c.title, c.compensation_type, c.compensation_cents,
    d.brand_id, coalesce(bp.company_name, br.full_name), d.creator_id, cr.full_name,
    p.id, p.status, p.amount_cents, p.payment_date, p.created_at,
    d.review_due_at, app.hire_json(d.application_id)
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

drop function api.payment_for_intent(text);
create function api.payment_for_intent(stripe_payment_id text)
returns table (payment_id uuid, deliverable_id uuid, campaign_title text, amount_cents bigint, status text,
  application_id uuid, campaign_id uuid)
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
    select p.id, p.deliverable_id, c.title, p.amount_cents, p.status, coalesce(d.application_id, e.application_id), c.id
    from (select 1) one
    left join app.deliverables d on d.id = p.deliverable_id
    left join app.escrows e on e.id = p.escrow_id
    left join app.campaigns c on c.id = coalesce(d.campaign_id, e.campaign_id);
end;
$$;

revoke execute on function api.hire_quote(uuid), api.hire_payment_begin(uuid), api.cancel_hire_quote(uuid),
  api.cancel_hire_begin(uuid, text), api.cancel_hire_abort(uuid),
  api.payment_record_dispute(text, text, bigint, text, text, text, timestamptz), api.run_auto_approvals(timestamptz),
  api.my_applications(), api.campaign_applications(uuid), api.application_deliverables(uuid),
  api.deliverable_detail(uuid), api.payment_for_intent(text)
  from public, anon;
grant execute on function api.hire_quote(uuid), api.cancel_hire_quote(uuid), api.my_applications(),
  api.campaign_applications(uuid), api.application_deliverables(uuid), api.deliverable_detail(uuid),
  api.payment_for_intent(text)
  to authenticated;
-- Only the payment functions and the scheduler write: never a browser's JWT.
revoke execute on function api.hire_payment_begin(uuid), api.cancel_hire_begin(uuid, text), api.cancel_hire_abort(uuid),
  api.payment_record_dispute(text, text, bigint, text, text, text, timestamptz), api.run_auto_approvals(timestamptz)
  from authenticated;
grant execute on function api.hire_payment_begin(uuid), api.cancel_hire_begin(uuid, text), api.cancel_hire_abort(uuid),
  api.payment_record_dispute(text, text, bigint, text, text, text, timestamptz), api.run_auto_approvals(timestamptz)
  to service_role;
