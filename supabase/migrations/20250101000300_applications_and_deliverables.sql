-- Creators' applications to campaigns and the content they deliver once accepted.

create table app.applications (
  id uuid primary key default gen_random_uuid(),
  campaign_id uuid not null references app.campaigns (id) on delete cascade,
  creator_id uuid not null references app.profiles (id) on delete cascade,
  brand_id uuid not null references app.profiles (id) on delete cascade,
  pitch text not null,
  status text not null default 'pending',
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint applications_one_per_creator unique (campaign_id, creator_id),
  constraint applications_pitch_length check (char_length(btrim(pitch)) between 1 and 5000),
  constraint applications_status_valid check (status in ('pending', 'accepted', 'rejected'))
);
comment on table app.applications is 'One per creator and campaign. brand_id copies the campaign owner so policies need no join.';
create index applications_creator_idx on app.applications (creator_id, created_at desc);
create index applications_brand_idx on app.applications (brand_id, status);
create index applications_campaign_idx on app.applications (campaign_id, created_at desc);
alter table app.applications enable row level security;

create table app.deliverables (
  id uuid primary key default gen_random_uuid(),
  application_id uuid not null references app.applications (id) on delete cascade,
  campaign_id uuid not null references app.campaigns (id) on delete cascade,
  creator_id uuid not null references app.profiles (id) on delete cascade,
  brand_id uuid not null references app.profiles (id) on delete cascade,
  content_url text not null,
  feedback text,
  status text not null default 'pending',
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint deliverables_content_url_valid check (content_url ~* '^https?://[^[:space:]]+$' and char_length(content_url) <= 2000),
  constraint deliverables_feedback_length check (feedback is null or char_length(feedback) <= 5000),
  constraint deliverables_status_valid check (status in ('pending', 'submitted', 'approved', 'rejected'))
);
comment on table app.deliverables is 'Content URLs a creator delivers for an accepted application; reviewed by the brand.';
create index deliverables_application_idx on app.deliverables (application_id, created_at desc);
create index deliverables_campaign_idx on app.deliverables (campaign_id);
create index deliverables_creator_idx on app.deliverables (creator_id, status);
create index deliverables_brand_idx on app.deliverables (brand_id, status);
alter table app.deliverables enable row level security;

create trigger applications_set_updated_at before update on app.applications
  for each row execute function app.set_updated_at();
create trigger deliverables_set_updated_at before update on app.deliverables
  for each row execute function app.set_updated_at();

/** Trigger: fills applications.brand_id from the campaign (definer: the creator may not see drafts). */
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
create trigger applications_fill before insert on app.applications
  for each row execute function app.fill_application();

/** Trigger: applications are created pending, keep their parties, and move pending -> accepted|rejected only. */
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
create trigger applications_guard before insert or update on app.applications
  for each row execute function app.guard_application();

/** Trigger: keeps campaigns.application_count in step (definer: the creator cannot update campaigns). */
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
create trigger applications_count after insert or delete on app.applications
  for each row execute function app.count_applications();

/** Trigger: fills a deliverable's campaign, creator and brand from its application. */
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
create trigger deliverables_fill before insert on app.deliverables
  for each row execute function app.fill_deliverable();

/**
 * Trigger: deliverables are created pending; the creator may change the URL while it is not approved
 * (a new URL goes back to pending review); the brand moves pending|submitted -> approved|rejected.
 * Approved is final.
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
  if app.is_privileged() then
    return new;
  end if;
  if uid = old.creator_id then
    if new.feedback is distinct from old.feedback or (new.status is distinct from old.status and new.status <> 'pending') then
      raise exception 'Only the brand reviews content' using errcode = '42501', detail = 'not_owner';
    end if;
    if old.status = 'approved' then
      raise exception 'Approved content cannot be changed' using errcode = 'PT409', detail = 'invalid_transition';
    end if;
    if new.content_url is distinct from old.content_url then
      new.status := 'pending';
    end if;
  elsif uid = old.brand_id then
    if new.content_url is distinct from old.content_url then
      raise exception 'Only the creator changes the content URL' using errcode = '42501', detail = 'not_owner';
    end if;
    if new.status is distinct from old.status
       and not (old.status in ('pending', 'submitted') and new.status in ('approved', 'rejected')) then
      raise exception 'A % deliverable cannot become %', old.status, new.status
        using errcode = 'PT409', detail = 'invalid_transition';
    end if;
  end if;
  return new;
end;
$$;
create trigger deliverables_guard before insert or update or delete on app.deliverables
  for each row execute function app.guard_deliverable();

grant select, insert on app.applications to authenticated;
grant update (status) on app.applications to authenticated;
grant select, insert, delete on app.deliverables to authenticated;
grant update (content_url, feedback, status) on app.deliverables to authenticated;
grant all on app.applications, app.deliverables to service_role;

/** True when the campaign exists and is active. Definer: an applications policy may not read campaigns
 * through RLS (campaigns' policy reads applications: that would recurse). */
create or replace function app.campaign_is_active(campaign_id uuid)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (select 1 from app.campaigns c where c.id = campaign_is_active.campaign_id and c.status = 'active')
$$;
revoke execute on function app.campaign_is_active(uuid) from public, anon;
grant execute on function app.campaign_is_active(uuid) to authenticated;

-- Campaign policies (here because "campaigns a creator applied to" reads applications).
create policy "Users see active campaigns, their own, and those they applied to" on app.campaigns
  for select to authenticated
  using (
    status = 'active'
    or brand_id = (select auth.uid())
    or (select app.is_admin())
    or exists (select 1 from app.applications a where a.campaign_id = campaigns.id and a.creator_id = (select auth.uid()))
  );
create policy "Brands create their own campaigns" on app.campaigns
  for insert to authenticated
  with check (brand_id = (select auth.uid()) and (select app.current_role()) = 'brand');
create policy "Brands update their own campaigns" on app.campaigns
  for update to authenticated
  using (brand_id = (select auth.uid()))
  with check (brand_id = (select auth.uid()));
create policy "Brands delete their own draft campaigns" on app.campaigns
  for delete to authenticated
  using (brand_id = (select auth.uid()) and status = 'draft' and application_count = 0);

create policy "Parties and admins see applications" on app.applications
  for select to authenticated
  using (creator_id = (select auth.uid()) or brand_id = (select auth.uid()) or (select app.is_admin()));
create policy "Creators apply to active campaigns as themselves" on app.applications
  for insert to authenticated
  with check (
    creator_id = (select auth.uid())
    and (select app.current_role()) = 'creator'
    and app.campaign_is_active(campaign_id)
  );
create policy "Owning brands update applications" on app.applications
  for update to authenticated
  using (brand_id = (select auth.uid()))
  with check (brand_id = (select auth.uid()));

create policy "Parties and admins see deliverables" on app.deliverables
  for select to authenticated
  using (creator_id = (select auth.uid()) or brand_id = (select auth.uid()) or (select app.is_admin()));
create policy "Creators deliver for their accepted applications" on app.deliverables
  for insert to authenticated
  with check (
    creator_id = (select auth.uid())
    and exists (select 1 from app.applications a
                where a.id = application_id and a.creator_id = (select auth.uid()) and a.status = 'accepted')
  );
create policy "Creators and owning brands update deliverables" on app.deliverables
  for update to authenticated
  using (creator_id = (select auth.uid()) or brand_id = (select auth.uid()))
  with check (creator_id = (select auth.uid()) or brand_id = (select auth.uid()));
create policy "Creators delete their own deliverables" on app.deliverables
  for delete to authenticated
  using (creator_id = (select auth.uid()));
