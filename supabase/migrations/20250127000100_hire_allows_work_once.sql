-- Issue 33, item 2: one home for the hire. The hire states that block work (not funded yet, or closed
-- without pay) were written in five places: app.hire_allows_work, the content trigger's two refusals, and
-- the web app. They are now one list here, app.hire_status_allows_work, and one in the contract
-- (HIRE_STATUSES_BLOCKING_WORK in supabase/functions/_shared/contract/hire.ts);
-- supabase/tests/hire-contract.test.ts holds the two to the same answer for every state.
-- Behaviour is unchanged: app.hire_allows_work and app.deliverable_review_window (as in
-- 20250119000000_money_race_locks.sql) ask the one function instead of repeating the list.

/**
 * Whether a hire in this state lets the creator work (submit content) and the brand approve it: yes with
 * no hire (no funding involved), funded, disputed (the dispute decides the money, content may still come)
 * and released; no while it awaits funding, and once it closed without pay (refund pending, refunded,
 * canceled, charged back).
 */
create or replace function app.hire_status_allows_work(hire_status text)
returns boolean
language sql
immutable
set search_path = ''
as $$
  select hire_status is null
    or hire_status not in ('awaiting_funding', 'refund_pending', 'refunded', 'canceled', 'charged_back')
$$;
revoke execute on function app.hire_status_allows_work(text) from public, anon;
grant execute on function app.hire_status_allows_work(text) to authenticated, service_role;

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
      and not app.hire_status_allows_work(e.status));
end;
$$;

create or replace function app.deliverable_review_window()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  hire_status text;
  approving boolean := tg_op = 'UPDATE' and new.status = 'approved' and old.status <> 'approved';
begin
  if tg_op = 'INSERT' and (select auth.role()) = 'authenticated' and new.creator_id is distinct from (select auth.uid()) then
    -- Not the caller's application: the insert policy refuses it; a stranger neither waits for the hire nor learns its state.
    return new;
  end if;
  select e.status into hire_status from app.escrows e where e.application_id = new.application_id;
  if hire_status is not null and (tg_op = 'INSERT' or (approving and hire_status in ('funded', 'released'))) then
    select e.status into hire_status from app.escrows e where e.application_id = new.application_id for update;
  end if;
  if tg_op = 'INSERT' then
    -- The same refusals as app.assert_hire_allows_work, now with the state no other call can change.
    if hire_status = 'awaiting_funding' then
      raise exception 'The brand has not funded this hire yet. You can submit content once it is funded.'
        using errcode = 'PT409', detail = 'hire_not_funded';
    end if;
    if not app.hire_status_allows_work(hire_status) then
      raise exception 'This hire was canceled, so content can no longer be submitted'
        using errcode = 'PT409', detail = 'hire_closed';
    end if;
  end if;
  if approving then
    if hire_status = 'disputed' then
      raise exception 'A dispute is open on this hire: an admin will decide how the money is released'
        using errcode = 'PT409', detail = 'dispute_open';
    end if;
    if not app.hire_status_allows_work(hire_status) then
      raise exception 'This hire was canceled or refunded, so its content can no longer be approved'
        using errcode = 'PT409', detail = 'hire_closed';
    end if;
  end if;
  if new.status in ('pending', 'submitted') then
    if hire_status in ('funded', 'disputed') and (tg_op = 'INSERT' or new.content_url is distinct from old.content_url
                                   or old.status not in ('pending', 'submitted') or old.review_due_at is null) then
      new.review_due_at := now() + make_interval(hours => (select s.review_window_hours from app.platform_settings s));
    end if;
  else
    new.review_due_at := null;
  end if;
  return new;
end;
$$;
