-- Disputes and their messages, and how they move a hire and its money.
-- This file: the api functions and types (the Data API); the tables are in ../disputes.sql.
-- Current definitions (decision 0039): change them here, then `npm run db:diff` writes the migration.

create or replace function api.admin_dispute_queue(
  page_size integer default 50,
  after_opened_at timestamp with time zone default null::timestamp with time zone,
  after_id uuid default null::uuid
)
returns table (
  id uuid,
  application_id uuid,
  deliverable_id uuid,
  campaign_title text,
  brand_name text,
  creator_name text,
  reason text,
  opened_by_role text,
  status text,
  amount_cents bigint,
  held_cents bigint,
  created_at timestamp with time zone
)
language plpgsql
stable
set search_path = ''
as $$
#variable_conflict use_column
begin
  perform app.assert_admin();
  if page_size is null or page_size < 1 or page_size > 200 then
    perform app.fail('22023', 'The page size must be between 1 and 200', 'page_size_invalid');
  end if;
  if after_id is not null and after_opened_at is null then
    perform app.fail('22023', 'A cursor''s id needs its time (after_opened_at)', 'cursor_invalid');
  end if;
  return query
    select d.id, d.application_id,
      (select x.id from app.deliverables x where x.application_id = d.application_id order by x.created_at desc, x.id desc limit 1),
      c.title,
      case when bp.role = 'brand' then coalesce(bb.company_name, bp.full_name) else bp.full_name end,
      case when cp.role = 'brand' then coalesce(cb.company_name, cp.full_name) else cp.full_name end,
      d.reason, d.opened_by_role, d.status,
      e.amount_cents, app.escrow_held(e.id), d.created_at
    from (
      -- The page first, from disputes_queue_idx (no cursor: from -infinity, every dispute); then its details.
      select x.* from app.disputes x
      where x.status in ('open', 'resolving')
        and (x.created_at, x.id) > (coalesce(admin_dispute_queue.after_opened_at, '-infinity'::timestamptz),
                                    coalesce(admin_dispute_queue.after_id, 'ffffffff-ffff-ffff-ffff-ffffffffffff'::uuid))
      order by x.created_at, x.id
      limit admin_dispute_queue.page_size
    ) d
    join app.escrows e on e.id = d.escrow_id
    left join app.campaigns c on c.id = e.campaign_id
    -- The parties' names as app.display_name gives them (every signed-in user reads profiles), joined
    -- instead of two function calls a row.
    left join app.profiles bp on bp.id = d.brand_id
    left join app.brand_profiles bb on bb.user_id = d.brand_id
    left join app.profiles cp on cp.id = d.creator_id
    left join app.brand_profiles cb on cb.user_id = d.creator_id
    order by d.created_at, d.id;
end;
$$;
grant execute on function api.admin_dispute_queue(page_size integer, after_opened_at timestamp with time zone, after_id uuid) to authenticated;

create or replace function api.hire_dispute(application_id uuid)
returns table (
  can_open boolean,
  id uuid,
  status text,
  reason text,
  details text,
  evidence_urls text[],
  opened_by uuid,
  opened_by_role text,
  opened_by_name text,
  created_at timestamp with time zone,
  amount_cents bigint,
  held_cents bigint,
  outcome text,
  creator_cents bigint,
  brand_cents bigint,
  resolution_note text,
  resolved_at timestamp with time zone,
  resolved_by_name text,
  withdrawn_at timestamp with time zone,
  messages jsonb
)
language plpgsql
stable
set search_path = ''
as $$
#variable_conflict use_column
declare
  a record;
  uid uuid := (select auth.uid());
begin
  select x.id, x.brand_id, x.creator_id into a from app.applications x where x.id = hire_dispute.application_id;
  if not found then
    perform app.fail('PT404', 'Application not found', 'application_not_found');
  end if;
  return query
    select
      uid in (a.brand_id, a.creator_id) and e.status = 'funded' and app.escrow_held(e.id) > 0,
      d.id, d.status, d.reason, d.details, d.evidence_urls, d.opened_by, d.opened_by_role, app.display_name(d.opened_by),
      d.created_at, e.amount_cents, case when e.id is not null then app.escrow_held(e.id) end, d.outcome, d.creator_cents,
      d.brand_cents, d.resolution_note, d.resolved_at, app.display_name(d.resolved_by), d.withdrawn_at,
      coalesce((select jsonb_agg(jsonb_build_object('id', m.id, 'author_id', m.author_id,
                  'author_name', app.display_name(m.author_id), 'author_role', app.role_of(m.author_id),
                  'body', m.body, 'created_at', m.created_at) order by m.created_at, m.id)
                from app.dispute_messages m where m.dispute_id = d.id), '[]'::jsonb)
    from (select 1) one
    left join app.escrows e on e.application_id = a.id
    left join lateral (select * from app.disputes x where x.application_id = a.id order by x.created_at desc limit 1) d on true;
end;
$$;
grant execute on function api.hire_dispute(application_id uuid) to authenticated;

create or replace function api.open_dispute(application_id uuid, reason text, details text, evidence_urls text[] default '{}'::text[])
returns uuid
language plpgsql
set search_path = ''
as $$
declare
  a record;
  e_id uuid;
  new_id uuid;
  uid uuid := (select auth.uid());
begin
  select x.id, x.brand_id, x.creator_id into a from app.applications x where x.id = open_dispute.application_id;
  if not found then
    perform app.fail('PT404', 'Application not found', 'application_not_found');
  end if;
  if uid is null or uid not in (a.brand_id, a.creator_id) then
    perform app.fail('42501', 'Only the brand and the creator of this hire can open a dispute', 'not_party');
  end if;
  perform app.validate_dispute(reason, details, evidence_urls);
  select e.id into e_id from app.escrows e where e.application_id = a.id;
  if e_id is null then
    perform app.fail('PT409', 'A dispute can be opened only while the payment is held in escrow', 'not_held');
  end if;
  insert into app.disputes (escrow_id, opened_by, opened_by_role, reason, details, evidence_urls, brand_id, creator_id)
  values (e_id, uid, case when uid = a.brand_id then 'brand' else 'creator' end, open_dispute.reason,
    btrim(open_dispute.details),
    coalesce((select array_agg(btrim(u)) from unnest(open_dispute.evidence_urls) u where btrim(u) <> ''), '{}'),
    a.brand_id, a.creator_id)
  returning id into new_id;
  return new_id;
exception
  when unique_violation then
    perform app.fail('PT409', 'A dispute is already open on this hire', 'dispute_open');
end;
$$;
grant execute on function api.open_dispute(application_id uuid, reason text, details text, evidence_urls text[]) to authenticated;

create or replace function api.post_dispute_message(dispute_id uuid, body text)
returns uuid
language plpgsql
set search_path = ''
as $$
declare
  d app.disputes;
  new_id uuid;
begin
  select * into d from app.disputes x where x.id = post_dispute_message.dispute_id;
  if not found then
    perform app.fail('PT404', 'Dispute not found', 'dispute_not_found');
  end if;
  if app.is_blank(body) then
    perform app.fail('22023', 'Message cannot be empty', 'body_required');
  end if;
  if char_length(btrim(body)) > 4000 then
    perform app.fail('22023', 'Message is too long (4000 characters at most)', 'body_too_long');
  end if;
  if d.status not in ('open', 'resolving') then
    perform app.fail('PT409', 'This dispute is no longer open', 'dispute_closed');
  end if;
  insert into app.dispute_messages (dispute_id, author_id, body)
  values (d.id, (select auth.uid()), btrim(body))
  returning id into new_id;
  return new_id;
end;
$$;
grant execute on function api.post_dispute_message(dispute_id uuid, body text) to authenticated;

create or replace function api.resolve_dispute_abort(dispute_id uuid)
returns void
language sql
set search_path = ''
as $$
  update app.disputes x set status = 'open', outcome = null, creator_cents = null, brand_cents = null,
    resolution_note = null, resolved_by = null
  where x.id = resolve_dispute_abort.dispute_id and x.status = 'resolving'
    and not exists (select 1 from app.payments p where p.escrow_id = x.escrow_id and p.amount_refunded_cents > 0)
$$;
grant execute on function api.resolve_dispute_abort(dispute_id uuid) to service_role;

create or replace function api.resolve_dispute_begin(dispute_id uuid, outcome text, creator_cents bigint, brand_cents bigint, note text, admin_id uuid)
returns table(escrow_id uuid, creator_share_cents bigint, brand_share_cents bigint, stripe_payment_id text)
language plpgsql
set search_path = ''
as $$
#variable_conflict use_column
declare
  d app.disputes;
  held bigint;
begin
  if app.is_blank(note) then
    perform app.fail('22023', 'Explain the decision to both sides', 'note_required');
  end if;
  if char_length(btrim(note)) > 1000 then
    perform app.fail('22023', 'The note must be 1000 characters or fewer', 'note_too_long');
  end if;
  select * into d from app.disputes x where x.id = resolve_dispute_begin.dispute_id for update;
  if not found then
    perform app.fail('PT404', 'Dispute not found', 'dispute_not_found');
  end if;
  if d.status = 'resolving' and d.outcome = resolve_dispute_begin.outcome and d.creator_cents = resolve_dispute_begin.creator_cents then
    return query select d.escrow_id, d.creator_cents, d.brand_cents,
      (select p.stripe_payment_id from app.payments p where p.escrow_id = d.escrow_id and p.status in ('completed', 'refunded') limit 1);
    return;
  end if;
  if d.status <> 'open' then
    perform app.fail('PT409', 'This dispute was already resolved or withdrawn', 'dispute_closed');
  end if;
  perform 1 from app.escrows e where e.id = d.escrow_id for update;
  held := app.escrow_held(d.escrow_id);
  if creator_cents < 0 or brand_cents < 0 or creator_cents + brand_cents <> held then
    perform app.fail('22023', 'The shares must add up to the money held', 'split_invalid');
  end if;
  update app.disputes x set status = 'resolving', outcome = resolve_dispute_begin.outcome,
    creator_cents = resolve_dispute_begin.creator_cents, brand_cents = resolve_dispute_begin.brand_cents,
    resolution_note = btrim(note), resolved_by = admin_id
  where x.id = d.id;
  return query select d.escrow_id, resolve_dispute_begin.creator_cents, resolve_dispute_begin.brand_cents,
    (select p.stripe_payment_id from app.payments p where p.escrow_id = d.escrow_id and p.status = 'completed' limit 1);
end;
$$;
grant execute on function api.resolve_dispute_begin(dispute_id uuid, outcome text, creator_cents bigint, brand_cents bigint, note text, admin_id uuid) to service_role;

create or replace function api.resolve_dispute_finish(dispute_id uuid)
returns table(outcome text, creator_cents bigint, brand_cents bigint)
language sql
set search_path = ''
as $$
  select * from app.resolve_dispute_finish(resolve_dispute_finish.dispute_id)
$$;
grant execute on function api.resolve_dispute_finish(dispute_id uuid) to service_role;

create or replace function api.resolve_dispute_quote(dispute_id uuid, outcome text, creator_cents bigint default null::bigint)
returns table (
  escrow_id uuid,
  held_cents bigint,
  creator_share_cents bigint,
  brand_share_cents bigint,
  stripe_payment_id text,
  admin_id uuid
)
language plpgsql
stable
set search_path = ''
as $$
#variable_conflict use_column
declare
  d app.disputes;
  held bigint;
  share bigint;
begin
  if not (select app.is_admin()) then
    perform app.fail('42501', 'Only admins can resolve disputes', 'not_admin');
  end if;
  select * into d from app.disputes x where x.id = resolve_dispute_quote.dispute_id;
  if not found then
    perform app.fail('PT404', 'Dispute not found', 'dispute_not_found');
  end if;
  if outcome is null or outcome not in ('release', 'refund', 'split') then
    perform app.fail('22023', 'Outcome must be release, refund or split', 'outcome_invalid');
  end if;
  if d.status = 'resolving' then
    return query select d.escrow_id, d.creator_cents + d.brand_cents, d.creator_cents, d.brand_cents,
      (select p.stripe_payment_id from app.payments p where p.escrow_id = d.escrow_id and p.status in ('completed', 'refunded') limit 1),
      (select auth.uid());
    return;
  end if;
  if d.status <> 'open' then
    perform app.fail('PT409', 'This dispute was already resolved or withdrawn', 'dispute_closed');
  end if;
  held := app.escrow_held(d.escrow_id);
  share := case outcome when 'release' then held when 'refund' then 0 else resolve_dispute_quote.creator_cents end;
  if outcome = 'split' and (share is null or share <= 0 or share >= held) then
    perform app.fail('22023', 'The creator''s share must be more than $0.00 and less than the money held', 'split_invalid');
  end if;
  return query select d.escrow_id, held, share, held - share,
    (select p.stripe_payment_id from app.payments p where p.escrow_id = d.escrow_id and p.status = 'completed' limit 1),
    (select auth.uid());
end;
$$;
grant execute on function api.resolve_dispute_quote(dispute_id uuid, outcome text, creator_cents bigint) to authenticated;

create or replace function api.withdraw_dispute(dispute_id uuid)
returns void
language plpgsql
set search_path = ''
as $$
declare
  d app.disputes;
begin
  select * into d from app.disputes x where x.id = withdraw_dispute.dispute_id;
  if not found then
    perform app.fail('PT404', 'Dispute not found', 'dispute_not_found');
  end if;
  if d.opened_by is distinct from (select auth.uid()) then
    perform app.fail('42501', 'Only whoever opened the dispute can withdraw it', 'not_opener');
  end if;
  if d.status <> 'open' then
    perform app.fail('PT409', 'This dispute is no longer open', 'dispute_closed');
  end if;
  update app.disputes x set status = 'withdrawn' where x.id = d.id and x.status = 'open';
  if not found then
    perform app.fail('PT409', 'This dispute is no longer open', 'dispute_closed');
  end if;
end;
$$;
grant execute on function api.withdraw_dispute(dispute_id uuid) to authenticated;
