-- Escrow: payments, the hire (escrow) they fund, Stripe events, releases and auto-approval.
-- This file: the api functions and types (the Data API); the tables are in ../escrow.sql.
-- Current definitions (decision 0039): change them here, then `npm run db:diff` writes the migration.

create or replace function api.brand_licences(as_of timestamp with time zone default null::timestamp with time zone)
returns table (
  application_id uuid,
  campaign_id uuid,
  campaign_title text,
  creator_id uuid,
  creator_name text,
  content_url text,
  usage_kind text,
  usage_platforms text[],
  usage_territory text[],
  usage_price_cents bigint,
  exclusivity_category text,
  exclusivity_days integer,
  starts_at timestamp with time zone,
  ends_at timestamp with time zone,
  days_left integer,
  status text
)
language plpgsql
stable
set search_path = ''
as $$
#variable_conflict use_column
declare
  at_time timestamp with time zone := coalesce(as_of, now());
begin
  if (select auth.uid()) is null then
    perform app.fail('42501', 'Sign in first', 'not_signed_in');
  end if;
  -- Runs as the caller: the licences', campaigns' and deliverables' policies apply besides the brand filter.
  return query
    select l.application_id, l.campaign_id, c.title::text, l.creator_id, p.full_name::text,
      (select d.content_url from app.deliverables d where d.application_id = l.application_id
        order by (d.status = 'approved') desc, d.created_at desc limit 1),
      l.usage_kind, l.usage_platforms, l.usage_territory, l.usage_price_cents, l.exclusivity_category,
      l.exclusivity_days, l.starts_at, e.ends_at,
      app.licence_days_left(e.ends_at, at_time), app.licence_status(e.ends_at, at_time)
    from app.hire_licences l
    cross join lateral (select app.licence_end(l.application_id) as ends_at) e
    join app.applications a on a.id = l.application_id and a.status = 'accepted'
    left join app.campaigns c on c.id = l.campaign_id
    left join app.profiles p on p.id = l.creator_id
    where l.brand_id = (select auth.uid())
    order by e.ends_at, l.application_id;
end;
$$;
comment on function api.brand_licences(as_of timestamp with time zone) is 'The caller brand''s licences of standing hires, soonest ending first: creator, latest content link (approved first), the agreed terms, the end (app.licence_end: renewals included), days_left and status (active / ending_soon / expired) from app.licence_days_left and app.licence_status; as_of defaults to now.';
grant execute on function api.brand_licences(as_of timestamp with time zone) to authenticated;

create or replace function api.cancel_hire_abort(escrow_id uuid)
returns void
language sql
set search_path = ''
as $$
  update app.escrows x set status = 'funded', cancel_reason = null
  where x.id = cancel_hire_abort.escrow_id and x.status = 'refund_pending'
$$;
grant execute on function api.cancel_hire_abort(escrow_id uuid) to service_role;

create or replace function api.cancel_hire_begin(escrow_id uuid, reason text)
returns table(action text, stripe_payment_id text, amount_cents bigint)
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
grant execute on function api.cancel_hire_begin(escrow_id uuid, reason text) to service_role;

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

create or replace function api.decide_licence_renewal(renewal_id uuid, accept boolean)
returns void
language plpgsql
set search_path = ''
as $$
declare
  r app.licence_renewals;
begin
  if (select auth.uid()) is null then
    perform app.fail('42501', 'Sign in first', 'not_signed_in');
  end if;
  select * into r from app.licence_renewals x where x.id = decide_licence_renewal.renewal_id;
  if not found then
    perform app.fail('PT404', 'Renewal offer not found', 'renewal_not_found');
  end if;
  if r.creator_id <> (select auth.uid()) then
    perform app.fail('42501', 'Only the hired creator decides a renewal', 'not_owner');
  end if;
  if r.status <> 'offered' then
    perform app.fail('PT409', 'This renewal offer was already decided', 'renewal_decided');
  end if;
  if not exists (select 1 from app.applications a where a.id = r.application_id and a.status = 'accepted') then
    perform app.fail('PT409', 'This hire was canceled', 'hire_closed');
  end if;
  update app.licence_renewals x set status = case when decide_licence_renewal.accept then 'accepted' else 'declined' end,
    decided_at = now()
  where x.id = r.id and x.status = 'offered';
end;
$$;
comment on function api.decide_licence_renewal(renewal_id uuid, accept boolean) is 'The hired creator accepts or declines a renewal offer. Codes: renewal_not_found, not_owner, renewal_decided, hire_closed.';
grant execute on function api.decide_licence_renewal(renewal_id uuid, accept boolean) to authenticated;

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

create or replace function api.hire_quote(application_id uuid)
returns table (
  escrow_id uuid,
  campaign_id uuid,
  campaign_title text,
  brand_id uuid,
  creator_id uuid,
  creator_name text,
  amount_cents bigint,
  fee_bps integer,
  fee_cents bigint,
  creator_cents bigint,
  status text,
  content_cents bigint,
  licence_cents bigint
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
      e.amount_cents - app.platform_fee(e.amount_cents, e.fee_bps), e.status,
      coalesce(x.content_cents, e.amount_cents), coalesce(x.licence_cents, 0)
    from (select 1) one
    left join app.campaigns c on c.id = e.campaign_id
    left join app.profiles p on p.id = e.creator_id
    left join lateral app.hire_amount_parts(e.application_id, e.amount_cents) x on true;
end;
$$;
grant execute on function api.hire_quote(application_id uuid) to authenticated;

create or replace function api.licence_renewals(of_application uuid default null::uuid)
returns table (
  id uuid,
  application_id uuid,
  campaign_id uuid,
  campaign_title text,
  brand_name text,
  creator_name text,
  term_days integer,
  price_cents bigint,
  status text,
  created_at timestamp with time zone,
  decided_at timestamp with time zone,
  funded_at timestamp with time zone,
  ends_at timestamp with time zone,
  licence_ends_at timestamp with time zone
)
language plpgsql
stable
set search_path = ''
as $$
#variable_conflict use_column
begin
  if (select auth.uid()) is null then
    perform app.fail('42501', 'Sign in first', 'not_signed_in');
  end if;
  return query
    select r.id, r.application_id, a.campaign_id, c.title::text, app.display_name(r.brand_id)::text,
      app.display_name(r.creator_id)::text, r.term_days, r.price_cents, r.status, r.created_at, r.decided_at,
      r.funded_at, r.ends_at, app.licence_end(r.application_id)
    from app.licence_renewals r
    join app.applications a on a.id = r.application_id
    left join app.campaigns c on c.id = a.campaign_id
    where (of_application is null or r.application_id = of_application)
      and (r.brand_id = (select auth.uid()) or r.creator_id = (select auth.uid()))
    order by r.created_at desc, r.id;
end;
$$;
comment on function api.licence_renewals(of_application uuid) is 'The caller''s renewal offers as brand or hired creator, newest first, optionally of one hire: campaign, both parties'' display names, term, price, status (offered / accepted / declined), when it was funded and the end it gives, and the licence''s current end (app.licence_end).';
grant execute on function api.licence_renewals(of_application uuid) to authenticated;

create or replace function api.offer_licence_renewal(application_id uuid, term_days integer, price_cents bigint)
returns uuid
language plpgsql
set search_path = ''
as $$
declare
  a record;
  new_id uuid;
begin
  if (select auth.uid()) is null then
    perform app.fail('42501', 'Sign in first', 'not_signed_in');
  end if;
  select x.id, x.brand_id, x.creator_id, x.status into a from app.applications x where x.id = offer_licence_renewal.application_id;
  if not found or not exists (select 1 from app.hire_licences l where l.application_id = a.id) then
    perform app.fail('PT404', 'This hire no longer exists', 'hire_not_found');
  end if;
  if a.brand_id <> (select auth.uid()) then
    perform app.fail('42501', 'Only the brand that hired can renew the licence', 'not_owner');
  end if;
  if a.status <> 'accepted' then
    perform app.fail('PT409', 'This hire was canceled', 'hire_closed');
  end if;
  if offer_licence_renewal.term_days is null or offer_licence_renewal.term_days <= 0 or offer_licence_renewal.term_days > 3650 then
    perform app.fail('22023', 'A renewal must last between 1 and 3650 days', 'renewal_term_invalid');
  end if;
  if not app.price_chargeable(offer_licence_renewal.price_cents) then
    perform app.fail('22023', 'A renewal costs $0.00, or from $0.50 to $999,999.99', 'renewal_price_invalid');
  end if;
  if exists (select 1 from app.licence_renewals r where r.application_id = a.id and r.status = 'offered') then
    perform app.fail('PT409', 'A renewal offer is already waiting for the creator', 'renewal_pending');
  end if;
  insert into app.licence_renewals (application_id, brand_id, creator_id, term_days, price_cents)
  values (a.id, a.brand_id, a.creator_id, offer_licence_renewal.term_days, offer_licence_renewal.price_cents)
  returning id into new_id;
  return new_id;
end;
$$;
comment on function api.offer_licence_renewal(application_id uuid, term_days integer, price_cents bigint) is 'The brand offers to renew a standing hire''s licence for term_days at price_cents. Codes: hire_not_found (deleted hire), not_owner, hire_closed (canceled hire), renewal_term_invalid, renewal_price_invalid, renewal_pending.';
grant execute on function api.offer_licence_renewal(application_id uuid, term_days integer, price_cents bigint) to authenticated;

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

create or replace function api.payment_for_intent(stripe_payment_id text)
returns table (
  payment_id uuid,
  deliverable_id uuid,
  campaign_title text,
  amount_cents bigint,
  status text,
  application_id uuid,
  campaign_id uuid
)
language plpgsql
stable
set search_path = ''
as $$
#variable_conflict use_column
declare
  p app.payments;
  app_id uuid;
  camp_id uuid;
  title text;
begin
  select * into p from app.payments x where x.stripe_payment_id = payment_for_intent.stripe_payment_id;
  if not found then
    perform app.fail('PT404', 'Payment not found', 'payment_not_found');
  end if;
  if p.brand_id is distinct from (select auth.uid()) then
    perform app.fail('42501', 'Only the paying brand can check this payment', 'not_payer');
  end if;
  if p.deliverable_id is not null then
    select d.application_id, d.campaign_id into app_id, camp_id from app.deliverables d where d.id = p.deliverable_id;
  end if;
  if p.renewal_id is not null then
    select a.id, a.campaign_id into app_id, camp_id
    from app.licence_renewals r join app.applications a on a.id = r.application_id where r.id = p.renewal_id;
  end if;
  if p.escrow_id is not null and (app_id is null or camp_id is null) then
    select coalesce(app_id, e.application_id), coalesce(camp_id, e.campaign_id) into app_id, camp_id
    from app.escrows e where e.id = p.escrow_id;
  end if;
  if camp_id is not null then
    select c.id, c.title into camp_id, title from app.campaigns c where c.id = camp_id;
    if not found then
      camp_id := null;
    end if;
  end if;
  return query select p.id, p.deliverable_id, title, p.amount_cents, p.status, app_id, camp_id;
end;
$$;
grant execute on function api.payment_for_intent(stripe_payment_id text) to authenticated;

create or replace function api.payment_history(
  before_at timestamp with time zone default null::timestamp with time zone,
  before_id uuid default null::uuid,
  page_size integer default 1000
)
returns table (
  id uuid,
  amount_cents bigint,
  currency text,
  status text,
  payment_method text,
  payment_date timestamp with time zone,
  created_at timestamp with time zone,
  deliverable_id uuid,
  campaign_id uuid,
  campaign_title text,
  creator_id uuid,
  creator_name text,
  brand_id uuid,
  brand_name text
)
language plpgsql
stable
set search_path = ''
as $$
declare
  me uuid := (select auth.uid());
  -- No cursor is a cursor past every row: the comparison stays one index condition in a cached plan (an
  -- "is null or" would be a filter, and a custom plan per call cost more than the page: 4 ms of planning).
  cursor_at timestamp with time zone := coalesce(before_at, 'infinity'::timestamp with time zone);
  cursor_id uuid := coalesce(before_id, 'ffffffff-ffff-ffff-ffff-ffffffffffff'::uuid);
begin
  perform app.check_page_size(page_size);
  if (before_at is null) <> (before_id is null) then
    perform app.fail('22023', 'A page starts after both the time and the id of the last payment shown', 'cursor_invalid');
  end if;
  return query
    with mine as (
      -- Each leg walks its index from the cursor; a payment is the brand's or the creator's, never both.
      (select x.* from app.payments x
       where x.brand_id = me
         and (coalesce(x.payment_date, x.created_at), x.id) < (cursor_at, cursor_id)
       order by coalesce(x.payment_date, x.created_at) desc, x.id desc
       limit page_size)
      union all
      (select x.* from app.payments x
       where x.creator_id = me and x.brand_id is distinct from me
         and (coalesce(x.payment_date, x.created_at), x.id) < (cursor_at, cursor_id)
       order by coalesce(x.payment_date, x.created_at) desc, x.id desc
       limit page_size)
    )
    select p.id, p.amount_cents, p.currency, p.status, p.payment_method, p.payment_date, p.created_at,
      coalesce(p.deliverable_id, hd.id), coalesce(d.campaign_id, e.campaign_id, ra.campaign_id), coalesce(cd.title, ce.title, cr2.title), p.creator_id, cr.full_name, p.brand_id,
      coalesce(bp.company_name, br.full_name)
    from mine p
    left join app.deliverables d on d.id = p.deliverable_id
    left join app.escrows e on e.id = p.escrow_id
    left join lateral (
      select x.id from app.deliverables x where x.application_id = e.application_id
      order by x.created_at desc, x.id desc limit 1
    ) hd on p.deliverable_id is null
    left join app.campaigns cd on cd.id = d.campaign_id
    left join app.campaigns ce on ce.id = e.campaign_id and d.id is null
    left join app.licence_renewals lr on lr.id = p.renewal_id
    left join app.applications ra on ra.id = lr.application_id
    left join app.campaigns cr2 on cr2.id = ra.campaign_id
    left join app.profiles cr on cr.id = p.creator_id
    left join app.profiles br on br.id = p.brand_id
    left join app.brand_profiles bp on bp.user_id = p.brand_id
    order by coalesce(p.payment_date, p.created_at) desc, p.id desc
    limit page_size;
end;
$$;
comment on function api.payment_history(before_at timestamp with time zone, before_id uuid, page_size integer) is 'What the caller paid (brand) or received (creator), newest first, page_size (1..1000) at a time after the cursor (before_at = payment_date or created_at, before_id) of the last row shown. Codes: page_size_invalid, cursor_invalid.';
grant execute on function api.payment_history(before_at timestamp with time zone, before_id uuid, page_size integer) to authenticated;

create or replace function api.payment_quote(deliverable_id uuid, amount_cents bigint default null::bigint)
returns table (
  campaign_id uuid,
  campaign_title text,
  compensation_type text,
  brand_id uuid,
  creator_id uuid,
  payable_cents bigint
)
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
  -- An escrow holding only a licence (a product or performance hire, decision 0056) leaves the content's
  -- money to "Pay creator".
  if exists (select 1 from app.escrows e, app.hire_amount_parts(e.application_id, e.amount_cents) x
             where e.application_id = d.application_id and x.content_cents > 0) then
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
grant execute on function api.payment_quote(deliverable_id uuid, amount_cents bigint) to authenticated;

create or replace function api.payment_record_dispute(
  stripe_payment_id text,
  dispute_id text,
  amount_cents bigint,
  dispute_status text,
  event_id text default null::text,
  event_type text default null::text,
  occurred_at timestamp with time zone default null::timestamp with time zone
)
returns table(outcome text, payment_id uuid)
language sql
set search_path = ''
as $$
  select * from app.payment_record_dispute(payment_record_dispute.stripe_payment_id, payment_record_dispute.dispute_id,
    payment_record_dispute.amount_cents, payment_record_dispute.dispute_status, payment_record_dispute.event_id,
    payment_record_dispute.event_type, payment_record_dispute.occurred_at)
$$;
grant execute on function api.payment_record_dispute(stripe_payment_id text, dispute_id text, amount_cents bigint, dispute_status text, event_id text, event_type text, occurred_at timestamp with time zone) to service_role;

create or replace function api.payment_record_stripe_state(
  stripe_payment_id text,
  target_status text,
  stripe_status text default null::text,
  known_payment_id uuid default null::uuid,
  amount_refunded_cents bigint default null::bigint,
  occurred_at timestamp with time zone default null::timestamp with time zone,
  event_id text default null::text,
  event_type text default null::text
)
returns table(outcome text, payment_id uuid, status text)
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
grant execute on function api.payment_record_stripe_state(stripe_payment_id text, target_status text, stripe_status text, known_payment_id uuid, amount_refunded_cents bigint, occurred_at timestamp with time zone, event_id text, event_type text) to service_role;

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

create or replace function api.renewal_quote(renewal_id uuid)
returns table (
  id uuid,
  application_id uuid,
  campaign_id uuid,
  campaign_title text,
  brand_id uuid,
  creator_id uuid,
  creator_name text,
  term_days integer,
  amount_cents bigint,
  fee_cents bigint,
  creator_cents bigint
)
language plpgsql
stable
set search_path = ''
as $$
#variable_conflict use_column
declare
  r app.licence_renewals;
  fee bigint;
begin
  if (select auth.uid()) is null then
    perform app.fail('42501', 'Sign in first', 'not_signed_in');
  end if;
  -- Runs as the caller: only the two parties (and admins) see the row.
  select * into r from app.licence_renewals x where x.id = renewal_quote.renewal_id;
  if not found then
    perform app.fail('PT404', 'Renewal offer not found', 'renewal_not_found');
  end if;
  if r.brand_id is distinct from (select auth.uid()) then
    perform app.fail('42501', 'Only the brand that offered the renewal pays for it', 'not_owner');
  end if;
  if not exists (select 1 from app.applications a where a.id = r.application_id) then
    perform app.fail('PT404', 'This hire no longer exists', 'hire_not_found');
  end if;
  if not exists (select 1 from app.applications a where a.id = r.application_id and a.status = 'accepted') then
    perform app.fail('PT409', 'This hire was canceled', 'hire_closed');
  end if;
  if r.status <> 'accepted' then
    perform app.fail('PT409', 'Only a renewal the creator accepted can be paid', 'renewal_not_accepted');
  end if;
  if r.funded_at is not null then
    perform app.fail('PT409', 'This renewal is already funded', 'already_funded');
  end if;
  -- Stripe's limits for one card payment, with the card payments' own messages.
  perform app.payment_amount('flat_fee', r.price_cents, null);
  fee := app.platform_fee(r.price_cents, coalesce(
    (select x.fee_bps from app.escrows x where x.application_id = r.application_id), (select s.fee_bps from app.platform_settings s)));
  return query
    select r.id, r.application_id, a.campaign_id, c.title::text, r.brand_id, r.creator_id, p.full_name::text,
      r.term_days, r.price_cents, fee, r.price_cents - fee
    from app.applications a
    left join app.campaigns c on c.id = a.campaign_id
    left join app.profiles p on p.id = r.creator_id
    where a.id = r.application_id;
end;
$$;
comment on function api.renewal_quote(renewal_id uuid) is 'What the brand pays to fund an accepted renewal (decision 0060): price, fee (the hire''s rate) and the creator''s part. Codes: not_signed_in, renewal_not_found, not_owner, hire_not_found, hire_closed, renewal_not_accepted, already_funded, and the card amount limits.';
grant execute on function api.renewal_quote(renewal_id uuid) to authenticated;

create or replace function api.run_auto_approvals(as_of timestamp with time zone default null::timestamp with time zone)
returns integer
language sql
set search_path = ''
as $$
  select app.auto_approve_due(coalesce(run_auto_approvals.as_of, now()))
$$;
grant execute on function api.run_auto_approvals(as_of timestamp with time zone) to service_role;
