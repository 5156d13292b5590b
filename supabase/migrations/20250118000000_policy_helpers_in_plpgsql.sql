-- The helpers row-level security policies and api functions call on every request, rewritten in plpgsql with
-- the same bodies, the same volatility, security and grants (create or replace keeps the grants).
--
-- Why: a sql function with a `set search_path` clause is never inlined, and before Postgres 18 the executor
-- parses and plans its body again in every statement that calls it (the plan lives in the call site's
-- expression state, which each execution builds anew). plpgsql keeps its plans for the session. At ten times
-- the data (`npm run bench:db -- --scale 10`) each `(select app.is_admin())` of a policy cost 0.13-0.28 ms
-- as sql and 0.03-0.07 ms as plpgsql; admin_recent_activity reads ten policed tables, so under RLS it took
-- about twice its RLS-bypassed twin. Parameters are qualified with the function's name, as plpgsql would
-- otherwise read a same-named column as the parameter.

create or replace function app.is_admin()
returns boolean
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  return coalesce((select p.role = 'admin' from app.profiles p where p.id = (select auth.uid())), false);
end;
$$;

create or replace function app.current_role()
returns text
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  return (select p.role from app.profiles p where p.id = (select auth.uid()));
end;
$$;

create or replace function app.role_of(user_id uuid)
returns text
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  return (select p.role from app.profiles p where p.id = role_of.user_id);
end;
$$;

create or replace function app.is_privileged()
returns boolean
language plpgsql
stable
set search_path = ''
as $$
begin
  return current_user not in ('anon', 'authenticated');
end;
$$;

create or replace function app.my_email_address()
returns text
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  return (select lower(p.email) from app.profiles p where p.id = (select auth.uid()));
end;
$$;

create or replace function app.campaign_is_active(campaign_id uuid)
returns boolean
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  return exists (select 1 from app.campaigns c where c.id = campaign_is_active.campaign_id and c.status = 'active');
end;
$$;

create or replace function app.can_message(sender uuid, receiver uuid)
returns boolean
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  return can_message.sender <> can_message.receiver and exists (
    select 1 from app.profiles s, app.profiles r
    where s.id = can_message.sender and r.id = can_message.receiver
      and (s.role = 'admin' or r.role = 'admin'
           or (s.role = 'brand' and r.role = 'creator') or (s.role = 'creator' and r.role = 'brand'))
  );
end;
$$;

create or replace function app.can_see_dispute(dispute_id uuid)
returns boolean
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  return exists (select 1 from app.disputes d where d.id = can_see_dispute.dispute_id
                 and (select auth.uid()) in (d.brand_id, d.creator_id))
      or app.is_admin();
end;
$$;

create or replace function app.dispute_is_active(dispute_id uuid)
returns boolean
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  return exists (select 1 from app.disputes d where d.id = dispute_is_active.dispute_id and d.status in ('open', 'resolving'));
end;
$$;

create or replace function app.hire_allows_work(application_id uuid)
returns boolean
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  return not exists (
    select 1 from app.escrows e
    where e.application_id = hire_allows_work.application_id
      and e.status in ('awaiting_funding', 'refund_pending', 'refunded', 'canceled', 'charged_back'));
end;
$$;

create or replace function app.notifications_topic(user_id uuid)
returns text
language plpgsql
immutable
set search_path = ''
as $$
begin
  return 'notifications:' || notifications_topic.user_id::text;
end;
$$;
