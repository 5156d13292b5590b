-- Disputes and their messages, and how they move a hire and its money.
-- Current definitions (decision 0039): change them here, then `npm run db:diff` writes the migration.

create or replace function app.guard_dispute()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  e app.escrows;
begin
  if tg_op = 'INSERT' then
    select * into e from app.escrows x where x.id = new.escrow_id for update;
    new.application_id := e.application_id;
    new.brand_id := e.brand_id;
    new.creator_id := e.creator_id;
    if e.status = 'disputed' or exists (select 1 from app.disputes d where d.escrow_id = e.id and d.status in ('open', 'resolving')) then
      perform app.fail('PT409', 'A dispute is already open on this hire', 'dispute_open');
    end if;
    if e.status is distinct from 'funded' or app.escrow_held(e.id) <= 0 then
      perform app.fail('PT409', 'A dispute can be opened only while the payment is held in escrow', 'not_held');
    end if;
    if (select auth.role()) = 'authenticated' then
      -- What a user writes is only the opening: who they are decides the side; no decision yet.
      new.opened_by_role := case when new.opened_by = e.brand_id then 'brand' else 'creator' end;
      new.status := 'open';
      new.outcome := null;
      new.creator_cents := null;
      new.brand_cents := null;
      new.resolution_note := null;
      new.resolved_by := null;
      new.resolved_at := null;
      new.withdrawn_at := null;
      new.created_at := now();
    end if;
    return new;
  end if;
  -- A party's account deleted sets its column to null (on delete set null): that is the only change allowed.
  if new.escrow_id is distinct from old.escrow_id
     or (new.opened_by is distinct from old.opened_by and new.opened_by is not null)
     or (new.brand_id is distinct from old.brand_id and new.brand_id is not null)
     or (new.creator_id is distinct from old.creator_id and new.creator_id is not null) then
    perform app.fail('42501', 'A dispute''s parties cannot be changed', 'immutable_owner');
  end if;
  if (select auth.role()) = 'authenticated'
     and new.status is distinct from old.status and not (old.status = 'open' and new.status = 'withdrawn') then
    perform app.fail('PT409', 'This dispute is no longer open', 'dispute_closed');
  end if;
  if new.status = 'withdrawn' and old.status <> 'withdrawn' then
    new.withdrawn_at := now();
  end if;
  return new;
end;
$$;

create or replace function app.dispute_moves_hire()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if tg_op = 'INSERT' then
    update app.escrows x set status = 'disputed' where x.id = new.escrow_id;
    perform app.log_event(new.application_id, 'disputed', jsonb_build_object('reason', new.reason, 'dispute_id', new.id),
      new.created_at, new.opened_by);
  elsif new.status = 'withdrawn' and old.status = 'open' then
    update app.escrows x set status = 'funded' where x.id = new.escrow_id and x.status = 'disputed';
    update app.deliverables d
    set review_due_at = now() + make_interval(hours => (select s.review_window_hours from app.platform_settings s))
    where d.application_id = new.application_id and d.status in ('pending', 'submitted');
    perform app.log_event(new.application_id, 'dispute_withdrawn', jsonb_build_object('dispute_id', new.id));
  elsif new.status = 'resolved' and old.status <> 'resolved' then
    perform app.log_event(new.application_id, 'resolved',
      jsonb_build_object('dispute_id', new.id, 'outcome', new.outcome, 'creator_cents', new.creator_cents,
        'brand_cents', new.brand_cents, 'note', new.resolution_note),
      new.resolved_at, new.resolved_by);
  end if;
  return null;
end;
$$;

create table app.disputes (
  id uuid default gen_random_uuid() not null,
  escrow_id uuid not null,
  application_id uuid,
  brand_id uuid,
  creator_id uuid,
  opened_by uuid,
  opened_by_role text not null,
  reason text not null,
  details text not null,
  evidence_urls text[] default '{}'::text[] not null,
  status text default 'open'::text not null,
  outcome text,
  creator_cents bigint,
  brand_cents bigint,
  resolution_note text,
  resolved_by uuid,
  resolved_at timestamp with time zone,
  withdrawn_at timestamp with time zone,
  created_at timestamp with time zone default now() not null,
  updated_at timestamp with time zone default now() not null,
  constraint disputes_pkey primary key (id),
  constraint disputes_application_id_fkey foreign key (application_id) references app.applications(id) on delete cascade,
  constraint disputes_brand_id_fkey foreign key (brand_id) references app.profiles(id) on delete set null,
  constraint disputes_creator_id_fkey foreign key (creator_id) references app.profiles(id) on delete set null,
  constraint disputes_escrow_id_fkey foreign key (escrow_id) references app.escrows(id) on delete cascade,
  constraint disputes_opened_by_fkey foreign key (opened_by) references app.profiles(id) on delete set null,
  constraint disputes_resolved_by_fkey foreign key (resolved_by) references app.profiles(id) on delete set null,
  constraint disputes_details_length check (char_length(btrim(details)) >= 1 and char_length(btrim(details)) <= 5000),
  constraint disputes_evidence_count check (cardinality(evidence_urls) <= 10),
  constraint disputes_opened_by_role_valid check (opened_by_role = any (array['brand'::text, 'creator'::text])),
  constraint disputes_outcome_valid check (outcome is null or (outcome = any (array['release'::text, 'refund'::text, 'split'::text]))),
  constraint disputes_reason_valid check (reason = any (array['not_delivered'::text, 'not_as_agreed'::text, 'quality'::text, 'missed_deadline'::text, 'unresponsive'::text, 'other'::text])),
  constraint disputes_resolution_note_length check (resolution_note is null or char_length(resolution_note) <= 1000),
  constraint disputes_split_positive check (creator_cents is null or creator_cents >= 0 and brand_cents >= 0),
  constraint disputes_status_valid check (status = any (array['open'::text, 'resolving'::text, 'resolved'::text, 'withdrawn'::text]))
);
alter table app.disputes enable row level security;
comment on table app.disputes is 'A disagreement about a funded hire''s money, mediated by an admin. One open at a time per hire.';
grant all on app.disputes to service_role;
grant select, insert on app.disputes to authenticated;
grant update (status) on app.disputes to authenticated;

create index disputes_application_idx on app.disputes using btree (application_id, created_at desc);
create index disputes_brand_idx on app.disputes using btree (brand_id);
create index disputes_creator_idx on app.disputes using btree (creator_id);
create unique index disputes_one_active_per_escrow on app.disputes using btree (escrow_id) where (status = any (array['open'::text, 'resolving'::text]));
create index disputes_opened_by_idx on app.disputes using btree (opened_by);
create index disputes_queue_idx on app.disputes using btree (created_at, id) where (status = any (array['open'::text, 'resolving'::text]));
create index disputes_resolved_by_idx on app.disputes using btree (resolved_by);

create trigger disputes_guard before insert or update on app.disputes for each row execute function app.guard_dispute();
create trigger disputes_move_hire after insert or update of status on app.disputes for each row execute function app.dispute_moves_hire();
create trigger disputes_set_updated_at before update on app.disputes for each row execute function app.set_updated_at();

create policy "Parties and admins read disputes" on app.disputes
for select
to authenticated
using (creator_id = (( select auth.uid() as uid)) or brand_id = (( select auth.uid() as uid)) or ( select app.is_admin() as is_admin));
create policy "Parties open disputes as themselves" on app.disputes
for insert
to authenticated
with check (opened_by = (( select auth.uid() as uid)) and (creator_id = (( select auth.uid() as uid)) or brand_id = (( select auth.uid() as uid))));
create policy "Whoever opened a dispute may withdraw it" on app.disputes
for update
to authenticated
using (opened_by = (( select auth.uid() as uid)))
with check (opened_by = (( select auth.uid() as uid)));

create or replace function app.can_see_dispute(dispute_id uuid)
returns boolean
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  return exists (select 1 from app.disputes d where d.id = can_see_dispute.dispute_id
                 and (select auth.uid()) in (d.brand_id, d.creator_id))
      or app.is_admin();
end;
$$;
grant execute on function app.can_see_dispute(dispute_id uuid) to authenticated;

create or replace function app.dispute_is_active(dispute_id uuid)
returns boolean
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  return exists (select 1 from app.disputes d where d.id = dispute_is_active.dispute_id and d.status in ('open', 'resolving'));
end;
$$;
grant execute on function app.dispute_is_active(dispute_id uuid) to authenticated;

create table app.dispute_messages (
  id uuid default gen_random_uuid() not null,
  dispute_id uuid not null,
  author_id uuid,
  body text not null,
  created_at timestamp with time zone default now() not null,
  constraint dispute_messages_pkey primary key (id),
  constraint dispute_messages_author_id_fkey foreign key (author_id) references app.profiles(id) on delete set null,
  constraint dispute_messages_dispute_id_fkey foreign key (dispute_id) references app.disputes(id) on delete cascade,
  constraint dispute_messages_body_length check (char_length(btrim(body)) >= 1 and char_length(btrim(body)) <= 4000)
);
alter table app.dispute_messages enable row level security;
comment on table app.dispute_messages is 'The thread of a dispute: its two parties and admins.';
grant all on app.dispute_messages to service_role;
grant select, insert on app.dispute_messages to authenticated;

create index dispute_messages_author_idx on app.dispute_messages using btree (author_id);
create index dispute_messages_dispute_idx on app.dispute_messages using btree (dispute_id, created_at);

create policy "Parties and admins read a dispute's thread" on app.dispute_messages
for select
to authenticated
using (( select app.can_see_dispute(dispute_messages.dispute_id) as can_see_dispute));
create policy "Parties and admins write in an active dispute's thread as thems" on app.dispute_messages
for insert
to authenticated
with check (author_id = (( select auth.uid() as uid)) and ( select app.can_see_dispute(dispute_messages.dispute_id) as can_see_dispute) and ( select app.dispute_is_active(dispute_messages.dispute_id) as dispute_is_active));

create or replace function app.chargeback_ends_dispute()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if new.status = 'charged_back' and old.status is distinct from 'charged_back' then
    update app.disputes d set status = 'withdrawn', resolution_note = 'charged back by the card''s bank'
    where d.escrow_id = new.id and d.status = 'open';
  end if;
  return null;
end;
$$;

create or replace function app.resolve_dispute_finish(dispute_id uuid)
returns table(outcome text, creator_cents bigint, brand_cents bigint)
language plpgsql
security definer
set search_path = ''
as $$
#variable_conflict use_column
declare
  d app.disputes;
  e app.escrows;
  held bigint;
  fee bigint;
begin
  select * into d from app.disputes x where x.id = resolve_dispute_finish.dispute_id for update;
  if not found then
    perform app.fail('PT404', 'Dispute not found', 'dispute_not_found');
  end if;
  if d.status = 'resolved' then
    return query select d.outcome, d.creator_cents, d.brand_cents;
    return;
  end if;
  if d.status <> 'resolving' then
    perform app.fail('PT409', 'This dispute was already resolved or withdrawn', 'dispute_closed');
  end if;
  select * into e from app.escrows x where x.id = d.escrow_id for update;
  held := app.escrow_held(e.id);
  if held <> d.creator_cents then
    perform app.fail('PT409', 'The brand''s refund is not recorded yet', 'refund_not_recorded');
  end if;
  -- The decision first, then the money it moves (the history reads in that order).
  update app.disputes x set status = 'resolved', resolved_at = now() where x.id = d.id;
  if held > 0 then
    fee := app.platform_fee(held, e.fee_bps);
    -- Kind 'release' with the hire as subject: a hire is released once, by approval or by a decision.
    perform app.ledger_post('release', e.id::text,
      jsonb_build_array(
        jsonb_build_object('account', 'escrow', 'escrow_id', e.id, 'amount_cents', held),
        jsonb_build_object('account', 'creator_available', 'amount_cents', -(held - fee)),
        jsonb_build_object('account', 'platform_fees', 'amount_cents', -fee)),
      escrow_id => e.id, campaign_id => e.campaign_id, creator_id => e.creator_id, brand_id => e.brand_id,
      memo => format('dispute %s: %s; fee %s bps', d.id, d.outcome, e.fee_bps));
    update app.escrows x set status = 'released', released_at = now(), release_reason = 'dispute' where x.id = e.id;
  else
    update app.escrows x set status = 'refunded', refunded_at = now() where x.id = e.id;
  end if;
  update app.deliverables x set review_due_at = null where x.application_id = d.application_id;
  return query select d.outcome, d.creator_cents, d.brand_cents;
end;
$$;
grant execute on function app.resolve_dispute_finish(dispute_id uuid) to service_role;

create or replace function app.validate_dispute(reason text, details text, evidence_urls text[])
returns void
language plpgsql
immutable
set search_path = ''
as $$
begin
  if reason is null or reason not in ('not_delivered', 'not_as_agreed', 'quality', 'missed_deadline', 'unresponsive', 'other') then
    perform app.fail('22023', 'Choose a reason', 'reason_invalid');
  end if;
  if app.is_blank(details) then
    perform app.fail('22023', 'Describe the problem', 'details_required');
  end if;
  if char_length(btrim(details)) > 5000 then
    perform app.fail('22023', 'The description must be 5000 characters or fewer', 'details_too_long');
  end if;
  if cardinality(evidence_urls) > 10 then
    perform app.fail('22023', 'Add at most 10 links', 'evidence_too_many');
  end if;
  if exists (select 1 from unnest(coalesce(evidence_urls, '{}')) u
             where btrim(u) !~* '^https?://[^[:space:]]+$' or char_length(btrim(u)) > 2000) then
    perform app.fail('22023', 'Evidence links must start with http:// or https://', 'evidence_invalid');
  end if;
end;
$$;
grant execute on function app.validate_dispute(reason text, details text, evidence_urls text[]) to authenticated;

create trigger escrows_chargeback_ends_dispute after update of status on app.escrows for each row execute function app.chargeback_ends_dispute();
