-- Applications and their history of events: who applied, who was hired.
-- Current definitions (decision 0039): change them here, then `npm run db:diff` writes the migration.

create or replace function app.count_applications()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if tg_op = 'INSERT' then
    update app.campaigns set application_count = application_count + 1 where id = new.campaign_id;
  elsif tg_op = 'DELETE' then
    update app.campaigns set application_count = greatest(application_count - 1, 0) where id = old.campaign_id;
  end if;
  return null;
end;
$$;

create or replace function app.fill_application()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  select c.brand_id into new.brand_id from app.campaigns c where c.id = new.campaign_id;
  return new;
end;
$$;

create or replace function app.guard_application()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if tg_op = 'INSERT' then
    if new.status <> 'pending' and not app.is_privileged() then
      raise exception 'An application is created pending' using errcode = '22023', detail = 'invalid_status';
    end if;
    return new;
  end if;
  if new.campaign_id is distinct from old.campaign_id or new.creator_id is distinct from old.creator_id
     or new.brand_id is distinct from old.brand_id or new.id is distinct from old.id then
    raise exception 'An application''s parties cannot be changed' using errcode = '42501', detail = 'immutable_owner';
  end if;
  if new.status is distinct from old.status and not app.is_privileged()
     and not (old.status = 'pending' and new.status in ('accepted', 'rejected')) then
    raise exception 'A % application cannot become %', old.status, new.status
      using errcode = 'PT409', detail = 'invalid_transition';
  end if;
  return new;
end;
$$;

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

create table app.applications (
  id uuid default gen_random_uuid() not null,
  campaign_id uuid not null,
  creator_id uuid not null,
  brand_id uuid not null,
  pitch text not null,
  status text default 'pending'::text not null,
  created_at timestamp with time zone default now() not null,
  updated_at timestamp with time zone default now() not null,
  cancel_reason text,
  canceled_at timestamp with time zone,
  constraint applications_pkey primary key (id),
  constraint applications_one_per_creator unique (campaign_id, creator_id),
  constraint applications_brand_id_fkey foreign key (brand_id) references app.profiles(id) on delete cascade,
  constraint applications_campaign_id_fkey foreign key (campaign_id) references app.campaigns(id) on delete cascade,
  constraint applications_creator_id_fkey foreign key (creator_id) references app.profiles(id) on delete cascade,
  constraint applications_cancel_reason_length check (cancel_reason is null or char_length(cancel_reason) <= 1000),
  constraint applications_pitch_length check (char_length(btrim(pitch)) >= 1 and char_length(btrim(pitch)) <= 5000),
  constraint applications_status_valid check (status = any (array['pending'::text, 'accepted'::text, 'rejected'::text, 'canceled'::text]))
);
alter table app.applications add constraint applications_pitch_visible check (not app.is_blank(pitch)) not valid;
alter table app.applications enable row level security;
comment on table app.applications is 'One per creator and campaign. brand_id copies the campaign owner so policies need no join.';
grant all on app.applications to service_role;
grant select, insert on app.applications to authenticated;
grant update (status) on app.applications to authenticated;

create index applications_brand_idx on app.applications using btree (brand_id, status);
create index applications_campaign_idx on app.applications using btree (campaign_id, created_at desc);
create index applications_created_idx on app.applications using btree (created_at desc, id desc);
create index applications_creator_idx on app.applications using btree (creator_id, created_at desc);

create trigger applications_count after insert or delete on app.applications for each row execute function app.count_applications();
create trigger applications_fill before insert on app.applications for each row execute function app.fill_application();
create trigger applications_guard before insert or update on app.applications for each row execute function app.guard_application();
create trigger applications_log_event after insert or update of status on app.applications for each row execute function app.log_application_event();
create trigger applications_set_updated_at before update on app.applications for each row execute function app.set_updated_at();

create policy "Creators apply to active campaigns as themselves" on app.applications
for insert
to authenticated
with check (creator_id = (( select auth.uid() as uid)) and (( select app."current_role"() as "current_role")) = 'creator'::text and app.campaign_is_active(campaign_id));
create policy "Owning brands update applications" on app.applications
for update
to authenticated
using (brand_id = (( select auth.uid() as uid)))
with check (brand_id = (( select auth.uid() as uid)));
create policy "Parties and admins see applications" on app.applications
for select
to authenticated
using (creator_id = (( select auth.uid() as uid)) or brand_id = (( select auth.uid() as uid)) or ( select app.is_admin() as is_admin));

create table app.application_events (
  id bigint generated always as identity,
  application_id uuid not null,
  brand_id uuid,
  creator_id uuid,
  kind text not null,
  actor_id uuid,
  detail jsonb default '{}'::jsonb not null,
  created_at timestamp with time zone default now() not null,
  constraint application_events_pkey primary key (id),
  constraint application_events_actor_id_fkey foreign key (actor_id) references app.profiles(id) on delete set null,
  constraint application_events_application_id_fkey foreign key (application_id) references app.applications(id) on delete cascade,
  constraint application_events_brand_id_fkey foreign key (brand_id) references app.profiles(id) on delete set null,
  constraint application_events_creator_id_fkey foreign key (creator_id) references app.profiles(id) on delete set null,
  constraint application_events_kind_valid check (kind = any (array['applied'::text, 'accepted'::text, 'rejected'::text, 'canceled'::text, 'funded'::text, 'submitted'::text, 'changes_requested'::text, 'resubmitted'::text, 'approved'::text, 'auto_approved'::text, 'content_rejected'::text, 'disputed'::text, 'dispute_withdrawn'::text, 'resolved'::text, 'released'::text, 'refunded'::text, 'reviewed'::text]))
);
alter table app.application_events enable row level security;
comment on table app.application_events is 'What happened to an application, oldest first. actor_id null: the platform (Stripe, the scheduler). brand_id/creator_id copy the parties so the policy needs no join. Written only by app.log_event.';
grant all on app.application_events to service_role;
grant select on app.application_events to authenticated;

create index application_events_actor_idx on app.application_events using btree (actor_id);
create index application_events_application_idx on app.application_events using btree (application_id, id);
create index application_events_brand_idx on app.application_events using btree (brand_id);
create index application_events_brand_time_idx on app.application_events using btree (brand_id, created_at);
create index application_events_creator_idx on app.application_events using btree (creator_id);

create policy "Parties and admins read an application's history" on app.application_events
for select
to authenticated
using (creator_id = (( select auth.uid() as uid)) or brand_id = (( select auth.uid() as uid)) or ( select app.is_admin() as is_admin));

create or replace function app.job_state(application_id uuid)
returns text
language sql
stable
set search_path = ''
as $$
  select case
    when a.status = 'pending' then 'applied'
    when a.status <> 'accepted' then 'closed'
    when e.status in ('awaiting_funding', 'funded', 'disputed', 'refund_pending') then 'active'
    when e.status = 'released' then 'completed'
    when e.status is not null then 'closed'
    -- Before escrow each piece of content was paid on approval: a hire works while it has no content or
    -- its latest content awaits review or changes, and is paid once some content was approved.
    when latest.status is null or latest.status in ('pending', 'submitted', 'changes_requested') then 'active'
    when exists (select 1 from app.deliverables d where d.application_id = a.id and d.status = 'approved') then 'completed'
    else 'closed'
  end
  from app.applications a
  left join app.escrows e on e.application_id = a.id
  left join lateral (select d.status from app.deliverables d where d.application_id = a.id
    order by d.created_at desc, d.id desc limit 1) latest on true
  where a.id = job_state.application_id
$$;
comment on function app.job_state(application_id uuid) is 'applied | active | completed | closed: the one rule for a creator''s job (see 20250120000100_job_states.sql).';
grant execute on function app.job_state(application_id uuid) to authenticated, service_role;

create or replace function app.log_event(
  application_id uuid,
  kind text,
  detail jsonb default '{}'::jsonb,
  at timestamp with time zone default null::timestamp with time zone,
  actor_id uuid default null::uuid,
  by_platform boolean default false
)
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

create or replace function app.set_application_status(application_id uuid, new_status text)
returns void
language plpgsql
set search_path = ''
as $$
declare
  app_row record;
begin
  select a.brand_id, a.status into app_row from app.applications a where a.id = set_application_status.application_id;
  if not found then
    perform app.fail('PT404', 'Application not found', 'application_not_found');
  end if;
  if app_row.brand_id is distinct from (select auth.uid()) then
    perform app.fail('42501', 'Only the campaign owner can update applications', 'not_owner');
  end if;
  if app_row.status <> 'pending' then
    perform app.fail('PT409', format('This application has already been %s', app_row.status), 'invalid_transition');
  end if;
  update app.applications a set status = new_status where a.id = set_application_status.application_id;
end;
$$;
grant execute on function app.set_application_status(application_id uuid, new_status text) to authenticated;

create policy "Users see active campaigns, their own, and those they applied t" on app.campaigns
for select
to authenticated
using (status = 'active'::text or brand_id = (( select auth.uid() as uid)) or ( select app.is_admin() as is_admin) or (exists ( select 1
   from app.applications a
  where a.campaign_id = campaigns.id and a.creator_id = (( select auth.uid() as uid)))));
