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

create or replace function api.campaign_delivery_results(campaign_id uuid)
returns table (
  creator_id uuid,
  creator_name text,
  deliverable_id uuid,
  outcome text,
  checkpoint text,
  views bigint,
  reach bigint,
  engagements bigint,
  cost_cents bigint,
  cost_per_view_cents numeric,
  cost_per_engagement_cents numeric
)
language plpgsql
stable
set search_path = ''
as $$
begin
  if not exists (select 1 from app.campaigns c where c.id = campaign_delivery_results.campaign_id
      and (c.brand_id = (select auth.uid()) or (select app.is_admin()))) then
    perform app.fail('PT404', 'Campaign not found', 'campaign_not_found');
  end if;
  return query
  with latest as (
    select distinct on (s.deliverable_id) s.* from app.post_snapshots s
    join app.deliverables d on d.id = s.deliverable_id
    where d.campaign_id = campaign_delivery_results.campaign_id and s.taken_at is not null
    order by s.deliverable_id, s.due_at desc
  ), rows as (
    select d.creator_id, app.display_name(d.creator_id) as display_name, d.id as deliverable_id, k.outcome, l.checkpoint, l.views, l.reach,
      case when l.likes is null and l.comments is null and l.shares is null and l.saves is null then null
        else coalesce(l.likes, 0) + coalesce(l.comments, 0) + coalesce(l.shares, 0) + coalesce(l.saves, 0) end as engagements,
      (select e.amount_cents from app.escrows e where e.application_id = d.application_id
        and e.status in ('funded', 'disputed', 'released') order by e.funded_at desc nulls last limit 1) as cost_cents
    from app.deliverables d
    join app.delivery_checks k on k.deliverable_id = d.id
    left join latest l on l.deliverable_id = d.id
    where d.campaign_id = campaign_delivery_results.campaign_id
  )
  select r.creator_id, r.display_name, r.deliverable_id, r.outcome, r.checkpoint, r.views, r.reach, r.engagements, r.cost_cents,
    round(r.cost_cents::numeric / nullif(r.views, 0), 4), round(r.cost_cents::numeric / nullif(r.engagements, 0), 4)
  from rows r order by r.display_name, r.deliverable_id;
end;
$$;
grant execute on function api.campaign_delivery_results(campaign_id uuid) to authenticated, service_role;

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

create or replace function api.delivery_check_account(creator_id uuid, platform text)
returns table(id uuid, platform_user_id text, status text)
language sql
stable
security definer
set search_path = ''
as $$
  select s.id, s.platform_user_id, s.status from app.social_accounts s
  where s.creator_id = delivery_check_account.creator_id and s.platform = delivery_check_account.platform
$$;
comment on function api.delivery_check_account(creator_id uuid, platform text) is 'delivery-verify: the creator''s account on the platform (id, platform_user_id, status), no token. Security definer: app.social_accounts is read through definer functions only (decision 0053). Service role only.';
grant execute on function api.delivery_check_account(creator_id uuid, platform text) to service_role;

create or replace function api.delivery_check_input(deliverable_id uuid)
returns table (
  deliverable_id uuid,
  content_url text,
  creator_id uuid,
  hire_started_at timestamp with time zone,
  disclosure_tags text[]
)
language sql
stable
set search_path = ''
as $$
  select d.id, d.content_url, d.creator_id, app.hire_started_at(d.application_id), c.disclosure_tags
  from app.deliverables d join app.campaigns c on c.id = d.campaign_id
  where d.id = delivery_check_input.deliverable_id
$$;
grant execute on function api.delivery_check_input(deliverable_id uuid) to service_role;

create or replace function api.delivery_proof(deliverable_id uuid)
returns jsonb
language plpgsql
stable
set search_path = ''
as $$
declare
  k app.delivery_checks;
begin
  select * into k from app.delivery_checks x where x.deliverable_id = delivery_proof.deliverable_id;
  if not found or ((select auth.uid()) is distinct from k.creator_id and (select auth.uid()) is distinct from k.brand_id
      and not (select app.is_admin())) then
    perform app.fail('PT404', 'Content not found', 'deliverable_not_found');
  end if;
  return jsonb_build_object('outcome', k.outcome, 'platform', k.platform, 'post_id', k.post_id,
    'published_at', k.published_at, 'disclosure_via', k.disclosure_via, 'checked_at', k.checked_at,
    'retrying', k.next_attempt_at is not null and k.attempts > 0, 'live_until', k.live_until,
    'removed_at', k.removed_at, 'removed_as', k.removed_as,
    'snapshots', coalesce((select jsonb_agg(jsonb_build_object('checkpoint', s.checkpoint, 'due_at', s.due_at,
        'taken_at', s.taken_at, 'views', s.views, 'likes', s.likes, 'comments', s.comments, 'shares', s.shares,
        'saves', s.saves, 'reach', s.reach, 'is_live', s.is_live) order by s.due_at)
      from app.post_snapshots s where s.deliverable_id = k.deliverable_id), '[]'::jsonb));
end;
$$;
grant execute on function api.delivery_proof(deliverable_id uuid) to authenticated, service_role;

create or replace function api.due_delivery_checks(max_rows integer default 50)
returns setof uuid
language sql
stable
set search_path = ''
as $$
  select k.deliverable_id from app.delivery_checks k
  where k.next_attempt_at is not null and k.next_attempt_at <= app.scheduler_now()
  order by k.next_attempt_at limit least(greatest(max_rows, 1), 500)
$$;
grant execute on function api.due_delivery_checks(max_rows integer) to service_role;

create or replace function api.due_post_snapshots(max_rows integer default 50, at timestamp with time zone default null::timestamp with time zone)
returns table (
  deliverable_id uuid,
  checkpoint text,
  creator_id uuid,
  platform text,
  post_id text,
  attempts integer
)
language sql
stable
set search_path = ''
as $$
  select s.deliverable_id, s.checkpoint, k.creator_id, k.platform, k.post_id, s.attempts
  from app.post_snapshots s join app.delivery_checks k on k.deliverable_id = s.deliverable_id
  where s.taken_at is null and coalesce(s.next_attempt_at, s.due_at) <= coalesce(due_post_snapshots.at, app.scheduler_now())
  order by coalesce(s.next_attempt_at, s.due_at) limit least(greatest(max_rows, 1), 500)
$$;
grant execute on function api.due_post_snapshots(max_rows integer, at timestamp with time zone) to service_role;

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

create or replace function api.record_delivery_check(
  deliverable_id uuid,
  outcome text,
  platform text default null::text,
  post_id text default null::text,
  published_at timestamp with time zone default null::timestamp with time zone,
  disclosure_via text default null::text,
  detail text default null::text,
  retry_after_seconds integer default null::integer
)
returns app.delivery_checks
language plpgsql
set search_path = ''
as $$
declare
  k app.delivery_checks;
begin
  if outcome = 'pending' or outcome is null then
    perform app.fail('22023', 'A check records a result, not pending', 'invalid_outcome');
  end if;
  if outcome = 'verified' and published_at is null then
    perform app.fail('22023', 'A verified post has a publish time', 'published_at_required');
  end if;
  update app.delivery_checks x set
    outcome = record_delivery_check.outcome,
    platform = coalesce(record_delivery_check.platform, x.platform),
    post_id = coalesce(record_delivery_check.post_id, x.post_id),
    published_at = coalesce(record_delivery_check.published_at, x.published_at),
    disclosure_via = record_delivery_check.disclosure_via,
    detail = left(record_delivery_check.detail, 500),
    attempts = x.attempts + 1,
    checked_at = app.scheduler_now(),
    next_attempt_at = case when record_delivery_check.outcome = 'platform_unavailable'
      then app.scheduler_now() + make_interval(secs => app.delivery_backoff_seconds(x.attempts + 1, retry_after_seconds)) end,
    live_until = case when record_delivery_check.outcome = 'verified' then record_delivery_check.published_at + interval '30 days' end
  where x.deliverable_id = record_delivery_check.deliverable_id
  returning * into k;
  if not found then
    perform app.fail('PT404', 'No check is open for this content', 'check_not_found');
  end if;
  if k.outcome = 'verified' then
    insert into app.post_snapshots (deliverable_id, checkpoint, due_at)
    select k.deliverable_id, c.checkpoint, k.published_at + c.after
    from (values ('24h', interval '24 hours'), ('7d', interval '7 days'), ('30d', interval '30 days')) c (checkpoint, after)
    on conflict on constraint post_snapshots_once do nothing;
  end if;
  return k;
end;
$$;
grant execute on function api.record_delivery_check(deliverable_id uuid, outcome text, platform text, post_id text, published_at timestamp with time zone, disclosure_via text, detail text, retry_after_seconds integer) to service_role;

create or replace function api.record_post_snapshot(
  deliverable_id uuid,
  checkpoint text,
  ok boolean,
  views bigint default null::bigint,
  likes bigint default null::bigint,
  comments bigint default null::bigint,
  shares bigint default null::bigint,
  saves bigint default null::bigint,
  reach bigint default null::bigint,
  is_live boolean default null::boolean,
  removed_as text default null::text,
  error text default null::text,
  retry_after_seconds integer default null::integer,
  at timestamp with time zone default null::timestamp with time zone
)
returns boolean
language plpgsql
set search_path = ''
as $$
declare
  s app.post_snapshots;
  k app.delivery_checks;
  clock timestamp with time zone := coalesce(record_post_snapshot.at, app.scheduler_now());
begin
  select * into s from app.post_snapshots x
  where x.deliverable_id = record_post_snapshot.deliverable_id and x.checkpoint = record_post_snapshot.checkpoint
  for update;
  if not found then
    perform app.fail('PT404', 'No snapshot is scheduled for this content and checkpoint', 'snapshot_not_found');
  end if;
  if s.taken_at is not null then
    return false;
  end if;
  if not ok then
    update app.post_snapshots x set attempts = x.attempts + 1, last_error = left(error, 500),
      next_attempt_at = clock + make_interval(secs => app.delivery_backoff_seconds(x.attempts + 1, retry_after_seconds))
    where x.id = s.id;
    return false;
  end if;
  update app.post_snapshots x set taken_at = clock, views = record_post_snapshot.views, likes = record_post_snapshot.likes,
    comments = record_post_snapshot.comments, shares = record_post_snapshot.shares, saves = record_post_snapshot.saves,
    reach = record_post_snapshot.reach, is_live = record_post_snapshot.is_live, attempts = x.attempts + 1,
    next_attempt_at = null, last_error = null
  where x.id = s.id;
  if is_live = false then
    update app.delivery_checks c set removed_at = clock,
      removed_as = coalesce(record_post_snapshot.removed_as, 'deleted')
    where c.deliverable_id = record_post_snapshot.deliverable_id and c.live_until > clock and c.removed_at is null
    returning * into k;
    if found then
      perform app.notify_post_removed(k);
    end if;
  end if;
  return true;
end;
$$;
grant execute on function api.record_post_snapshot(deliverable_id uuid, checkpoint text, ok boolean, views bigint, likes bigint, comments bigint, shares bigint, saves bigint, reach bigint, is_live boolean, removed_as text, error text, retry_after_seconds integer, at timestamp with time zone) to service_role;

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

create or replace function api.removed_posts(max_rows integer default 100)
returns table (
  deliverable_id uuid,
  application_id uuid,
  campaign_id uuid,
  creator_id uuid,
  brand_id uuid,
  content_url text,
  platform text,
  published_at timestamp with time zone,
  live_until timestamp with time zone,
  removed_at timestamp with time zone,
  removed_as text,
  campaign_title text,
  creator_name text,
  brand_name text
)
language plpgsql
stable
set search_path = ''
as $$
begin
  if not (select app.is_admin()) then
    perform app.fail('42501', 'Only admins list removed posts', 'not_admin');
  end if;
  return query
  select k.deliverable_id, k.application_id, a.campaign_id, k.creator_id, k.brand_id, k.content_url, k.platform,
    k.published_at, k.live_until, k.removed_at, k.removed_as,
    c.title, cr.full_name, coalesce(bp.company_name, br.full_name)
  from app.delivery_checks k
  join app.applications a on a.id = k.application_id
  join app.campaigns c on c.id = a.campaign_id
  left join app.profiles cr on cr.id = k.creator_id
  left join app.profiles br on br.id = k.brand_id
  left join app.brand_profiles bp on bp.user_id = k.brand_id
  where k.removed_at is not null
  order by k.removed_at desc, k.deliverable_id limit least(greatest(max_rows, 1), 500);
end;
$$;
grant execute on function api.removed_posts(max_rows integer) to authenticated;

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
