-- Issue 30, finding 6: one rule for the state of a creator's job, used by the creator dashboard's counts and
-- by the list of her jobs (api.my_applications), so "Active jobs 2" sits above exactly two active jobs.
-- Before, the dashboard counted every accepted application as active (paid and finished hires too) and
-- every approved deliverable as completed (so a hire released by an admin's decision never counted, and a
-- hire with two approved links counted twice), while the list showed every application.
-- See docs/decisions/0032-one-rule-for-states-days-and-counts.md.

/**
 * The state of a creator's job, from the application and its hire:
 *   applied   - the application waits for the brand;
 *   active    - hired and not finished: accepted, and its escrow awaits funding, is funded, disputed or being
 *               refunded (money still held); a hire from before escrow while it has no content or its
 *               latest content awaits review or changes;
 *   completed - the creator was paid for it: the escrow was released (by approval, automatically, or by an
 *               admin's decision with money to the creator, a split included); before escrow, content approved and none
 *               still in review;
 *   closed    - not hired (rejected), or ended without pay: canceled, refunded (a dispute decided for the
 *               brand included), charged back, or (before escrow) its only outcome rejected content.
 * Not security definer: it reads only what the caller may read (a creator her own rows).
 */
create or replace function app.job_state(application_id uuid)
returns text
language sql
stable
set search_path = ''
as $$
  select case
    when a.status = 'pending' then 'applied'
    when a.status <> 'accepted' then 'closed'
    when e.status in ('awaiting_funding', 'funded', 'disputed', 'refund_pending') then 'active'
    when e.status = 'released' then 'completed'
    when e.status is not null then 'closed'
    -- Before escrow each piece of content was paid on approval: a hire works while it has no content or
    -- its latest content awaits review or changes, and is paid once some content was approved.
    when latest.status is null or latest.status in ('pending', 'submitted', 'changes_requested') then 'active'
    when exists (select 1 from app.deliverables d where d.application_id = a.id and d.status = 'approved') then 'completed'
    else 'closed'
  end
  from app.applications a
  left join app.escrows e on e.application_id = a.id
  left join lateral (select d.status from app.deliverables d where d.application_id = a.id
    order by d.created_at desc, d.id desc limit 1) latest on true
  where a.id = job_state.application_id
$$;
comment on function app.job_state(uuid) is
  'applied | active | completed | closed: the one rule for a creator''s job (see 20250120000100_job_states.sql).';
revoke execute on function app.job_state(uuid) from public, anon;
grant execute on function app.job_state(uuid) to authenticated, service_role;

-- The dashboard's two counts by that rule (the other three figures as in 20250118000200).
create or replace function api.creator_dashboard()
returns api.creator_dashboard_stats
language plpgsql
stable
set search_path = ''
as $$
declare
  result api.creator_dashboard_stats;
begin
  select
    (select count(*) filter (where s.state = 'active')::integer from (
      select app.job_state(a.id) as state from app.applications a where a.creator_id = (select auth.uid())) s),
    (select count(*) filter (where s.state = 'completed')::integer from (
      select app.job_state(a.id) as state from app.applications a where a.creator_id = (select auth.uid())) s),
    (select round(ur.rating, 1) from app.user_ratings ur where ur.user_id = (select auth.uid()) and ur.review_count > 0),
    coalesce((select ur.review_count from app.user_ratings ur where ur.user_id = (select auth.uid())), 0),
    (select coalesce(-sum(e.amount_cents), 0)::bigint from app.ledger_entries e
      join app.ledger_transactions t on t.id = e.transaction_id
      where e.creator_id = (select auth.uid()) and e.account = 'creator_available' and t.kind in ('release', 'direct_payment'))
  into result;
  return result;
end;
$$;

-- The creator's applications, each with its job state (the dashboard lists the active ones under "My active
-- jobs" and the rest apart). A new last column: the function is dropped and created again.
drop function api.my_applications();
create function api.my_applications()
returns table (id uuid, status text, pitch text, created_at timestamptz, updated_at timestamptz, campaign jsonb,
  cancel_reason text, hire jsonb, job_state text)
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
revoke execute on function api.my_applications() from public, anon;
grant execute on function api.my_applications() to authenticated;
