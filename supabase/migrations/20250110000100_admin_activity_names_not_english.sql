-- The activity feed named a deleted brand or creator 'Deleted user', an English phrase a Spanish admin
-- screen then showed (issue 15). It now returns null for a name that is gone; the screen says it in the
-- reader's language. Same signature, still security invoker (20250108000100).
create or replace function api.admin_recent_activity(max_items integer default 10)
returns table (kind text, occurred_at timestamptz, actor_id uuid, actor_name text, subject text, status text,
  amount_cents bigint)
language plpgsql
stable
security invoker
set search_path = ''
as $$
declare
  n integer := least(greatest(coalesce(max_items, 10), 1), 50);
begin
  perform app.assert_admin();
  return query
    select * from (
      (select 'signup'::text, p.created_at, p.id, p.full_name, p.role, null::text, null::bigint
       from app.profiles p order by p.created_at desc, p.id desc limit n)
      union all
      (select 'campaign'::text, c.created_at, c.brand_id, coalesce(b.company_name, p.full_name), c.title, c.status, c.compensation_cents
       from app.campaigns c join app.profiles p on p.id = c.brand_id
       left join app.brand_profiles b on b.user_id = c.brand_id
       order by c.created_at desc, c.id desc limit n)
      union all
      (select 'application'::text, a.created_at, a.creator_id, p.full_name, c.title, a.status, null::bigint
       from app.applications a join app.profiles p on p.id = a.creator_id
       join app.campaigns c on c.id = a.campaign_id
       order by a.created_at desc, a.id desc limit n)
      union all
      (select 'payment'::text, coalesce(pm.payment_date, pm.created_at), pm.brand_id,
         coalesce(b.company_name, p.full_name), cr.full_name, pm.status, pm.amount_cents
       from app.payments pm
       left join app.profiles p on p.id = pm.brand_id
       left join app.brand_profiles b on b.user_id = pm.brand_id
       left join app.profiles cr on cr.id = pm.creator_id
       order by coalesce(pm.payment_date, pm.created_at) desc, pm.id desc limit n)
    ) events (kind, occurred_at, actor_id, actor_name, subject, status, amount_cents)
    order by events.occurred_at desc
    limit n;
end;
$$;
