-- Decision 0060: Payment History names a licence renewal's payment by its hire's campaign (it has neither a
-- deliverable nor an escrow, so the row said "Deleted").
create or replace function api.payment_history()
returns table (
  id uuid,
  amount_cents bigint,
  currency text,
  status text,
  payment_method text,
  payment_date timestamp with time zone,
  created_at timestamp with time zone,
  deliverable_id uuid,
  campaign_id uuid,
  campaign_title text,
  creator_id uuid,
  creator_name text,
  brand_id uuid,
  brand_name text
)
language plpgsql
stable
set search_path = ''
as $$
begin
  return query
    select p.id, p.amount_cents, p.currency, p.status, p.payment_method, p.payment_date, p.created_at,
      coalesce(p.deliverable_id, hd.id), coalesce(d.campaign_id, e.campaign_id, ra.campaign_id), coalesce(cd.title, ce.title, cr2.title), p.creator_id, cr.full_name, p.brand_id,
      coalesce(bp.company_name, br.full_name)
    from app.payments p
    left join app.deliverables d on d.id = p.deliverable_id
    left join app.escrows e on e.id = p.escrow_id
    left join lateral (
      select x.id from app.deliverables x where x.application_id = e.application_id
      order by x.created_at desc, x.id desc limit 1
    ) hd on p.deliverable_id is null
    left join app.campaigns cd on cd.id = d.campaign_id
    left join app.campaigns ce on ce.id = e.campaign_id and d.id is null
    left join app.licence_renewals lr on lr.id = p.renewal_id
    left join app.applications ra on ra.id = lr.application_id
    left join app.campaigns cr2 on cr2.id = ra.campaign_id
    left join app.profiles cr on cr.id = p.creator_id
    left join app.profiles br on br.id = p.brand_id
    left join app.brand_profiles bp on bp.user_id = p.brand_id
    where p.brand_id = (select auth.uid()) or p.creator_id = (select auth.uid())
    order by coalesce(p.payment_date, p.created_at) desc, p.id desc;
end;
$$;
