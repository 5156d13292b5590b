-- Trust between strangers (issue 17), part 2: revision rounds. The brand approves, requests changes
-- (with feedback) or rejects (with a reason); each campaign includes a number of revision rounds; the
-- creator answers a request with a new link or the same link and a note. Every round is kept.

alter table app.campaigns add column revision_rounds integer not null default 2;
alter table app.campaigns add constraint campaigns_revision_rounds_range check (revision_rounds between 0 and 10);
grant update (revision_rounds) on app.campaigns to authenticated;
comment on column app.campaigns.revision_rounds is 'How many times the brand may request changes to one piece of content.';

alter table app.deliverables drop constraint deliverables_status_valid;
alter table app.deliverables add constraint deliverables_status_valid
  check (status in ('pending', 'submitted', 'changes_requested', 'approved', 'rejected'));
alter table app.deliverables add column note text;
alter table app.deliverables add constraint deliverables_note_length check (note is null or char_length(note) <= 2000);
comment on column app.deliverables.note is 'The creator''s note on the latest submission (what changed).';
grant update (note) on app.deliverables to authenticated;

/** One submission of a deliverable and the brand's decision on it. Written only by triggers on deliverables. */
create table app.deliverable_rounds (
  id uuid primary key default gen_random_uuid(),
  deliverable_id uuid not null references app.deliverables (id) on delete cascade,
  application_id uuid not null references app.applications (id) on delete cascade,
  brand_id uuid references app.profiles (id) on delete set null,
  creator_id uuid references app.profiles (id) on delete set null,
  round integer not null,
  content_url text not null,
  note text,
  submitted_at timestamptz not null default now(),
  decision text,
  feedback text,
  decided_by uuid references app.profiles (id) on delete set null,
  decided_at timestamptz,
  constraint deliverable_rounds_once unique (deliverable_id, round),
  constraint deliverable_rounds_round_positive check (round >= 1),
  constraint deliverable_rounds_decision_valid check (
    decision is null or decision in ('changes_requested', 'approved', 'auto_approved', 'rejected'))
);
comment on table app.deliverable_rounds is 'Every submission of a deliverable (round 1 is the first) with the decision taken on it.';
create index deliverable_rounds_application_idx on app.deliverable_rounds (application_id);
create index deliverable_rounds_brand_idx on app.deliverable_rounds (brand_id);
create index deliverable_rounds_creator_idx on app.deliverable_rounds (creator_id);
create index deliverable_rounds_decided_by_idx on app.deliverable_rounds (decided_by);
alter table app.deliverable_rounds enable row level security;
grant select on app.deliverable_rounds to authenticated;
grant all on app.deliverable_rounds to service_role;
create policy "Parties and admins read revision rounds" on app.deliverable_rounds
  for select to authenticated
  using (creator_id = (select auth.uid()) or brand_id = (select auth.uid()) or (select app.is_admin()));

/** Revision rounds a deliverable has used: the requests for changes made on it. */
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
revoke execute on function app.revision_rounds_used(uuid) from public, anon;
grant execute on function app.revision_rounds_used(uuid) to authenticated, service_role;

/** The revision rounds included by the campaign of a deliverable. */
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
revoke execute on function app.revision_rounds_included(uuid) from public, anon;
grant execute on function app.revision_rounds_included(uuid) to authenticated, service_role;

/**
 * Trigger: the review rules, whoever writes (replaces the issue-1 guard). Created pending. The creator
 * edits the link while it awaits review, answers a request for changes (back to pending), and never
 * touches approved or rejected content. The brand decides on content awaiting review: approve, request
 * changes (feedback, within the included rounds) or reject (a reason). Approved and rejected are final.
 */
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

/**
 * Trigger: keeps the rounds. A new deliverable is round 1; an answer to a request for changes opens the
 * next round; a link edited while awaiting review corrects the open round; a decision closes it (who, when,
 * feedback; auto-approval by the platform has no person).
 */
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
-- Named to run after deliverables_guard (before) and before deliverables_release_on_approval (after,
-- alphabetical): the approval event precedes the release event.
create trigger deliverables_a_track_rounds after insert or update of status, content_url, note on app.deliverables
  for each row execute function app.track_deliverable_rounds();

-- Content and applications from before this migration: their first round and the history they imply.
insert into app.deliverable_rounds (deliverable_id, application_id, brand_id, creator_id, round, content_url, submitted_at,
  decision, feedback, decided_at)
select d.id, d.application_id, d.brand_id, d.creator_id, 1, d.content_url, d.created_at,
  case when d.status in ('changes_requested', 'approved', 'rejected') then d.status end,
  case when d.status in ('changes_requested', 'approved', 'rejected') then d.feedback end,
  case when d.status in ('changes_requested', 'approved', 'rejected') then d.updated_at end
from app.deliverables d;
insert into app.application_events (application_id, brand_id, creator_id, kind, actor_id, detail, created_at)
select x.application_id, x.brand_id, x.creator_id, x.kind, x.actor_id, x.detail, x.at
from (
  select a.id application_id, a.brand_id, a.creator_id, 'applied' kind, a.creator_id actor_id, '{}'::jsonb detail, a.created_at at
  from app.applications a
  union all
  select a.id, a.brand_id, a.creator_id, a.status, a.brand_id,
    case when a.status = 'canceled' then jsonb_build_object('reason', a.cancel_reason) else '{}'::jsonb end, a.updated_at
  from app.applications a where a.status in ('accepted', 'rejected', 'canceled')
  union all
  select d.application_id, d.brand_id, d.creator_id, 'submitted', d.creator_id,
    jsonb_build_object('round', 1, 'content_url', d.content_url, 'deliverable_id', d.id), d.created_at
  from app.deliverables d
  union all
  select d.application_id, d.brand_id, d.creator_id, case d.status when 'rejected' then 'content_rejected' else d.status end,
    d.brand_id, jsonb_build_object('round', 1, 'feedback', d.feedback, 'deliverable_id', d.id), d.updated_at
  from app.deliverables d where d.status in ('approved', 'rejected')
) x
order by x.at;

/** Every submission of a deliverable with its decision, oldest first (its two parties and admins). */
create or replace function api.deliverable_rounds(deliverable_id uuid)
returns table (round integer, content_url text, note text, submitted_at timestamptz, decision text, feedback text,
  decided_by uuid, decided_by_name text, decided_at timestamptz)
language plpgsql
stable
set search_path = ''
as $$
#variable_conflict use_column
begin
  if not exists (select 1 from app.deliverables d where d.id = deliverable_rounds.deliverable_id) then
    perform app.fail('PT404', 'Content not found', 'deliverable_not_found');
  end if;
  return query
    select r.round, r.content_url, r.note, r.submitted_at, r.decision, r.feedback, r.decided_by,
      case when p.role = 'brand' then coalesce(b.company_name, p.full_name) else p.full_name end, r.decided_at
    from app.deliverable_rounds r
    left join app.profiles p on p.id = r.decided_by
    left join app.brand_profiles b on b.user_id = r.decided_by
    where r.deliverable_id = deliverable_rounds.deliverable_id
    order by r.round;
end;
$$;

/** The brand decides on content awaiting review: approved, changes_requested (feedback) or rejected (a reason). */
create or replace function api.review_deliverable(deliverable_id uuid, status text, feedback text default null)
returns void
language plpgsql
set search_path = ''
as $$
declare
  d app.deliverables := app.visible_deliverable(deliverable_id);
begin
  if d.brand_id is distinct from (select auth.uid()) then
    perform app.fail('42501', 'Only the campaign owner can review content', 'not_owner');
  end if;
  if status is null or status not in ('approved', 'changes_requested', 'rejected') then
    perform app.fail('22023', 'Status must be approved, changes_requested or rejected', 'status_invalid');
  end if;
  if char_length(feedback) > 5000 then
    perform app.fail('22023', 'Feedback must be 5000 characters or fewer', 'feedback_too_long');
  end if;
  if d.status not in ('pending', 'submitted') then
    perform app.fail('PT409', format('This content has already been %s', replace(d.status, '_', ' ')), 'invalid_transition');
  end if;
  update app.deliverables x
  set status = review_deliverable.status, feedback = app.clean_text(review_deliverable.feedback)
  where x.id = d.id;
end;
$$;

/** The creator answers a request for changes: a new link, or the same link with a note. Back to review. */
create or replace function api.resubmit_deliverable(deliverable_id uuid, content_url text, note text default null)
returns void
language plpgsql
set search_path = ''
as $$
declare
  d app.deliverables := app.visible_deliverable(deliverable_id);
begin
  if d.creator_id is distinct from (select auth.uid()) then
    perform app.fail('42501', 'Only the creator of this content can resubmit it', 'not_owner');
  end if;
  perform app.validate_content_url(content_url);
  if char_length(btrim(note)) > 2000 then
    perform app.fail('22023', 'The note must be 2000 characters or fewer', 'note_too_long');
  end if;
  if d.status <> 'changes_requested' then
    perform app.fail('PT409', 'This content is not waiting for changes', 'not_awaiting_changes');
  end if;
  perform app.assert_hire_allows_work(d.application_id);
  update app.deliverables x
  set content_url = btrim(resubmit_deliverable.content_url), note = app.clean_text(resubmit_deliverable.note), status = 'pending'
  where x.id = d.id;
end;
$$;

/** The creator corrects the link of content still awaiting review (a request for changes is answered by resubmitting). */
create or replace function api.update_deliverable(deliverable_id uuid, content_url text)
returns void
language plpgsql
set search_path = ''
as $$
declare
  d app.deliverables := app.visible_deliverable(deliverable_id);
begin
  if d.creator_id is distinct from (select auth.uid()) then
    perform app.fail('42501', 'Only the creator can edit this content', 'not_owner');
  end if;
  perform app.validate_content_url(content_url);
  if d.status = 'changes_requested' then
    perform app.fail('PT409', 'The brand asked for changes: resubmit your content instead', 'not_awaiting_review');
  end if;
  if d.status not in ('pending', 'submitted') then
    perform app.fail('PT409', format('%s content cannot be changed', initcap(d.status)), 'invalid_transition');
  end if;
  update app.deliverables x set content_url = btrim(update_deliverable.content_url) where x.id = d.id;
end;
$$;

-- The campaign's included rounds on the screens that show a campaign or its content.
alter type api.campaign_detail add attribute revision_rounds integer;
alter type api.brand_campaign add attribute revision_rounds integer;
