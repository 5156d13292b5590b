-- Admin operations and the audit log.
-- Current definitions (decision 0039): change them here, then `npm run db:diff` writes the migration.

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

create table app.admin_audit_log (
  id bigint generated always as identity,
  at timestamp with time zone default now() not null,
  actor_id uuid,
  action text not null,
  target_type text not null,
  target_id text,
  before jsonb,
  after jsonb,
  constraint admin_audit_log_pkey primary key (id),
  constraint admin_audit_log_action_valid check (action = any (array['settings.update'::text, 'user.update'::text, 'user.role_change'::text, 'user.email_change'::text, 'user.delete'::text, 'user.delete_failed'::text, 'user.create_brand'::text, 'review.hide'::text, 'review.unhide'::text, 'dispute.resolve'::text, 'dispute.resolve_aborted'::text, 'brand.approve'::text, 'brand.reject'::text, 'tax_form.tin_read'::text, 'tax_report.export'::text])),
  constraint admin_audit_log_target_type_valid check (target_type = any (array['settings'::text, 'user'::text, 'review'::text, 'dispute'::text, 'tax_form'::text, 'tax_report'::text]))
);
alter table app.admin_audit_log enable row level security;
comment on table app.admin_audit_log is 'Append-only. One admin action: actor (null: not a signed-in admin, e.g. a migration), action, target, values before and after.';
grant select on app.admin_audit_log to authenticated, service_role;

create trigger admin_audit_log_append_only before delete or update on app.admin_audit_log for each row execute function app.admin_audit_log_append_only();
create trigger admin_audit_log_no_truncate before truncate on app.admin_audit_log for each statement execute function app.admin_audit_log_append_only();

create policy "Admins read the audit log" on app.admin_audit_log
for select
to authenticated
using (( select app.is_admin() as is_admin));

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

create or replace function app.admin_audit_page(before_id bigint, page_size integer)
returns table (
  id bigint,
  at timestamp with time zone,
  actor_id uuid,
  actor_name text,
  actor_email text,
  action text,
  target_type text,
  target_id text,
  target_label text,
  before jsonb,
  after jsonb
)
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
        when 'tax_form' then (select app.display_name(t.creator_id) from app.tax_forms t where t.id::text = l.target_id)
        when 'tax_report' then l.target_id
      end,
      l.before, l.after
    from app.admin_audit_log l
    left join app.profiles ap on ap.id = l.actor_id
    where admin_audit_page.before_id is null or l.id < admin_audit_page.before_id
    order by l.id desc
    limit least(greatest(coalesce(admin_audit_page.page_size, 20), 1), 100);
end;
$$;
comment on function app.admin_audit_page(before_id bigint, page_size integer) is 'Admins: a page of the audit log. Security definer: it shows the actors'' emails, a column no user role may select; app.assert_admin refuses non-admins first.';
grant execute on function app.admin_audit_page(before_id bigint, page_size integer) to authenticated;

create or replace function app.assert_admin()
returns void
language plpgsql
stable
set search_path = ''
as $$
begin
  if not app.is_admin() then
    perform app.fail('42501', 'Only admins can manage users', 'not_admin');
  end if;
end;
$$;
grant execute on function app.assert_admin() to authenticated;

create or replace function app.audit_changes(old_values jsonb, new_values jsonb, out before jsonb, out after jsonb)
returns record
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

create or replace function app.audit_user_action(
  actor_id uuid,
  action text,
  user_id uuid,
  before jsonb default null::jsonb,
  after jsonb default null::jsonb
)
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
comment on function app.audit_user_action(actor_id uuid, action text, user_id uuid, before jsonb, after jsonb) is 'Service role: records an admin-users action. Security definer: it inserts into the audit log, which no API role may write; the actor must be an admin.';
grant execute on function app.audit_user_action(actor_id uuid, action text, user_id uuid, before jsonb, after jsonb) to service_role;

create or replace function app.clear_password_change_required()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  new.raw_app_meta_data := new.raw_app_meta_data - 'password_change_required';
  return new;
end;
$$;

create or replace function app.keep_last_admin()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if old.role = 'admin' and (tg_op = 'DELETE' or new.role is distinct from 'admin')
     and not exists (select 1 from app.profiles p where p.role = 'admin' and p.id <> old.id) then
    raise exception 'The last admin cannot be removed or demoted' using errcode = 'PT409', detail = 'last_admin';
  end if;
  return case when tg_op = 'DELETE' then old else new end;
end;
$$;

create or replace function app.write_admin_audit(actor_id uuid, action text, target_type text, target_id text, before jsonb, after jsonb)
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

create trigger disputes_audit_decision after update of status on app.disputes for each row execute function app.audit_dispute_decision();

create trigger on_auth_user_password_changed before update of encrypted_password on auth.users for each row when (new.encrypted_password::text is distinct from old.encrypted_password::text and old.raw_app_meta_data ? 'password_change_required'::text) execute function app.clear_password_change_required();

create trigger platform_settings_audit after update on app.platform_settings for each row execute function app.audit_platform_settings();

create trigger profiles_audit after delete or update on app.profiles for each row execute function app.audit_profile_change();

create trigger profiles_keep_last_admin before delete or update of role on app.profiles for each row execute function app.keep_last_admin();

create trigger reviews_audit_visibility after update of hidden_at on app.reviews for each row execute function app.audit_review_visibility();
