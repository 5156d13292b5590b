-- Content and revision rounds: the deliverables a hired creator submits and the brand reviews.
-- This file: the api functions and types (the Data API); the tables are in ../content.sql.
-- Current definitions (decision 0039): change them here, then `npm run db:diff` writes the migration.

create or replace function api.application_deliverables(application_id uuid)
returns table (
  id uuid,
  content_url text,
  feedback text,
  status text,
  created_at timestamp with time zone,
  updated_at timestamp with time zone,
  review_due_at timestamp with time zone,
  note text,
  revision_rounds_included integer,
  revision_rounds_used integer
)
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
    select d.id, d.content_url, d.feedback, d.status, d.created_at, d.updated_at, d.review_due_at, d.note,
      c.revision_rounds, app.revision_rounds_used(d.id)
    from app.deliverables d
    join app.campaigns c on c.id = d.campaign_id
    where d.application_id = application_deliverables.application_id
    order by d.created_at desc, d.id desc;
end;
$$;
grant execute on function api.application_deliverables(application_id uuid) to authenticated;

create or replace function api.delete_deliverable(deliverable_id uuid)
returns void
language plpgsql
set search_path = ''
as $$
declare
  d app.deliverables := app.visible_deliverable(deliverable_id);
begin
  if d.creator_id is distinct from (select auth.uid()) then
    perform app.fail('42501', 'Only the creator can delete this content', 'not_owner');
  end if;
  if d.status = 'approved' then
    perform app.fail('PT409', 'Approved content cannot be deleted', 'invalid_transition');
  end if;
  delete from app.deliverables x where x.id = d.id;
end;
$$;
grant execute on function api.delete_deliverable(deliverable_id uuid) to authenticated;

create or replace function api.deliverable_detail(deliverable_id uuid)
returns table (
  id uuid,
  content_url text,
  status text,
  feedback text,
  created_at timestamp with time zone,
  updated_at timestamp with time zone,
  campaign_id uuid,
  campaign_title text,
  compensation_type text,
  compensation_cents bigint,
  brand_id uuid,
  brand_name text,
  creator_id uuid,
  creator_name text,
  payment_id uuid,
  payment_status text,
  payment_amount_cents bigint,
  payment_date timestamp with time zone,
  payment_created_at timestamp with time zone,
  review_due_at timestamp with time zone,
  hire jsonb,
  application_id uuid,
  revision_rounds_included integer,
  revision_rounds_used integer,
  note text
)
language sql
stable
set search_path = ''
as $$
  select d.id, d.content_url, d.status, d.feedback, d.created_at, d.updated_at,
    d.campaign_id, c.title, c.compensation_type, c.compensation_cents,
    d.brand_id, coalesce(bp.company_name, br.full_name), d.creator_id, cr.full_name,
    p.id, p.status, p.amount_cents, p.payment_date, p.created_at,
    d.review_due_at, app.hire_json(d.application_id), d.application_id, c.revision_rounds, app.revision_rounds_used(d.id),
    d.note
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
grant execute on function api.deliverable_detail(deliverable_id uuid) to authenticated;

create or replace function api.deliverable_rounds(deliverable_id uuid)
returns table (
  round integer,
  content_url text,
  note text,
  submitted_at timestamp with time zone,
  decision text,
  feedback text,
  decided_by uuid,
  decided_by_name text,
  decided_at timestamp with time zone
)
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
grant execute on function api.deliverable_rounds(deliverable_id uuid) to authenticated;

create or replace function api.hire_draft_review(application_id uuid)
returns table(required boolean, approved boolean)
language sql
stable
set search_path = ''
as $$
  select s.required, s.approved
  from app.applications a, app.draft_review_state(a.id) s
  where a.id = hire_draft_review.application_id
    and ((select auth.uid()) in (a.creator_id, a.brand_id) or (select app.is_admin()))
$$;
comment on function api.hire_draft_review(application_id uuid) is 'Draft review on a hire: required by its campaign, and approved yet?';
grant execute on function api.hire_draft_review(application_id uuid) to authenticated;

create or replace function api.hire_drafts(application_id uuid)
returns table (
  id uuid,
  round integer,
  storage_path text,
  kind text,
  size_bytes bigint,
  mime_type text,
  uploaded_at timestamp with time zone,
  status text,
  brand_note text,
  decided_at timestamp with time zone
)
language sql
stable
set search_path = ''
as $$
  select d.id, d.round, d.storage_path, d.kind, d.size_bytes, d.mime_type, d.uploaded_at, d.status, d.brand_note, d.decided_at
  from app.drafts d
  where d.application_id = hire_drafts.application_id
  order by d.round
$$;
comment on function api.hire_drafts(application_id uuid) is 'The drafts of a hire (rounds, files, notes), for its creator, its brand and admins.';
grant execute on function api.hire_drafts(application_id uuid) to authenticated;

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
  if not app.file_verified('drafts', register_draft.storage_path) then
    perform app.fail('22023', 'The draft''s content has not been checked against its type', 'file_not_verified');
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
comment on function api.register_draft(application_id uuid, storage_path text) is 'The hired creator sends an uploaded file (drafts/<hire id>/…) for review: the next round.';
grant execute on function api.register_draft(application_id uuid, storage_path text) to authenticated;

create or replace function api.resubmit_deliverable(deliverable_id uuid, content_url text, note text default null::text)
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
grant execute on function api.resubmit_deliverable(deliverable_id uuid, content_url text, note text) to authenticated;

create or replace function api.review_draft(draft_id uuid, decision text, note text default null::text)
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
comment on function api.review_draft(draft_id uuid, decision text, note text) is 'The brand approves a draft awaiting review, or requests changes with a note.';
grant execute on function api.review_draft(draft_id uuid, decision text, note text) to authenticated;

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
comment on function api.set_campaign_draft_review(campaign_id uuid, draft_review boolean) is 'The campaign''s brand asks (or stops asking) to review a draft file before the public link.';
grant execute on function api.set_campaign_draft_review(campaign_id uuid, draft_review boolean) to authenticated;

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
grant execute on function api.submit_deliverable(campaign_id uuid, content_url text) to authenticated;

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
grant execute on function api.update_deliverable(deliverable_id uuid, content_url text) to authenticated;
