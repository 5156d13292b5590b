-- Issue 29, item 8: an append-only audit log of admin actions. Each row says who (the admin), when, what
-- (the action), on what (target type and id) and the values before and after. Rows are written only by
-- security definer code in this file: triggers on the audited tables and one service-role function for
-- what the admin-users edge function does through the Auth admin API. No API role may insert, update or
-- delete a row; a trigger refuses update, delete and truncate even to the table's owner.
--
-- Who counts as the acting admin: a trigger reads the actor from a column the action function itself set
-- from auth.uid() under the admin's JWT (disputes.resolved_by, reviews.hidden_by) or, where there is no
-- such column, from the request's JWT: a signed-in user (JWT role 'authenticated') whose profile is an
-- admin. The service role, scheduled jobs and migrations carry no such JWT, so they are never taken for
-- an admin (platform settings changed that way are still logged, with no actor).

create table app.admin_audit_log (
  -- Newest first is by id: rows are only ever added, and a keyset on a bigint survives a round trip
  -- through JavaScript, which a microsecond timestamp does not.
  id bigint generated always as identity primary key,
  at timestamptz not null default now(),
  -- No foreign key: the trace must outlive the admin's account (like the ledger's ids).
  actor_id uuid,
  action text not null,
  target_type text not null,
  target_id text,
  before jsonb,
  after jsonb,
  constraint admin_audit_log_action_valid check (action in (
    'settings.update', 'user.update', 'user.role_change', 'user.email_change', 'user.delete', 'user.delete_failed',
    'user.create_brand', 'review.hide', 'review.unhide', 'dispute.resolve', 'dispute.resolve_aborted')),
  constraint admin_audit_log_target_type_valid check (target_type in ('settings', 'user', 'review', 'dispute'))
);
comment on table app.admin_audit_log is
  'Append-only. One admin action: actor (null: not a signed-in admin, e.g. a migration), action, target, values before and after.';

alter table app.admin_audit_log enable row level security;
revoke all on app.admin_audit_log from public, anon, authenticated, service_role;
grant select on app.admin_audit_log to authenticated, service_role;
create policy "Admins read the audit log" on app.admin_audit_log
  for select to authenticated using ((select app.is_admin()));

/** Trigger: the audit log is append-only, for every role (the table owner included). */
create or replace function app.admin_audit_log_append_only()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  raise exception 'The audit log is append-only: % is not allowed', tg_op
    using errcode = '42501', detail = 'audit_log_append_only';
end;
$$;
create trigger admin_audit_log_append_only before update or delete on app.admin_audit_log
  for each row execute function app.admin_audit_log_append_only();
create trigger admin_audit_log_no_truncate before truncate on app.admin_audit_log
  for each statement execute function app.admin_audit_log_append_only();

/**
 * The admin making the current request: the JWT's user when the JWT is a signed-in user's (role
 * 'authenticated') and that user's profile is an admin; null for the service role, scheduled jobs,
 * migrations and everyone else. Definer: reads the profile whatever the caller may select.
 */
create or replace function app.acting_admin()
returns uuid
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  if (select auth.role()) is distinct from 'authenticated' then
    return null;
  end if;
  return (select p.id from app.profiles p where p.id = (select auth.uid()) and p.role = 'admin');
end;
$$;
revoke execute on function app.acting_admin() from public, anon, authenticated, service_role;

/** The keys of two jsonb objects whose values differ, as {before, after} holding only those keys. */
create or replace function app.audit_changes(old_values jsonb, new_values jsonb, out before jsonb, out after jsonb)
language plpgsql
immutable
set search_path = ''
as $$
declare
  k text;
begin
  before := '{}'::jsonb;
  after := '{}'::jsonb;
  for k in select jsonb_object_keys(old_values || new_values) loop
    if (old_values -> k) is distinct from (new_values -> k) then
      before := before || jsonb_build_object(k, old_values -> k);
      after := after || jsonb_build_object(k, new_values -> k);
    end if;
  end loop;
end;
$$;
revoke execute on function app.audit_changes(jsonb, jsonb) from public, anon, authenticated, service_role;

/** Writes one row (the only insert into the log). Definer: no API role may insert. */
create or replace function app.write_admin_audit(actor_id uuid, action text, target_type text, target_id text,
  before jsonb, after jsonb)
returns bigint
language plpgsql
security definer
set search_path = ''
as $$
declare
  new_id bigint;
begin
  insert into app.admin_audit_log (actor_id, action, target_type, target_id, before, after)
  values (write_admin_audit.actor_id, write_admin_audit.action, write_admin_audit.target_type,
    write_admin_audit.target_id, write_admin_audit.before, write_admin_audit.after)
  returning id into new_id;
  return new_id;
end;
$$;
revoke execute on function app.write_admin_audit(uuid, text, text, text, jsonb, jsonb)
  from public, anon, authenticated, service_role;

-- Platform settings ---------------------------------------------------------------------------------

/** Trigger: every change of a setting, with the acting admin (null when not made by a signed-in admin). */
create or replace function app.audit_platform_settings()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  c record;
begin
  select * into c from app.audit_changes(to_jsonb(old) - 'id' - 'updated_at' - 'updated_by',
    to_jsonb(new) - 'id' - 'updated_at' - 'updated_by');
  if c.after <> '{}'::jsonb then
    perform app.write_admin_audit(app.acting_admin(), 'settings.update', 'settings', null, c.before, c.after);
  end if;
  return null;
end;
$$;
create trigger platform_settings_audit after update on app.platform_settings
  for each row execute function app.audit_platform_settings();

-- Users: profile fields and roles changed by an admin in SQL (api.admin_update_user) -----------------

/**
 * Trigger: an admin's change of another user's profile (name, username, bio, email; a role change is
 * its own action) or deletion of it from SQL. Users editing themselves, the Auth service mirroring an
 * email, and the service role are not admin actions and are not logged here; the admin-users edge
 * function logs what it does through Auth with api.admin_audit_user_action.
 */
create or replace function app.audit_profile_change()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  actor uuid := app.acting_admin();
  c record;
  fields text[] := array['email', 'username', 'full_name', 'role', 'bio'];
  old_values jsonb;
begin
  if actor is null or actor = old.id then
    return null;
  end if;
  select coalesce(jsonb_object_agg(k, to_jsonb(old) -> k), '{}'::jsonb) into old_values from unnest(fields) k;
  if tg_op = 'DELETE' then
    perform app.write_admin_audit(actor, 'user.delete', 'user', old.id::text, old_values, null);
    return null;
  end if;
  select * into c from app.audit_changes(old_values, (select jsonb_object_agg(k, to_jsonb(new) -> k) from unnest(fields) k));
  if c.after <> '{}'::jsonb then
    perform app.write_admin_audit(actor, case when c.after ? 'role' then 'user.role_change' else 'user.update' end,
      'user', old.id::text, c.before, c.after);
  end if;
  return null;
end;
$$;
create trigger profiles_audit after update or delete on app.profiles
  for each row execute function app.audit_profile_change();

-- Reviews hidden by an admin (app.hide_review sets hidden_by from the admin's JWT) --------------------

/** Trigger: a review hidden (or shown again), with the admin recorded on the review as the actor. */
create or replace function app.audit_review_visibility()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if old.hidden_at is null and new.hidden_at is not null then
    perform app.write_admin_audit(coalesce(new.hidden_by, app.acting_admin()), 'review.hide', 'review', new.id::text,
      jsonb_build_object('hidden', false), jsonb_build_object('hidden', true, 'reason', new.hidden_reason));
  elsif old.hidden_at is not null and new.hidden_at is null then
    perform app.write_admin_audit(app.acting_admin(), 'review.unhide', 'review', new.id::text,
      jsonb_build_object('hidden', true, 'reason', old.hidden_reason), jsonb_build_object('hidden', false));
  end if;
  return null;
end;
$$;
create trigger reviews_audit_visibility after update of hidden_at on app.reviews
  for each row execute function app.audit_review_visibility();

-- Dispute decisions (api.resolve_dispute_begin records the admin the quote read from the admin's JWT) --

/**
 * Trigger: an admin's decision on a dispute (open -> resolving, with the outcome and the shares) and a
 * decision undone because the refund failed (resolving -> open). The actor is the dispute's resolved_by,
 * which api.resolve_dispute_begin copies from api.resolve_dispute_quote (auth.uid() of an admin).
 */
create or replace function app.audit_dispute_decision()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if old.status = 'open' and new.status = 'resolving' then
    perform app.write_admin_audit(new.resolved_by, 'dispute.resolve', 'dispute', new.id::text,
      jsonb_build_object('status', old.status),
      jsonb_build_object('status', new.status, 'outcome', new.outcome, 'creator_cents', new.creator_cents,
        'brand_cents', new.brand_cents, 'note', new.resolution_note));
  elsif old.status = 'resolving' and new.status = 'open' then
    perform app.write_admin_audit(old.resolved_by, 'dispute.resolve_aborted', 'dispute', new.id::text,
      jsonb_build_object('status', old.status, 'outcome', old.outcome, 'creator_cents', old.creator_cents,
        'brand_cents', old.brand_cents),
      jsonb_build_object('status', new.status));
  end if;
  return null;
end;
$$;
create trigger disputes_audit_decision after update of status on app.disputes
  for each row execute function app.audit_dispute_decision();

-- What the admin-users edge function does through the Auth admin API ----------------------------------

/**
 * Service role: the admin-users edge function records an action it takes through Auth (an email change,
 * a deletion, a new brand login) for the admin it authenticated, in the same request. The actor must be
 * an admin. For 'user.delete' the row is written before the deletion, with the user's profile as
 * `before` (read here, not taken from the caller), so a deletion is never left unlogged; if Auth then
 * fails, the function records 'user.delete_failed'.
 */
create or replace function app.audit_user_action(actor_id uuid, action text, user_id uuid,
  before jsonb default null, after jsonb default null)
returns bigint
language plpgsql
security definer
set search_path = ''
as $$
declare
  snapshot jsonb;
begin
  if app.role_of(audit_user_action.actor_id) is distinct from 'admin' then
    perform app.fail('42501', 'Only admins'' actions are audited here', 'not_admin');
  end if;
  if action is null or action not in ('user.email_change', 'user.delete', 'user.delete_failed', 'user.create_brand') then
    perform app.fail('22023', 'Unknown audited action', 'action_invalid');
  end if;
  if action = 'user.delete' then
    select jsonb_build_object('email', p.email, 'username', p.username, 'full_name', p.full_name, 'role', p.role)
      into snapshot from app.profiles p where p.id = audit_user_action.user_id;
    if snapshot is null then
      perform app.fail('PT404', 'User not found', 'user_not_found');
    end if;
    return app.write_admin_audit(audit_user_action.actor_id, action, 'user', user_id::text, snapshot, null);
  end if;
  return app.write_admin_audit(audit_user_action.actor_id, action, 'user', user_id::text,
    audit_user_action.before, audit_user_action.after);
end;
$$;
comment on function app.audit_user_action(uuid, text, uuid, jsonb, jsonb) is
  'Service role: records an admin-users action. Security definer: it inserts into the audit log, which no API role may write; the actor must be an admin.';
revoke execute on function app.audit_user_action(uuid, text, uuid, jsonb, jsonb) from public, anon, authenticated;
grant execute on function app.audit_user_action(uuid, text, uuid, jsonb, jsonb) to service_role;

/** Service role: app.audit_user_action, for the admin-users edge function. */
create or replace function api.admin_audit_user_action(actor_id uuid, action text, user_id uuid,
  before jsonb default null, after jsonb default null)
returns bigint
language sql
set search_path = ''
as $$
  select app.audit_user_action(admin_audit_user_action.actor_id, admin_audit_user_action.action,
    admin_audit_user_action.user_id, admin_audit_user_action.before, admin_audit_user_action.after)
$$;
revoke execute on function api.admin_audit_user_action(uuid, text, uuid, jsonb, jsonb) from public, anon, authenticated;
grant execute on function api.admin_audit_user_action(uuid, text, uuid, jsonb, jsonb) to service_role;

-- Reading the log -------------------------------------------------------------------------------------

/**
 * Admins: one page of the audit log, newest first, below the id of the last row seen; with
 * the actor's name and email and a readable target (a user's name, or the name kept in the row for a
 * deleted one; a dispute's campaign; a review's reviewee).
 */
create or replace function app.admin_audit_page(before_id bigint, page_size integer)
returns table (id bigint, at timestamptz, actor_id uuid, actor_name text, actor_email text, action text,
  target_type text, target_id text, target_label text, before jsonb, after jsonb)
language plpgsql
stable
security definer
set search_path = ''
as $$
#variable_conflict use_column
begin
  perform app.assert_admin();
  return query
    select l.id, l.at, l.actor_id, ap.full_name, ap.email, l.action, l.target_type, l.target_id,
      case l.target_type
        when 'user' then coalesce((select app.display_name(p.id) from app.profiles p where p.id::text = l.target_id),
          l.before ->> 'full_name', l.after ->> 'full_name', l.before ->> 'email', l.after ->> 'email')
        when 'dispute' then (select c.title from app.disputes d join app.escrows e on e.id = d.escrow_id
            join app.campaigns c on c.id = e.campaign_id where d.id::text = l.target_id)
        when 'review' then (select app.display_name(r.reviewee_id) from app.reviews r where r.id::text = l.target_id)
      end,
      l.before, l.after
    from app.admin_audit_log l
    left join app.profiles ap on ap.id = l.actor_id
    where admin_audit_page.before_id is null or l.id < admin_audit_page.before_id
    order by l.id desc
    limit least(greatest(coalesce(admin_audit_page.page_size, 20), 1), 100);
end;
$$;
comment on function app.admin_audit_page(bigint, integer) is
  'Admins: a page of the audit log. Security definer: it shows the actors'' emails, a column no user role may select; app.assert_admin refuses non-admins first.';
revoke execute on function app.admin_audit_page(bigint, integer) from public, anon;
grant execute on function app.admin_audit_page(bigint, integer) to authenticated;

/** Admins: the audit log, newest first, keyset-paged by the id of the last row of the previous page. */
create or replace function api.admin_audit_log(before_id bigint default null, page_size integer default 20)
returns table (id bigint, at timestamptz, actor_id uuid, actor_name text, actor_email text, action text,
  target_type text, target_id text, target_label text, before jsonb, after jsonb)
language sql
stable
set search_path = ''
as $$
  select * from app.admin_audit_page(admin_audit_log.before_id, admin_audit_log.page_size)
$$;
revoke execute on function api.admin_audit_log(bigint, integer) from public, anon;
grant execute on function api.admin_audit_log(bigint, integer) to authenticated;
