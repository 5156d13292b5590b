-- The admins' dispute queue a page at a time (issue 19). api.admin_dispute_queue() returned every open
-- dispute with its names, latest content and money held: 10,491 rows and 2.1 s at scale 10. It now takes
-- a page (50 by default, 1 to 200; anything else is refused) after a cursor: the last row's created_at
-- (when the dispute was opened) and id, the order the queue always had (oldest first, then id). The page
-- is read from a partial index of the waiting disputes in that order, so every page costs the same.
-- Security invoker as before (RLS reads every row), admins only, errors through app.fail.

create index disputes_queue_idx on app.disputes (created_at, id) where status in ('open', 'resolving');
-- Served by the new index (the same rows, the same leading column).
drop index app.disputes_active_idx;

drop function api.admin_dispute_queue();

/**
 * Admins: disputes waiting for a decision, oldest first, with the money at stake, a page at a time. Next
 * page: the last row's created_at and id as after_opened_at and after_id (after_opened_at alone: the
 * disputes opened after that time).
 */
create or replace function api.admin_dispute_queue(
  page_size integer default 50,
  after_opened_at timestamptz default null,
  after_id uuid default null
)
returns table (id uuid, application_id uuid, deliverable_id uuid, campaign_title text, brand_name text, creator_name text,
  reason text, opened_by_role text, status text, amount_cents bigint, held_cents bigint, created_at timestamptz)
language plpgsql
stable
set search_path = ''
as $$
#variable_conflict use_column
begin
  perform app.assert_admin();
  if page_size is null or page_size < 1 or page_size > 200 then
    perform app.fail('22023', 'The page size must be between 1 and 200', 'page_size_invalid');
  end if;
  if after_id is not null and after_opened_at is null then
    perform app.fail('22023', 'A cursor''s id needs its time (after_opened_at)', 'cursor_invalid');
  end if;
  return query
    select d.id, d.application_id,
      (select x.id from app.deliverables x where x.application_id = d.application_id order by x.created_at desc, x.id desc limit 1),
      c.title,
      case when bp.role = 'brand' then coalesce(bb.company_name, bp.full_name) else bp.full_name end,
      case when cp.role = 'brand' then coalesce(cb.company_name, cp.full_name) else cp.full_name end,
      d.reason, d.opened_by_role, d.status,
      e.amount_cents, app.escrow_held(e.id), d.created_at
    from (
      -- The page first, from disputes_queue_idx (no cursor: from -infinity, every dispute); then its details.
      select x.* from app.disputes x
      where x.status in ('open', 'resolving')
        and (x.created_at, x.id) > (coalesce(admin_dispute_queue.after_opened_at, '-infinity'::timestamptz),
                                    coalesce(admin_dispute_queue.after_id, 'ffffffff-ffff-ffff-ffff-ffffffffffff'::uuid))
      order by x.created_at, x.id
      limit admin_dispute_queue.page_size
    ) d
    join app.escrows e on e.id = d.escrow_id
    left join app.campaigns c on c.id = e.campaign_id
    -- The parties' names as app.display_name gives them (every signed-in user reads profiles), joined
    -- instead of two function calls a row.
    left join app.profiles bp on bp.id = d.brand_id
    left join app.brand_profiles bb on bb.user_id = d.brand_id
    left join app.profiles cp on cp.id = d.creator_id
    left join app.brand_profiles cb on cb.user_id = d.creator_id
    order by d.created_at, d.id;
end;
$$;
revoke execute on function api.admin_dispute_queue(integer, timestamptz, uuid) from public, anon;
grant execute on function api.admin_dispute_queue(integer, timestamptz, uuid) to authenticated;
