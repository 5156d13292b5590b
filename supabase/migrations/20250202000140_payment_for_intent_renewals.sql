-- Decision 0060: the payment result screen of a licence renewal's payment names its hire and campaign, as a
-- hire funding's does (a renewal payment has neither a deliverable nor an escrow).
create or replace function api.payment_for_intent(stripe_payment_id text)
returns table (
  payment_id uuid,
  deliverable_id uuid,
  campaign_title text,
  amount_cents bigint,
  status text,
  application_id uuid,
  campaign_id uuid
)
language plpgsql
stable
set search_path = ''
as $$
#variable_conflict use_column
declare
  p app.payments;
  app_id uuid;
  camp_id uuid;
  title text;
begin
  select * into p from app.payments x where x.stripe_payment_id = payment_for_intent.stripe_payment_id;
  if not found then
    perform app.fail('PT404', 'Payment not found', 'payment_not_found');
  end if;
  if p.brand_id is distinct from (select auth.uid()) then
    perform app.fail('42501', 'Only the paying brand can check this payment', 'not_payer');
  end if;
  if p.deliverable_id is not null then
    select d.application_id, d.campaign_id into app_id, camp_id from app.deliverables d where d.id = p.deliverable_id;
  end if;
  if p.renewal_id is not null then
    select a.id, a.campaign_id into app_id, camp_id
    from app.licence_renewals r join app.applications a on a.id = r.application_id where r.id = p.renewal_id;
  end if;
  if p.escrow_id is not null and (app_id is null or camp_id is null) then
    select coalesce(app_id, e.application_id), coalesce(camp_id, e.campaign_id) into app_id, camp_id
    from app.escrows e where e.id = p.escrow_id;
  end if;
  if camp_id is not null then
    select c.id, c.title into camp_id, title from app.campaigns c where c.id = camp_id;
    if not found then
      camp_id := null;
    end if;
  end if;
  return query select p.id, p.deliverable_id, title, p.amount_cents, p.status, app_id, camp_id;
end;
$$;
