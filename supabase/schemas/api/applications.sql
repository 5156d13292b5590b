-- Applications and their history of events: who applied, who was hired.
-- This file: the api functions and types (the Data API); the tables are in ../applications.sql.
-- Current definitions (decision 0039): change them here, then `npm run db:diff` writes the migration.

create or replace function api.accept_application(application_id uuid)
returns void
language sql
set search_path = ''
as $$
  select app.set_application_status(accept_application.application_id, 'accepted')
$$;
grant execute on function api.accept_application(application_id uuid) to authenticated;

create or replace function api.application_events(application_id uuid)
returns table (
  id bigint,
  kind text,
  actor_id uuid,
  actor_name text,
  actor_role text,
  created_at timestamp with time zone,
  detail jsonb
)
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
grant execute on function api.application_events(application_id uuid) to authenticated;

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
  if app.is_blank(pitch) then
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
grant execute on function api.apply_to_campaign(campaign_id uuid, pitch text) to authenticated;

create or replace function api.campaign_applications(campaign_id uuid)
returns table (
  id uuid,
  status text,
  pitch text,
  created_at timestamp with time zone,
  updated_at timestamp with time zone,
  creator jsonb,
  cancel_reason text,
  hire jsonb,
  job_state text
)
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
      jsonb_build_object('id', p.id, 'full_name', p.full_name, 'username', p.username, 'avatar_url', p.avatar_url,
        'followers', coalesce(cp.followers, 0), 'niche', cp.niche,
        'rating', case when coalesce(ur.review_count, 0) > 0 then round(ur.rating, 1) end,
        'review_count', coalesce(ur.review_count, 0),
        'verified_reach', coalesce(cp.verified_reach, 0), 'social_accounts', app.verified_accounts_json(a.creator_id)),
      a.cancel_reason, app.hire_json(a.id),
      case a.status when 'accepted' then app.job_state(a.id) when 'pending' then 'applied' else 'closed' end
    from app.applications a
    join app.profiles p on p.id = a.creator_id
    left join app.creator_profiles cp on cp.user_id = a.creator_id
    left join app.user_ratings ur on ur.user_id = a.creator_id
    where a.campaign_id = campaign_applications.campaign_id
    order by a.created_at desc, a.id desc;
end;
$$;
grant execute on function api.campaign_applications(campaign_id uuid) to authenticated;

create or replace function api.my_applications()
returns table (
  id uuid,
  status text,
  pitch text,
  created_at timestamp with time zone,
  updated_at timestamp with time zone,
  campaign jsonb,
  cancel_reason text,
  hire jsonb,
  job_state text
)
language sql
stable
set search_path = ''
as $$
  select a.id, a.status, a.pitch, a.created_at, a.updated_at,
    jsonb_build_object('id', c.id, 'title', c.title, 'compensation_cents', c.compensation_cents,
      'compensation_type', c.compensation_type, 'deadline', c.deadline, 'status', c.status,
      'content_type', c.content_type, 'brand_id', c.brand_id),
    a.cancel_reason, app.hire_json(a.id), app.job_state(a.id)
  from app.applications a
  join app.campaigns c on c.id = a.campaign_id
  where a.creator_id = (select auth.uid())
  order by a.created_at desc, a.id desc
$$;
grant execute on function api.my_applications() to authenticated;

create or replace function api.reject_application(application_id uuid)
returns void
language sql
set search_path = ''
as $$
  select app.set_application_status(reject_application.application_id, 'rejected')
$$;
grant execute on function api.reject_application(application_id uuid) to authenticated;
