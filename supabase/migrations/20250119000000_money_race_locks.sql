-- Issue 29, item 4: calls that decide where a hire's money goes wait for the hire's row (app.escrows), so
-- two of them racing on a Postgres server cannot both succeed. cancel_hire_begin, open_dispute (its guard),
-- the release and every refund already locked that row; content arriving and approval did not. Measured
-- with supabase/tests/money-races.test.ts (40 rounds a pair) before this migration:
-- - a creator's submission and the brand's cancellation both succeeded in 33 to 38 rounds: the refund
--   went out and the content stayed delivered;
-- - an approval whose hire was disputed while its statement ran was saved without releasing the money
--   (1 to 2 rounds: approved content on a frozen hire); an approval losing to a dispute or a refund read
--   "Only a funded hire can be released";
-- - the scheduler's auto-approvals and a dispute on one of the hires due deadlocked (5 to 6 rounds): the
--   run locked the content `for update`, which blocks the key-share lock the dispute's notification takes
--   on it, while it waited for the hire the dispute held.
-- Now a new deliverable and an approval take the hire's row lock and read its state under it; the loser
-- gets the refusal it would have had a moment later (hire_closed, hire_not_funded, dispute_open), which
-- the app already shows in both languages. Lock order stays deliverable, then hire, as the release's was.

/**
 * Trigger (replaces issue 17's): content gets its review deadline on each submission to a funded hire;
 * approving is refused while the hire is disputed (an admin decides) or after it was closed. New content
 * and approval wait for the hire's row and read its state under the lock: a cancellation, a dispute or a
 * refund racing them has either finished (and refuses them here) or waits for them (and sees the content,
 * or the release). A hire already disputed or closed is refused without waiting: withdrawing a dispute
 * locks the hire, then its content, so an approval waiting for that hire while holding its content would
 * deadlock with it.
 */
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
    if hire_status in ('refund_pending', 'refunded', 'canceled', 'charged_back') then
      raise exception 'This hire was canceled, so content can no longer be submitted'
        using errcode = 'PT409', detail = 'hire_closed';
    end if;
  end if;
  if approving then
    if hire_status = 'disputed' then
      raise exception 'A dispute is open on this hire: an admin will decide how the money is released'
        using errcode = 'PT409', detail = 'dispute_open';
    end if;
    if hire_status in ('awaiting_funding', 'refund_pending', 'refunded', 'canceled', 'charged_back') then
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

/**
 * Approves content whose review deadline passed by `as_of` (see issues 16 and 17), except on a hire that
 * is disputed (frozen) or closed. Rows are locked `for no key update`, the lock the approval's own update
 * takes: `for update` also blocked the key-share lock a dispute's notification takes on the deliverable
 * while that dispute held the hire's row the approval waits for, and one of the two died in a deadlock.
 * A hire disputed or closed after this run chose its content is refused under the hire's lock (see
 * app.deliverable_review_window); that content is skipped, and the run approves the others.
 */
create or replace function app.auto_approve_due(as_of timestamptz default now())
returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  d record;
  approved integer := 0;
begin
  perform set_config('app.approval_kind', 'auto_approved', true);
  for d in
    select x.id from app.deliverables x
    where x.review_due_at <= as_of and x.status in ('pending', 'submitted')
      and not exists (select 1 from app.escrows e where e.application_id = x.application_id and e.status not in ('funded', 'released'))
    order by x.review_due_at
    for no key update of x skip locked
  loop
    begin
      update app.deliverables x set status = 'approved', review_due_at = null
      where x.id = d.id and x.status in ('pending', 'submitted');
      approved := approved + 1;
    exception
      when sqlstate 'PT409' then
        null;
    end;
  end loop;
  perform set_config('app.approval_kind', '', true);
  return approved;
end;
$$;
