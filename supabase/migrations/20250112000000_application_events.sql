-- Trust between strangers (issue 17), part 1: each application's history, written by the database as
-- things happen (triggers on the rows that change), never by a client. The later parts of this issue
-- (revision rounds, disputes, reviews) add their own events through app.log_event.

create table app.application_events (
  id bigint generated always as identity primary key,
  application_id uuid not null references app.applications (id) on delete cascade,
  brand_id uuid references app.profiles (id) on delete set null,
  creator_id uuid references app.profiles (id) on delete set null,
  kind text not null,
  actor_id uuid references app.profiles (id) on delete set null,
  detail jsonb not null default '{}'::jsonb,
  created_at timestamptz not null default now(),
  constraint application_events_kind_valid check (kind in (
    'applied', 'accepted', 'rejected', 'canceled', 'funded', 'submitted', 'changes_requested', 'resubmitted',
    'approved', 'auto_approved', 'content_rejected', 'disputed', 'dispute_withdrawn', 'resolved', 'released',
    'refunded', 'reviewed'))
);
comment on table app.application_events is
  'What happened to an application, oldest first. actor_id null: the platform (Stripe, the scheduler). '
  'brand_id/creator_id copy the parties so the policy needs no join. Written only by app.log_event.';
create index application_events_application_idx on app.application_events (application_id, id);
create index application_events_brand_idx on app.application_events (brand_id);
create index application_events_creator_idx on app.application_events (creator_id);
create index application_events_actor_idx on app.application_events (actor_id);
alter table app.application_events enable row level security;
grant select on app.application_events to authenticated;
grant all on app.application_events to service_role;
create policy "Parties and admins read an application's history" on app.application_events
  for select to authenticated
  using (creator_id = (select auth.uid()) or brand_id = (select auth.uid()) or (select app.is_admin()));

/**
 * Appends an event to an application's history: by actor_id when given, else by the signed-in user;
 * by_platform records no person (Stripe, the scheduler, money the platform moves).
 */
create or replace function app.log_event(application_id uuid, kind text, detail jsonb default '{}'::jsonb,
  at timestamptz default null, actor_id uuid default null, by_platform boolean default false)
returns void
language sql
security definer
set search_path = ''
as $$
  insert into app.application_events (application_id, brand_id, creator_id, kind, actor_id, detail, created_at)
  select a.id, a.brand_id, a.creator_id, log_event.kind,
    case when not coalesce(log_event.by_platform, false)
      then coalesce(log_event.actor_id, (select p.id from app.profiles p where p.id = (select auth.uid()))) end,
    coalesce(log_event.detail, '{}'::jsonb), coalesce(log_event.at, now())
  from app.applications a
  where a.id = log_event.application_id
$$;
revoke execute on function app.log_event(uuid, text, jsonb, timestamptz, uuid, boolean) from public, anon, authenticated;

/** Trigger: an application's own steps (applied; accepted, rejected or canceled). */
create or replace function app.log_application_event()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if tg_op = 'INSERT' then
    perform app.log_event(new.id, 'applied', '{}'::jsonb, new.created_at, new.creator_id);
    if new.status in ('accepted', 'rejected', 'canceled') then
      perform app.log_event(new.id, new.status, '{}'::jsonb, new.updated_at, new.brand_id);
    end if;
  elsif new.status is distinct from old.status and new.status in ('accepted', 'rejected', 'canceled') then
    if new.status = 'canceled' then
      -- The brand cancels with a reason (through the payments function, as the service role); a refund
      -- from Stripe's side closes the hire without one: that is the platform's doing.
      perform app.log_event(new.id, 'canceled', jsonb_build_object('reason', new.cancel_reason),
        actor_id => case when new.cancel_reason is not null then new.brand_id end, by_platform => new.cancel_reason is null);
    else
      perform app.log_event(new.id, new.status);
    end if;
  end if;
  return null;
end;
$$;
create trigger applications_log_event after insert or update of status on app.applications
  for each row execute function app.log_application_event();

/** Trigger: a hire's money steps (funded, released, refunded). */
create or replace function app.log_escrow_event()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  net bigint;
  fee bigint;
begin
  if new.application_id is null or new.status is not distinct from old.status then
    return null;
  end if;
  if new.status = 'funded' and old.status = 'awaiting_funding' then
    -- At now(), not funded_at: that is the card payment's time at Stripe, in whole seconds, which can read
    -- earlier than the acceptance it followed.
    perform app.log_event(new.application_id, 'funded', jsonb_build_object('amount_cents', new.amount_cents),
      now(), new.brand_id);
  elsif new.status = 'released' then
    select -sum(e.amount_cents) filter (where e.account = 'creator_available'),
           -sum(e.amount_cents) filter (where e.account = 'platform_fees')
      into net, fee
    from app.ledger_entries e join app.ledger_transactions t on t.id = e.transaction_id
    where t.escrow_id = new.id and t.kind = 'release';
    perform app.log_event(new.application_id, 'released',
      jsonb_build_object('amount_cents', net, 'fee_cents', fee, 'reason', new.release_reason),
      by_platform => true);
  elsif new.status = 'refunded' then
    perform app.log_event(new.application_id, 'refunded',
      jsonb_build_object('amount_cents', (select coalesce(sum(p.amount_refunded_cents), 0) from app.payments p where p.escrow_id = new.id)),
      by_platform => true);
  end if;
  return null;
end;
$$;
create trigger escrows_log_event after update of status on app.escrows
  for each row execute function app.log_escrow_event();

/** The history of one application, oldest first, for its two parties and admins. */
create or replace function api.application_events(application_id uuid)
returns table (id bigint, kind text, actor_id uuid, actor_name text, actor_role text, created_at timestamptz, detail jsonb)
language plpgsql
stable
set search_path = ''
as $$
#variable_conflict use_column
begin
  if not exists (select 1 from app.applications a where a.id = application_events.application_id) then
    perform app.fail('PT404', 'Application not found', 'application_not_found');
  end if;
  return query
    select ev.id, ev.kind, ev.actor_id,
      case when p.role = 'brand' then coalesce(b.company_name, p.full_name) else p.full_name end, p.role,
      ev.created_at, ev.detail
    from app.application_events ev
    left join app.profiles p on p.id = ev.actor_id
    left join app.brand_profiles b on b.user_id = ev.actor_id
    where ev.application_id = application_events.application_id
    order by ev.created_at, ev.id;
end;
$$;
revoke execute on function api.application_events(uuid) from public, anon;
grant execute on function api.application_events(uuid) to authenticated;
