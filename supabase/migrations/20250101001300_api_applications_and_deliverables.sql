-- Data API: applying, reviewing applications, and delivering and reviewing content.

/** A campaign's applications with their creators, for the owning brand (or an admin). */
create or replace function api.campaign_applications(campaign_id uuid)
returns table (id uuid, status text, pitch text, created_at timestamptz, updated_at timestamptz, creator jsonb)
language plpgsql
stable
set search_path = ''
as $$
#variable_conflict use_column
declare
  owner uuid;
begin
  select c.brand_id into owner from app.campaigns c where c.id = campaign_applications.campaign_id;
  if not found then
    perform app.fail('PT404', 'Campaign not found', 'campaign_not_found');
  end if;
  if owner is distinct from (select auth.uid()) and not (select app.is_admin()) then
    perform app.fail('42501', 'Only the campaign owner can see its applications', 'not_owner');
  end if;
  return query
    select a.id, a.status, a.pitch, a.created_at, a.updated_at,
      jsonb_build_object('id', p.id, 'full_name', p.full_name, 'username', p.username, 'avatar_url', p.avatar_url)
    from app.applications a
    join app.profiles p on p.id = a.creator_id
    where a.campaign_id = campaign_applications.campaign_id
    order by a.created_at desc, a.id desc;
end;
$$;

/** The calling creator applies to an active campaign with a pitch; returns the application id. */
create or replace function api.apply_to_campaign(campaign_id uuid, pitch text)
returns uuid
language plpgsql
set search_path = ''
as $$
declare
  campaign_status text;
  new_id uuid;
begin
  if (select app.current_role()) is distinct from 'creator' then
    perform app.fail('42501', 'Only creators can apply to campaigns', 'not_creator');
  end if;
  if nullif(btrim(pitch), '') is null then
    perform app.fail('22023', 'Please enter a pitch describing why you''re a good fit for this campaign.', 'pitch_required');
  end if;
  if char_length(btrim(pitch)) > 5000 then
    perform app.fail('22023', 'Your pitch must be 5000 characters or fewer', 'pitch_too_long');
  end if;
  select c.status into campaign_status from app.campaigns c where c.id = apply_to_campaign.campaign_id;
  if not found then
    perform app.fail('PT404', 'Campaign not found', 'campaign_not_found');
  end if;
  if exists (select 1 from app.applications a
             where a.campaign_id = apply_to_campaign.campaign_id and a.creator_id = (select auth.uid())) then
    perform app.fail('23505', 'You have already applied to this campaign', 'already_applied');
  end if;
  if campaign_status <> 'active' then
    perform app.fail('PT409', 'This campaign is not accepting applications', 'campaign_not_active');
  end if;
  begin
    insert into app.applications (campaign_id, creator_id, pitch)
    values (apply_to_campaign.campaign_id, (select auth.uid()), btrim(pitch))
    returning id into new_id;
  exception when unique_violation then
    -- A concurrent double submit: same answer as the check above.
    perform app.fail('23505', 'You have already applied to this campaign', 'already_applied');
  end;
  return new_id;
end;
$$;

/** Moves a pending application of the caller's campaign to accepted or rejected. */
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
grant execute on function app.set_application_status(uuid, text) to authenticated;

/** The owning brand accepts a pending application. */
create or replace function api.accept_application(application_id uuid)
returns void
language sql
set search_path = ''
as $$
  select app.set_application_status(accept_application.application_id, 'accepted')
$$;

/** The owning brand rejects a pending application (final). */
create or replace function api.reject_application(application_id uuid)
returns void
language sql
set search_path = ''
as $$
  select app.set_application_status(reject_application.application_id, 'rejected')
$$;

/** Content delivered for an application, newest first; for its creator, its brand and admins. */
create or replace function api.application_deliverables(application_id uuid)
returns table (id uuid, content_url text, feedback text, status text,
  created_at timestamptz, updated_at timestamptz)
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
    select d.id, d.content_url, d.feedback, d.status, d.created_at, d.updated_at
    from app.deliverables d
    where d.application_id = application_deliverables.application_id
    order by d.created_at desc, d.id desc;
end;
$$;

/** Checks a content URL, raising the form's message. */
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
grant execute on function app.validate_content_url(text) to authenticated;

/** The calling creator submits a content URL for their accepted application to a campaign. */
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
  insert into app.deliverables (application_id, content_url) values (app_row.id, btrim(content_url))
  returning id into new_id;
  return new_id;
end;
$$;

/** The deliverable's row for the checks below, or a not-found error. */
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
grant execute on function app.visible_deliverable(uuid) to authenticated;

/** The creator replaces the URL of their content that is not approved yet; it goes back to pending review. */
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
  if d.status = 'approved' then
    perform app.fail('PT409', 'Approved content cannot be changed', 'invalid_transition');
  end if;
  update app.deliverables x set content_url = btrim(update_deliverable.content_url), status = 'pending'
  where x.id = d.id;
end;
$$;

/** The creator deletes their content that is not approved. */
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

/** The owning brand approves or rejects pending content, with optional feedback. */
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
  if status is null or status not in ('approved', 'rejected') then
    perform app.fail('22023', 'Status must be approved or rejected', 'status_invalid');
  end if;
  if char_length(feedback) > 5000 then
    perform app.fail('22023', 'Feedback must be 5000 characters or fewer', 'feedback_too_long');
  end if;
  if d.status not in ('pending', 'submitted') then
    perform app.fail('PT409', format('This content has already been %s', d.status), 'invalid_transition');
  end if;
  update app.deliverables x
  set status = review_deliverable.status, feedback = nullif(btrim(review_deliverable.feedback), '')
  where x.id = d.id;
end;
$$;

revoke execute on function api.campaign_applications(uuid), api.apply_to_campaign(uuid, text),
  api.accept_application(uuid), api.reject_application(uuid), api.application_deliverables(uuid),
  api.submit_deliverable(uuid, text), api.update_deliverable(uuid, text), api.delete_deliverable(uuid),
  api.review_deliverable(uuid, text, text) from public;
grant execute on function api.campaign_applications(uuid), api.apply_to_campaign(uuid, text),
  api.accept_application(uuid), api.reject_application(uuid), api.application_deliverables(uuid),
  api.submit_deliverable(uuid, text), api.update_deliverable(uuid, text), api.delete_deliverable(uuid),
  api.review_deliverable(uuid, text, text) to authenticated;
