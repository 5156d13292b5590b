-- Content and revision rounds: the deliverables a hired creator submits and the brand reviews.
-- Current definitions (decision 0039): change them here, then `npm run db:diff` writes the migration.

create or replace function app.track_deliverable_rounds()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  -- coalesce: on a connection that never set it, current_setting(..., true) is null, not ''.
  auto boolean := coalesce(current_setting('app.approval_kind', true), '') = 'auto_approved';
  next_round integer;
begin
  if tg_op = 'INSERT' then
    -- Content written already decided (data loads, the seed) keeps its decision.
    insert into app.deliverable_rounds (deliverable_id, application_id, brand_id, creator_id, round, content_url, note, submitted_at,
      decision, feedback, decided_at)
    values (new.id, new.application_id, new.brand_id, new.creator_id, 1, new.content_url, new.note, new.created_at,
      case when new.status in ('changes_requested', 'approved', 'rejected') then new.status end,
      case when new.status in ('changes_requested', 'approved', 'rejected') then new.feedback end,
      case when new.status in ('changes_requested', 'approved', 'rejected') then new.updated_at end);
    perform app.log_event(new.application_id, 'submitted',
      jsonb_build_object('round', 1, 'content_url', new.content_url, 'deliverable_id', new.id), new.created_at, new.creator_id);
    return null;
  end if;
  if old.status = 'changes_requested' and new.status in ('pending', 'submitted') then
    select coalesce(max(r.round), 0) + 1 into next_round from app.deliverable_rounds r where r.deliverable_id = new.id;
    insert into app.deliverable_rounds (deliverable_id, application_id, brand_id, creator_id, round, content_url, note)
    values (new.id, new.application_id, new.brand_id, new.creator_id, next_round, new.content_url, new.note);
    perform app.log_event(new.application_id, 'resubmitted',
      jsonb_build_object('round', next_round, 'content_url', new.content_url, 'note', new.note, 'deliverable_id', new.id),
      null, new.creator_id);
  elsif new.status in ('pending', 'submitted') and (new.content_url is distinct from old.content_url or new.note is distinct from old.note) then
    update app.deliverable_rounds r set content_url = new.content_url, note = new.note
    where r.deliverable_id = new.id and r.decision is null
      and r.round = (select max(x.round) from app.deliverable_rounds x where x.deliverable_id = new.id);
  elsif new.status in ('changes_requested', 'approved', 'rejected') and old.status in ('pending', 'submitted') then
    update app.deliverable_rounds r set
      decision = case when new.status = 'approved' and auto then 'auto_approved' else new.status end,
      feedback = new.feedback,
      decided_by = case when auto then null else (select p.id from app.profiles p where p.id = (select auth.uid())) end,
      decided_at = now()
    where r.deliverable_id = new.id and r.decision is null;
    perform app.log_event(new.application_id,
      case new.status when 'approved' then case when auto then 'auto_approved' else 'approved' end
                      when 'rejected' then 'content_rejected' else 'changes_requested' end,
      jsonb_build_object('round', (select max(x.round) from app.deliverable_rounds x where x.deliverable_id = new.id),
        'feedback', new.feedback, 'deliverable_id', new.id),
      by_platform => auto);
  end if;
  return null;
end;
$$;

create or replace function app.require_approved_draft()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if not app.is_privileged() then
    perform app.assert_draft_approved(new.application_id);
  end if;
  return new;
end;
$$;

create or replace function app.fill_deliverable()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  select a.campaign_id, a.creator_id, a.brand_id into new.campaign_id, new.creator_id, new.brand_id
  from app.applications a where a.id = new.application_id;
  return new;
end;
$$;

create or replace function app.guard_deliverable()
returns trigger
language plpgsql
set search_path = ''
as $$
declare
  uid uuid := (select auth.uid());
begin
  if tg_op = 'INSERT' then
    if new.status <> 'pending' and not app.is_privileged() then
      raise exception 'A deliverable is created pending' using errcode = '22023', detail = 'invalid_status';
    end if;
    return new;
  end if;
  if tg_op = 'DELETE' then
    if old.status = 'approved' and not app.is_privileged() then
      raise exception 'Approved content cannot be deleted' using errcode = 'PT409', detail = 'invalid_transition';
    end if;
    return old;
  end if;
  if new.application_id is distinct from old.application_id or new.campaign_id is distinct from old.campaign_id
     or new.creator_id is distinct from old.creator_id or new.brand_id is distinct from old.brand_id
     or new.id is distinct from old.id then
    raise exception 'A deliverable''s parties cannot be changed' using errcode = '42501', detail = 'immutable_owner';
  end if;
  if new.status is distinct from old.status then
    if new.status = 'changes_requested' and app.is_blank(new.feedback) then
      raise exception 'Tell the creator what to change' using errcode = '22023', detail = 'feedback_required';
    end if;
    if new.status = 'rejected' and app.is_blank(new.feedback) then
      raise exception 'Tell the creator why you are rejecting this content' using errcode = '22023', detail = 'reason_required';
    end if;
    if new.status = 'changes_requested'
       and app.revision_rounds_used(old.id) >= coalesce(app.revision_rounds_included(old.id), 0) then
      raise exception 'All included revision rounds have been used' using errcode = 'PT409', detail = 'revision_rounds_used';
    end if;
  end if;
  if app.is_privileged() then
    return new;
  end if;
  if uid = old.creator_id then
    if new.feedback is distinct from old.feedback or (new.status is distinct from old.status and new.status <> 'pending') then
      raise exception 'Only the brand reviews content' using errcode = '42501', detail = 'not_owner';
    end if;
    if old.status in ('approved', 'rejected') then
      raise exception '% content cannot be changed', initcap(old.status) using errcode = 'PT409', detail = 'invalid_transition';
    end if;
    if new.status = 'pending' and old.status = 'changes_requested'
       and new.content_url = old.content_url and app.is_blank(new.note) then
      raise exception 'Add a note about what you changed, or submit a new link' using errcode = '22023', detail = 'note_required';
    end if;
    if new.content_url is distinct from old.content_url then
      new.status := 'pending';
    end if;
  elsif uid = old.brand_id then
    if new.content_url is distinct from old.content_url or new.note is distinct from old.note then
      raise exception 'Only the creator changes the content' using errcode = '42501', detail = 'not_owner';
    end if;
    if new.status is distinct from old.status
       and not (old.status in ('pending', 'submitted') and new.status in ('approved', 'rejected', 'changes_requested')) then
      raise exception 'A % deliverable cannot become %', old.status, new.status
        using errcode = 'PT409', detail = 'invalid_transition';
    end if;
  end if;
  return new;
end;
$$;

create or replace function app.queue_delivery_check()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  insert into app.delivery_checks (deliverable_id, application_id, creator_id, brand_id, content_url)
  values (new.id, new.application_id, new.creator_id, new.brand_id, new.content_url)
  on conflict (deliverable_id) do update set content_url = excluded.content_url, outcome = 'pending',
    platform = null, post_id = null, published_at = null, disclosure_via = null, detail = null,
    attempts = 0, next_attempt_at = now(), checked_at = null, live_until = null, removed_at = null, removed_as = null;
  if tg_op = 'UPDATE' then
    delete from app.post_snapshots s where s.deliverable_id = new.id;
  end if;
  return null;
end;
$$;

create table app.deliverables (
  id uuid default gen_random_uuid() not null,
  application_id uuid not null,
  campaign_id uuid not null,
  creator_id uuid not null,
  brand_id uuid not null,
  content_url text not null,
  feedback text,
  status text default 'pending'::text not null,
  created_at timestamp with time zone default now() not null,
  updated_at timestamp with time zone default now() not null,
  review_due_at timestamp with time zone,
  note text,
  constraint deliverables_pkey primary key (id),
  constraint deliverables_application_id_fkey foreign key (application_id) references app.applications(id) on delete cascade,
  constraint deliverables_brand_id_fkey foreign key (brand_id) references app.profiles(id) on delete cascade,
  constraint deliverables_campaign_id_fkey foreign key (campaign_id) references app.campaigns(id) on delete cascade,
  constraint deliverables_creator_id_fkey foreign key (creator_id) references app.profiles(id) on delete cascade,
  constraint deliverables_content_url_valid check (content_url ~* '^https?://[^[:space:]]+$'::text and char_length(content_url) <= 2000),
  constraint deliverables_feedback_length check (feedback is null or char_length(feedback) <= 5000),
  constraint deliverables_note_length check (note is null or char_length(note) <= 2000),
  constraint deliverables_status_valid check (status = any (array['pending'::text, 'submitted'::text, 'changes_requested'::text, 'approved'::text, 'rejected'::text]))
);
alter table app.deliverables enable row level security;
comment on table app.deliverables is 'Content URLs a creator delivers for an accepted application; reviewed by the brand.';
comment on column app.deliverables.review_due_at is 'Funded hires only: when content awaiting review is approved automatically (set on each submission).';
comment on column app.deliverables.note is 'The creator''s note on the latest submission (what changed).';
grant all on app.deliverables to service_role;
grant select, insert, delete on app.deliverables to authenticated;
grant update (content_url, feedback, status, note) on app.deliverables to authenticated;

create index deliverables_application_idx on app.deliverables using btree (application_id, created_at desc);
create index deliverables_brand_idx on app.deliverables using btree (brand_id, status);
create index deliverables_campaign_idx on app.deliverables using btree (campaign_id);
create index deliverables_creator_idx on app.deliverables using btree (creator_id, status);
create index deliverables_review_due_idx on app.deliverables using btree (review_due_at) where (review_due_at is not null);

create trigger deliverables_a_track_rounds after insert or update of status, content_url, note on app.deliverables for each row execute function app.track_deliverable_rounds();
create trigger deliverables_draft_approved before insert on app.deliverables for each row execute function app.require_approved_draft();
create trigger deliverables_fill before insert on app.deliverables for each row execute function app.fill_deliverable();
create trigger deliverables_guard before insert or delete or update on app.deliverables for each row execute function app.guard_deliverable();
create trigger deliverables_queue_check after insert or update of content_url on app.deliverables for each row execute function app.queue_delivery_check();
create trigger deliverables_set_updated_at before update on app.deliverables for each row execute function app.set_updated_at();

create policy "Creators and owning brands update deliverables" on app.deliverables
for update
to authenticated
using (creator_id = (( select auth.uid() as uid)) or brand_id = (( select auth.uid() as uid)))
with check (creator_id = (( select auth.uid() as uid)) or brand_id = (( select auth.uid() as uid)));
create policy "Creators delete their own deliverables" on app.deliverables
for delete
to authenticated
using (creator_id = (( select auth.uid() as uid)));
create policy "Parties and admins see deliverables" on app.deliverables
for select
to authenticated
using (creator_id = (( select auth.uid() as uid)) or brand_id = (( select auth.uid() as uid)) or ( select app.is_admin() as is_admin));

create table app.deliverable_rounds (
  id uuid default gen_random_uuid() not null,
  deliverable_id uuid not null,
  application_id uuid not null,
  brand_id uuid,
  creator_id uuid,
  round integer not null,
  content_url text not null,
  note text,
  submitted_at timestamp with time zone default now() not null,
  decision text,
  feedback text,
  decided_by uuid,
  decided_at timestamp with time zone,
  constraint deliverable_rounds_pkey primary key (id),
  constraint deliverable_rounds_once unique (deliverable_id, round),
  constraint deliverable_rounds_application_id_fkey foreign key (application_id) references app.applications(id) on delete cascade,
  constraint deliverable_rounds_brand_id_fkey foreign key (brand_id) references app.profiles(id) on delete set null,
  constraint deliverable_rounds_creator_id_fkey foreign key (creator_id) references app.profiles(id) on delete set null,
  constraint deliverable_rounds_decided_by_fkey foreign key (decided_by) references app.profiles(id) on delete set null,
  constraint deliverable_rounds_deliverable_id_fkey foreign key (deliverable_id) references app.deliverables(id) on delete cascade,
  constraint deliverable_rounds_decision_valid check (decision is null or (decision = any (array['changes_requested'::text, 'approved'::text, 'auto_approved'::text, 'rejected'::text]))),
  constraint deliverable_rounds_round_positive check (round >= 1)
);
alter table app.deliverable_rounds enable row level security;
comment on table app.deliverable_rounds is 'Every submission of a deliverable (round 1 is the first) with the decision taken on it.';
grant all on app.deliverable_rounds to service_role;
grant select on app.deliverable_rounds to authenticated;

create index deliverable_rounds_application_idx on app.deliverable_rounds using btree (application_id);
create index deliverable_rounds_brand_idx on app.deliverable_rounds using btree (brand_id);
create index deliverable_rounds_creator_idx on app.deliverable_rounds using btree (creator_id);
create index deliverable_rounds_decided_by_idx on app.deliverable_rounds using btree (decided_by);

create policy "Parties and admins read revision rounds" on app.deliverable_rounds
for select
to authenticated
using (creator_id = (( select auth.uid() as uid)) or brand_id = (( select auth.uid() as uid)) or ( select app.is_admin() as is_admin));

create table app.delivery_checks (
  deliverable_id uuid not null,
  application_id uuid not null,
  creator_id uuid,
  brand_id uuid,
  content_url text not null,
  outcome text default 'pending'::text not null,
  platform text,
  post_id text,
  published_at timestamp with time zone,
  disclosure_via text,
  detail text,
  attempts integer default 0 not null,
  next_attempt_at timestamp with time zone default now(),
  checked_at timestamp with time zone,
  live_until timestamp with time zone,
  removed_at timestamp with time zone,
  removed_as text,
  created_at timestamp with time zone default now() not null,
  constraint delivery_checks_pkey primary key (deliverable_id),
  constraint delivery_checks_application_id_fkey foreign key (application_id) references app.applications(id) on delete cascade,
  constraint delivery_checks_brand_id_fkey foreign key (brand_id) references app.profiles(id) on delete set null,
  constraint delivery_checks_creator_id_fkey foreign key (creator_id) references app.profiles(id) on delete set null,
  constraint delivery_checks_deliverable_id_fkey foreign key (deliverable_id) references app.deliverables(id) on delete cascade,
  constraint delivery_checks_detail_length check (detail is null or char_length(detail) <= 500),
  constraint delivery_checks_disclosure_via_valid check (disclosure_via is null or (disclosure_via = any (array['label'::text, 'hashtag'::text]))),
  constraint delivery_checks_due_when_open check ((outcome = any (array['pending'::text, 'platform_unavailable'::text])) = (next_attempt_at is not null)),
  constraint delivery_checks_outcome_valid check (outcome = any (array['pending'::text, 'verified'::text, 'not_owner'::text, 'published_before_hire'::text, 'missing_disclosure'::text, 'no_connected_account'::text, 'post_not_found'::text, 'platform_unavailable'::text])),
  constraint delivery_checks_platform_valid check (platform is null or (platform = any (array['instagram'::text, 'tiktok'::text, 'youtube'::text]))),
  constraint delivery_checks_removed_as_valid check (removed_as is null or (removed_as = any (array['deleted'::text, 'private'::text])))
);
alter table app.delivery_checks enable row level security;
comment on table app.delivery_checks is 'Proof of delivery: the verification of a submitted content URL against the creator''s connected account. Written by delivery-verify (service role) only.';
comment on column app.delivery_checks.live_until is 'The post must stay up until then (published_at + 30 days, decision 0055); removed before it is flagged.';
grant all on app.delivery_checks to service_role;
grant select on app.delivery_checks to authenticated;

create index delivery_checks_application_idx on app.delivery_checks using btree (application_id);
create index delivery_checks_brand_idx on app.delivery_checks using btree (brand_id);
create index delivery_checks_creator_idx on app.delivery_checks using btree (creator_id);
create index delivery_checks_due_idx on app.delivery_checks using btree (next_attempt_at) where (next_attempt_at is not null);
create index delivery_checks_removed_idx on app.delivery_checks using btree (removed_at desc) where (removed_at is not null);

create policy "Parties and admins read delivery checks" on app.delivery_checks
for select
to authenticated
using (creator_id = (( select auth.uid() as uid)) or brand_id = (( select auth.uid() as uid)) or ( select app.is_admin() as is_admin));

create or replace function app.guard_draft()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if tg_op = 'INSERT' then
    if new.status <> 'submitted' and not app.is_privileged() then
      raise exception 'A draft is created awaiting review' using errcode = '22023', detail = 'invalid_status';
    end if;
    return new;
  end if;
  -- A party may only go (null: their account was deleted, the foreign key's set null), never change.
  if new.application_id is distinct from old.application_id
     or (new.creator_id is distinct from old.creator_id and new.creator_id is not null)
     or (new.brand_id is distinct from old.brand_id and new.brand_id is not null) or new.round is distinct from old.round
     or new.storage_path is distinct from old.storage_path then
    raise exception 'A draft''s hire and file cannot be changed' using errcode = '42501', detail = 'immutable_owner';
  end if;
  if new.status is distinct from old.status and not app.is_privileged() then
    if old.status <> 'submitted' or new.status not in ('approved', 'changes_requested') then
      raise exception 'A % draft cannot become %', replace(old.status, '_', ' '), replace(new.status, '_', ' ')
        using errcode = 'PT409', detail = 'invalid_transition';
    end if;
    if new.status = 'changes_requested' and app.is_blank(new.brand_note) then
      raise exception 'Tell the creator what to change' using errcode = '22023', detail = 'note_required';
    end if;
  end if;
  return new;
end;
$$;

create or replace function app.notify_draft()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if tg_op = 'INSERT' then
    perform app.notify(new.brand_id, 'draft_submitted', new.creator_id, new.application_id,
      jsonb_build_object('round', new.round, 'draft_id', new.id));
  elsif new.status is distinct from old.status and new.status in ('approved', 'changes_requested') then
    perform app.notify(new.creator_id, 'draft_reviewed', new.decided_by, new.application_id,
      jsonb_build_object('round', new.round, 'draft_id', new.id, 'decision', new.status));
  end if;
  return null;
end;
$$;

create table app.drafts (
  id uuid default gen_random_uuid() not null,
  application_id uuid not null,
  creator_id uuid,
  brand_id uuid,
  round integer not null,
  storage_path text not null,
  kind text not null,
  size_bytes bigint not null,
  mime_type text not null,
  uploaded_at timestamp with time zone default now() not null,
  status text default 'submitted'::text not null,
  brand_note text,
  decided_by uuid,
  decided_at timestamp with time zone,
  constraint drafts_pkey primary key (id),
  constraint drafts_path_once unique (storage_path),
  constraint drafts_round_once unique (application_id, round),
  constraint drafts_application_id_fkey foreign key (application_id) references app.applications(id) on delete cascade,
  constraint drafts_brand_id_fkey foreign key (brand_id) references app.profiles(id) on delete set null,
  constraint drafts_creator_id_fkey foreign key (creator_id) references app.profiles(id) on delete set null,
  constraint drafts_decided_by_fkey foreign key (decided_by) references app.profiles(id) on delete set null,
  constraint drafts_kind_valid check (kind = any (array['video'::text, 'image'::text])),
  constraint drafts_note_length check (brand_note is null or char_length(brand_note) <= 2000),
  constraint drafts_round_positive check (round >= 1),
  constraint drafts_size_positive check (size_bytes >= 0),
  constraint drafts_status_valid check (status = any (array['submitted'::text, 'changes_requested'::text, 'approved'::text]))
);
alter table app.drafts enable row level security;
comment on table app.drafts is 'The files a hired creator uploads for the brand to review before posting (one per round), with the brand''s decision.';
grant all on app.drafts to service_role;
grant select on app.drafts to authenticated;
grant insert (application_id, creator_id, brand_id, round, storage_path, kind, size_bytes, mime_type) on app.drafts to authenticated;
grant update (status, brand_note, decided_by, decided_at) on app.drafts to authenticated;

create index drafts_brand_idx on app.drafts using btree (brand_id);
create index drafts_creator_idx on app.drafts using btree (creator_id);
create index drafts_decided_by_idx on app.drafts using btree (decided_by);

create trigger drafts_guard before insert or update on app.drafts for each row execute function app.guard_draft();
create trigger drafts_notify after insert or update of status on app.drafts for each row execute function app.notify_draft();

create policy "Parties and admins read drafts" on app.drafts
for select
to authenticated
using (creator_id = (( select auth.uid() as uid)) or brand_id = (( select auth.uid() as uid)) or ( select app.is_admin() as is_admin));
create policy "The hire's brand decides on drafts" on app.drafts
for update
to authenticated
using (brand_id = (( select auth.uid() as uid)))
with check (brand_id = (( select auth.uid() as uid)));

create table app.post_snapshots (
  id uuid default gen_random_uuid() not null,
  deliverable_id uuid not null,
  checkpoint text not null,
  due_at timestamp with time zone not null,
  taken_at timestamp with time zone,
  views bigint,
  likes bigint,
  comments bigint,
  shares bigint,
  saves bigint,
  reach bigint,
  is_live boolean,
  attempts integer default 0 not null,
  next_attempt_at timestamp with time zone,
  last_error text,
  constraint post_snapshots_pkey primary key (id),
  constraint post_snapshots_once unique (deliverable_id, checkpoint),
  constraint post_snapshots_deliverable_id_fkey foreign key (deliverable_id) references app.deliverables(id) on delete cascade,
  constraint post_snapshots_checkpoint_valid check (checkpoint = any (array['24h'::text, '7d'::text, '30d'::text])),
  constraint post_snapshots_error_length check (last_error is null or char_length(last_error) <= 500),
  constraint post_snapshots_metrics_non_negative check (coalesce(views, 0::bigint) >= 0 and coalesce(likes, 0::bigint) >= 0 and coalesce(comments, 0::bigint) >= 0 and coalesce(shares, 0::bigint) >= 0 and coalesce(saves, 0::bigint) >= 0 and coalesce(reach, 0::bigint) >= 0)
);
alter table app.post_snapshots enable row level security;
comment on table app.post_snapshots is 'The delivered post''s metrics at 24 h, 7 d and 30 d after publish; a metric the platform does not report is null, not 0.';
grant all on app.post_snapshots to service_role;
grant select on app.post_snapshots to authenticated;

create index post_snapshots_due_idx on app.post_snapshots using btree (coalesce(next_attempt_at, due_at)) where (taken_at is null);

create policy "Parties and admins read post snapshots" on app.post_snapshots
for select
to authenticated
using ((exists ( select 1
   from app.deliverables d
  where d.id = post_snapshots.deliverable_id and (d.creator_id = (( select auth.uid() as uid)) or d.brand_id = (( select auth.uid() as uid))))) or ( select app.is_admin() as is_admin));

create or replace function app.assert_draft_approved(application_id uuid)
returns void
language plpgsql
stable
set search_path = ''
as $$
declare
  s record;
begin
  select * into s from app.draft_review_state(application_id);
  if coalesce(s.required, false) and not s.approved then
    perform app.fail('PT409', 'The brand must approve a draft of this content before you submit the public link', 'draft_not_approved');
  end if;
end;
$$;
grant execute on function app.assert_draft_approved(application_id uuid) to authenticated, service_role;

create or replace function app.delivery_backoff_seconds(attempts integer, retry_after_seconds integer)
returns integer
language sql
immutable
set search_path = ''
as $$
  select least(43200, greatest(60, coalesce(nullif(retry_after_seconds, 0),
    (900 * power(2, least(greatest(attempts - 1, 0), 10)))::integer)))
$$;
grant execute on function app.delivery_backoff_seconds(attempts integer, retry_after_seconds integer) to service_role;

create or replace function app.draft_review_state(application_id uuid, out required boolean, out approved boolean)
returns record
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce(c.draft_review, false),
    exists (select 1 from app.drafts d where d.application_id = draft_review_state.application_id and d.status = 'approved')
  from app.applications a join app.campaigns c on c.id = a.campaign_id
  where a.id = draft_review_state.application_id
$$;
comment on function app.draft_review_state(application_id uuid, out required boolean, out approved boolean) is 'Draft review on a hire: does its campaign ask for it, and is a draft approved? (Read by the delivery rules of either party.)';
grant execute on function app.draft_review_state(application_id uuid, out required boolean, out approved boolean) to authenticated, service_role;

create or replace function app.hire_started_at(application_id uuid)
returns timestamp with time zone
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce(
    (select min(e.created_at) from app.application_events e where e.application_id = hire_started_at.application_id and e.kind = 'accepted'),
    (select a.created_at from app.applications a where a.id = hire_started_at.application_id))
$$;
grant execute on function app.hire_started_at(application_id uuid) to service_role;

create or replace function app.revision_rounds_included(deliverable_id uuid)
returns integer
language sql
stable
security definer
set search_path = ''
as $$
  select c.revision_rounds from app.deliverables d join app.campaigns c on c.id = d.campaign_id
  where d.id = revision_rounds_included.deliverable_id
$$;
grant execute on function app.revision_rounds_included(deliverable_id uuid) to authenticated, service_role;

create or replace function app.revision_rounds_used(deliverable_id uuid)
returns integer
language sql
stable
security definer
set search_path = ''
as $$
  select count(*)::integer from app.deliverable_rounds r
  where r.deliverable_id = revision_rounds_used.deliverable_id and r.decision = 'changes_requested'
$$;
grant execute on function app.revision_rounds_used(deliverable_id uuid) to authenticated, service_role;

create or replace function app.validate_content_url(content_url text)
returns void
language plpgsql
immutable
set search_path = ''
as $$
begin
  if nullif(btrim(content_url), '') is null then
    perform app.fail('22023', 'Please enter a URL to your content.', 'content_url_required');
  end if;
  if btrim(content_url) !~* '^https?://[^[:space:]]+$' or char_length(btrim(content_url)) > 2000 then
    perform app.fail('22023', 'Please enter a valid link starting with http:// or https://', 'content_url_invalid');
  end if;
end;
$$;
grant execute on function app.validate_content_url(content_url text) to authenticated;

create or replace function app.validate_revision_rounds(revision_rounds integer)
returns void
language plpgsql
immutable
set search_path = ''
as $$
begin
  if revision_rounds is not null and (revision_rounds < 0 or revision_rounds > 10) then
    perform app.fail('22023', 'Revision rounds must be between 0 and 10', 'revision_rounds_invalid');
  end if;
end;
$$;
grant execute on function app.validate_revision_rounds(revision_rounds integer) to authenticated;

create or replace function app.visible_deliverable(deliverable_id uuid)
returns app.deliverables
language plpgsql
stable
set search_path = ''
as $$
declare
  row app.deliverables;
begin
  select * into row from app.deliverables d where d.id = visible_deliverable.deliverable_id;
  if not found then
    perform app.fail('PT404', 'Deliverable not found', 'deliverable_not_found');
  end if;
  return row;
end;
$$;
grant execute on function app.visible_deliverable(deliverable_id uuid) to authenticated;

-- Also of this domain, placed in a later file because it depends on objects defined there:
-- policy Creators deliver for their accepted, funded applications on app.deliverables: in escrow.sql, after what it reads.
-- policy The hire's creator adds drafts on app.drafts: in files.sql, after what it reads.
