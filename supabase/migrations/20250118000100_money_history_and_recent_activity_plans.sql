-- Two api functions whose RLS-on calls took 1.6-1.9x their RLS-bypassed twins at ten times the data
-- (`npm run bench:db -- --scale 10`), both from planning rather than running:
-- - creator_money_history was a sql function with `set search_path`: never inlined, so its three-part union
--   was planned again on every call, and under RLS the policies' subplans make that plan about twice the
--   work. As plpgsql its plan is kept for the session (it has no parameters: the same plan fits every call).
-- - admin_recent_activity's page size was a parameter of every part, so each call was planned again for
--   it (a generic plan, blind to the limit, read whole tables: 200-700 ms). Now each part takes its newest
--   50 (the most a page holds) through its time index, the page is cut from those 200, and only then are
--   the names looked up, by primary key. One plan fits every page size and is kept. Only admins call it,
--   and they see every row, so the rows are those the joins gave.

create or replace function api.creator_money_history()
returns table (kind text, status text, amount_cents bigint, fee_cents bigint, occurred_at timestamptz,
  campaign_id uuid, campaign_title text, application_id uuid, payout_id uuid, failure_code text, failure_message text)
language plpgsql
stable
set search_path = ''
as $$
begin
  -- The ledger's sums are numeric; return query wants the declared bigint (a sql function cast them itself).
  return query
    select h.kind, h.status, h.amount_cents::bigint, h.fee_cents::bigint, h.occurred_at, h.campaign_id,
           h.campaign_title, h.application_id, h.payout_id, h.failure_code, h.failure_message
    from (
      select 'in_escrow'::text, e.status, e.amount_cents - app.platform_fee(e.amount_cents, e.fee_bps),
        app.platform_fee(e.amount_cents, e.fee_bps), e.funded_at, e.campaign_id, c.title, e.application_id,
        null::uuid, null::text, null::text
      from app.escrows e left join app.campaigns c on c.id = e.campaign_id
      where e.creator_id = (select auth.uid()) and e.status in ('funded', 'disputed', 'refund_pending', 'charged_back')
      union all
      select case t.kind when 'release' then 'released' else 'payment' end, case t.kind when 'release' then e.release_reason end,
        -(select sum(le.amount_cents) from app.ledger_entries le where le.transaction_id = t.id and le.account = 'creator_available'),
        -(select coalesce(sum(le.amount_cents), 0) from app.ledger_entries le where le.transaction_id = t.id and le.account = 'platform_fees'),
        -- When it happened (a payment's own date, a release's), not when the ledger line was written.
        coalesce(case t.kind when 'release' then e.released_at else p.payment_date end, t.created_at),
        t.campaign_id, c.title, e.application_id, null::uuid, null::text, null::text
      from app.ledger_transactions t
      left join app.escrows e on e.id = t.escrow_id
      left join app.payments p on p.id = t.payment_id
      left join app.campaigns c on c.id = t.campaign_id
      where t.creator_id = (select auth.uid()) and t.kind in ('release', 'direct_payment')
      union all
      select 'payout'::text, p.status, p.amount_cents, 0::bigint, coalesce(p.paid_at, p.failed_at, p.created_at),
        null::uuid, null::text, null::uuid, p.id, p.failure_code, p.failure_message
      from app.payouts p
      where p.creator_id = (select auth.uid())
    ) h (kind, status, amount_cents, fee_cents, occurred_at, campaign_id, campaign_title, application_id, payout_id,
      failure_code, failure_message)
    order by h.occurred_at desc nulls last;
end;
$$;

create or replace function api.admin_recent_activity(max_items integer default 10)
returns table (kind text, occurred_at timestamptz, actor_id uuid, actor_name text, subject text, status text,
  amount_cents bigint)
language plpgsql
stable
security invoker
set search_path = ''
-- The plan below suits every page size (the inner limits are constants): kept for the session, not made
-- again for each call's page size.
set plan_cache_mode = force_generic_plan
as $$
declare
  n integer := least(greatest(coalesce(max_items, 10), 1), 50);
begin
  perform app.assert_admin();
  -- The newest 50 of each kind (n is at most 50), newest n of those; names are looked up for those n only.
  return query
    select e.kind, e.occurred_at, e.actor_id,
             case e.kind
               when 'signup' then e.actor_name
               when 'application' then (select p.full_name from app.profiles p where p.id = e.actor_id)
               else coalesce((select b.company_name from app.brand_profiles b where b.user_id = e.actor_id),
                             (select p.full_name from app.profiles p where p.id = e.actor_id))
             end,
             case e.kind
               when 'application' then (select c.title from app.campaigns c where c.id = e.ref_id)
               when 'payment' then (select p.full_name from app.profiles p where p.id = e.ref_id)
               else e.subject
             end,
             e.status, e.amount_cents
        from (
          (select 'signup'::text as kind, p.created_at as occurred_at, p.id as actor_id, p.full_name as actor_name,
                  p.role as subject, null::text as status, null::bigint as amount_cents, null::uuid as ref_id
           from app.profiles p order by p.created_at desc, p.id desc limit 50)
          union all
          (select 'campaign'::text, c.created_at, c.brand_id, null::text, c.title, c.status, c.compensation_cents, null::uuid
           from app.campaigns c order by c.created_at desc, c.id desc limit 50)
          union all
          (select 'application'::text, a.created_at, a.creator_id, null::text, null::text, a.status, null::bigint, a.campaign_id
           from app.applications a order by a.created_at desc, a.id desc limit 50)
          union all
          (select 'payment'::text, coalesce(x.payment_date, x.created_at), x.brand_id, null::text, null::text, x.status,
                  x.amount_cents, x.creator_id
           from app.payments x order by coalesce(x.payment_date, x.created_at) desc, x.id desc limit 50)
        ) e
        order by e.occurred_at desc
        limit n;
end;
$$;
