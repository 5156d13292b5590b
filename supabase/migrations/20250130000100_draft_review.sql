-- Issue 34 item 3, decision 0049: draft review. On a campaign that asks for it, the hired creator uploads
-- the video or photo file to the private `drafts` bucket (drafts/<hire id>/…), the brand plays it and
-- approves it or requests changes with a note (each request opens the next round), and the public link
-- can be submitted only once a draft is approved.

alter table app.campaigns add column draft_review boolean not null default false;
comment on column app.campaigns.draft_review is 'The brand reviews the file (draft) before the creator posts it: the public link waits for an approved draft.';
grant update (draft_review) on app.campaigns to authenticated;

/** One uploaded draft of a hire (round n) and the brand's decision on it. */
create table app.drafts (
  id uuid primary key default gen_random_uuid(),
  application_id uuid not null references app.applications (id) on delete cascade,
  creator_id uuid references app.profiles (id) on delete set null,
  brand_id uuid references app.profiles (id) on delete set null,
  round integer not null,
  storage_path text not null,
  kind text not null,
  size_bytes bigint not null,
  mime_type text not null,
  uploaded_at timestamptz not null default now(),
  status text not null default 'submitted',
  brand_note text,
  decided_by uuid references app.profiles (id) on delete set null,
  decided_at timestamptz,
  constraint drafts_round_once unique (application_id, round),
  constraint drafts_path_once unique (storage_path),
  constraint drafts_round_positive check (round >= 1),
  constraint drafts_kind_valid check (kind in ('video', 'image')),
  constraint drafts_size_positive check (size_bytes >= 0),
  constraint drafts_status_valid check (status in ('submitted', 'changes_requested', 'approved')),
  constraint drafts_note_length check (brand_note is null or char_length(brand_note) <= 2000)
);
comment on table app.drafts is 'The files a hired creator uploads for the brand to review before posting (one per round), with the brand''s decision.';
create index drafts_creator_idx on app.drafts (creator_id);
create index drafts_brand_idx on app.drafts (brand_id);
create index drafts_decided_by_idx on app.drafts (decided_by);
alter table app.drafts enable row level security;
grant select on app.drafts to authenticated;
grant insert (application_id, creator_id, brand_id, round, storage_path, kind, size_bytes, mime_type) on app.drafts to authenticated;
grant update (status, brand_note, decided_by, decided_at) on app.drafts to authenticated;
grant all on app.drafts to service_role;

create policy "Parties and admins read drafts" on app.drafts
  for select to authenticated
  using (creator_id = (select auth.uid()) or brand_id = (select auth.uid()) or (select app.is_admin()));
create policy "The hire's creator adds drafts" on app.drafts
  for insert to authenticated
  with check (creator_id = (select auth.uid()) and app.storage_hire_party(application_id, false));
create policy "The hire's brand decides on drafts" on app.drafts
  for update to authenticated
  using (brand_id = (select auth.uid()))
  with check (brand_id = (select auth.uid()));

/** Trigger: the review rules whoever writes: the parties are the hire's, a decision is taken once, on the open round. */
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
create trigger drafts_guard before insert or update on app.drafts
  for each row execute function app.guard_draft();

/** Trigger: the other side hears of an upload and of a decision (bell, and email through the outbox). */
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
create trigger drafts_notify after insert or update of status on app.drafts
  for each row execute function app.notify_draft();

/** Whether a hire's campaign asks for draft review, and whether a draft of it is approved. */
create or replace function app.draft_review_state(application_id uuid, out required boolean, out approved boolean)
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
comment on function app.draft_review_state(uuid) is 'Draft review on a hire: does its campaign ask for it, and is a draft approved? (Read by the delivery rules of either party.)';
revoke all on function app.draft_review_state(uuid) from public;
grant execute on function app.draft_review_state(uuid) to authenticated, service_role;

/** Refuses the public link of a hire whose campaign asks for draft review until a draft is approved. */
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
grant execute on function app.assert_draft_approved(uuid) to authenticated, service_role;

/** Trigger: the draft rule for every writer of deliverables, not only api.submit_deliverable. */
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
create trigger deliverables_draft_approved before insert on app.deliverables
  for each row execute function app.require_approved_draft();

-- The new kinds of notification: a draft to review (brand), a decision on a draft (creator).
alter table app.notifications drop constraint notifications_kind_valid;
alter table app.notifications add constraint notifications_kind_valid check (kind = any (array['application_received'::text,
  'application_accepted'::text, 'application_rejected'::text, 'hire_funded'::text, 'hire_canceled'::text, 'content_submitted'::text,
  'changes_requested'::text, 'content_approved'::text, 'content_rejected'::text, 'auto_approval_soon'::text, 'money_released'::text,
  'money_refunded'::text, 'payout_paid'::text, 'payout_failed'::text, 'dispute_opened'::text, 'dispute_resolved'::text,
  'review_received'::text, 'new_message'::text, 'dispute_message'::text, 'draft_submitted'::text, 'draft_reviewed'::text]));

create or replace function app.email_category(kind text)
returns text
language sql
immutable
set search_path = ''
as $$
  select case
    when kind in ('application_received', 'application_accepted', 'application_rejected') then 'applications'
    when kind in ('hire_funded', 'hire_canceled', 'content_submitted', 'changes_requested', 'content_approved',
                  'content_rejected', 'auto_approval_soon', 'draft_submitted', 'draft_reviewed') then 'work'
    when kind in ('money_released', 'money_refunded', 'payout_paid', 'payout_failed') then 'payments'
    when kind in ('dispute_opened', 'dispute_resolved', 'review_received', 'dispute_message') then 'disputes_reviews'
    when kind in ('new_message', 'message_digest') then 'messages'
  end
$$;

/** The hire's creator registers a file uploaded to drafts/<hire id>/…: the next round, awaiting review. */
create or replace function api.register_draft(application_id uuid, storage_path text)
returns uuid
language plpgsql
set search_path = ''
as $$
declare
  a app.applications;
  obj record;
  latest app.drafts;
  new_id uuid;
begin
  select * into a from app.applications x where x.id = register_draft.application_id;
  if not found or (select auth.uid()) not in (a.creator_id, a.brand_id) then
    perform app.fail('PT404', 'Hire not found', 'application_not_found');
  end if;
  if a.creator_id is distinct from (select auth.uid()) then
    perform app.fail('42501', 'Only the hired creator uploads drafts', 'not_owner');
  end if;
  if a.status <> 'accepted' then
    perform app.fail('PT409', 'Drafts are uploaded once the application is accepted', 'application_not_accepted');
  end if;
  perform app.assert_hire_allows_work(a.id);
  if storage_path is null or left(storage_path, 37) <> a.id::text || '/' then
    perform app.fail('22023', 'The draft must be a file in this hire''s folder', 'draft_not_uploaded');
  end if;
  -- Invoker on purpose: RLS on storage.objects shows the caller only the drafts of their own hires.
  select o.metadata into obj from storage.objects o where o.bucket_id = 'drafts' and o.name = register_draft.storage_path;
  if not found then
    perform app.fail('22023', 'Upload the file before registering it', 'draft_not_uploaded');
  end if;
  select * into latest from app.drafts d where d.application_id = a.id order by d.round desc limit 1;
  if latest.status = 'submitted' then
    perform app.fail('PT409', 'The brand has not reviewed your last draft yet', 'draft_awaiting_review');
  end if;
  if latest.status = 'approved' then
    perform app.fail('PT409', 'A draft is already approved: submit the public link', 'draft_already_approved');
  end if;
  if exists (select 1 from app.drafts d where d.storage_path = register_draft.storage_path) then
    perform app.fail('PT409', 'This file was already sent for review: upload the new version', 'draft_file_reused');
  end if;
  insert into app.drafts (application_id, creator_id, brand_id, round, storage_path, kind, size_bytes, mime_type)
  values (a.id, a.creator_id, a.brand_id, coalesce(latest.round, 0) + 1, register_draft.storage_path,
    case when obj.metadata ->> 'mimetype' like 'image/%' then 'image' else 'video' end,
    coalesce((obj.metadata ->> 'size')::bigint, (obj.metadata ->> 'contentLength')::bigint, 0),
    coalesce(obj.metadata ->> 'mimetype', 'application/octet-stream'))
  returning id into new_id;
  return new_id;
end;
$$;
comment on function api.register_draft(uuid, text) is 'The hired creator sends an uploaded file (drafts/<hire id>/…) for review: the next round.';
grant execute on function api.register_draft(uuid, text) to authenticated;

/** The hire's brand approves the draft awaiting review, or requests changes with a note (the next round). */
create or replace function api.review_draft(draft_id uuid, decision text, note text default null)
returns void
language plpgsql
set search_path = ''
as $$
declare
  d app.drafts;
begin
  select * into d from app.drafts x where x.id = review_draft.draft_id;
  if not found then
    perform app.fail('PT404', 'Draft not found', 'draft_not_found');
  end if;
  if d.brand_id is distinct from (select auth.uid()) then
    perform app.fail('42501', 'Only the campaign owner reviews drafts', 'not_owner');
  end if;
  if decision is null or decision not in ('approved', 'changes_requested') then
    perform app.fail('22023', 'Decision must be approved or changes_requested', 'decision_invalid');
  end if;
  if decision = 'changes_requested' and app.is_blank(note) then
    perform app.fail('22023', 'Tell the creator what to change', 'note_required');
  end if;
  if char_length(btrim(note)) > 2000 then
    perform app.fail('22023', 'The note must be 2000 characters or fewer', 'note_too_long');
  end if;
  if d.status <> 'submitted' then
    perform app.fail('PT409', 'This draft has already been reviewed', 'invalid_transition');
  end if;
  update app.drafts x
  set status = review_draft.decision, brand_note = app.clean_text(review_draft.note),
    decided_by = (select auth.uid()), decided_at = now()
  where x.id = d.id;
end;
$$;
comment on function api.review_draft(uuid, text, text) is 'The brand approves a draft awaiting review, or requests changes with a note.';
grant execute on function api.review_draft(uuid, text, text) to authenticated;

/** A hire's drafts, oldest round first, with the path to sign in the drafts bucket (its two parties and admins). */
create or replace function api.hire_drafts(application_id uuid)
returns table (id uuid, round integer, storage_path text, kind text, size_bytes bigint, mime_type text,
  uploaded_at timestamptz, status text, brand_note text, decided_at timestamptz)
language sql
stable
set search_path = ''
as $$
  select d.id, d.round, d.storage_path, d.kind, d.size_bytes, d.mime_type, d.uploaded_at, d.status, d.brand_note, d.decided_at
  from app.drafts d
  where d.application_id = hire_drafts.application_id
  order by d.round
$$;
comment on function api.hire_drafts(uuid) is 'The drafts of a hire (rounds, files, notes), for its creator, its brand and admins.';
grant execute on function api.hire_drafts(uuid) to authenticated;

/** Whether the hire's campaign asks for draft review and whether a draft is approved (for its two parties and admins). */
create or replace function api.hire_draft_review(application_id uuid)
returns table (required boolean, approved boolean)
language sql
stable
set search_path = ''
as $$
  select s.required, s.approved
  from app.applications a, app.draft_review_state(a.id) s
  where a.id = hire_draft_review.application_id
    and ((select auth.uid()) in (a.creator_id, a.brand_id) or (select app.is_admin()))
$$;
comment on function api.hire_draft_review(uuid) is 'Draft review on a hire: required by its campaign, and approved yet?';
grant execute on function api.hire_draft_review(uuid) to authenticated;

/** The submission of a public link, now refusing it before an approved draft where the campaign asks for one. */
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
  perform app.assert_draft_approved(app_row.id);
  insert into app.deliverables (application_id, content_url) values (app_row.id, btrim(content_url))
  returning id into new_id;
  return new_id;
end;
$$;

/** The campaign's brand turns draft review on or off (hires already past an approved draft are unaffected). */
create or replace function api.set_campaign_draft_review(campaign_id uuid, draft_review boolean)
returns void
language plpgsql
set search_path = ''
as $$
begin
  if draft_review is null then
    perform app.fail('22023', 'Say whether drafts are reviewed', 'draft_review_required');
  end if;
  update app.campaigns c set draft_review = set_campaign_draft_review.draft_review
  where c.id = set_campaign_draft_review.campaign_id and c.brand_id = (select auth.uid());
  if not found then
    perform app.fail('PT404', 'Campaign not found', 'campaign_not_found');
  end if;
end;
$$;
comment on function api.set_campaign_draft_review(uuid, boolean) is 'The campaign''s brand asks (or stops asking) to review a draft file before the public link.';
grant execute on function api.set_campaign_draft_review(uuid, boolean) to authenticated;
