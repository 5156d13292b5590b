-- Decision 0056 amended: the funding quote names the amount's parts (content_cents, licence_cents) beside the
-- total, so the fund screen shows the content fee and the usage licence apart. New columns: drop and recreate.
drop function if exists api.hire_quote(application_id uuid);
create or replace function api.hire_quote(application_id uuid)
returns table (
  escrow_id uuid,
  campaign_id uuid,
  campaign_title text,
  brand_id uuid,
  creator_id uuid,
  creator_name text,
  amount_cents bigint,
  fee_bps integer,
  fee_cents bigint,
  creator_cents bigint,
  status text,
  content_cents bigint,
  licence_cents bigint
)
language plpgsql
stable
set search_path = ''
as $$
#variable_conflict use_column
declare
  a record;
  e app.escrows;
begin
  select x.id, x.brand_id, x.status into a from app.applications x where x.id = hire_quote.application_id;
  if not found then
    perform app.fail('PT404', 'Application not found', 'application_not_found');
  end if;
  if a.brand_id is distinct from (select auth.uid()) then
    perform app.fail('42501', 'Only the brand that hired can fund this hire', 'not_owner');
  end if;
  select * into e from app.escrows x where x.application_id = a.id;
  if not found then
    perform app.fail('PT409', 'This hire needs no funding', 'no_funding_needed');
  end if;
  if e.status in ('funded', 'released', 'refund_pending') then
    perform app.fail('PT409', 'This hire is already funded', 'already_funded');
  end if;
  if e.status <> 'awaiting_funding' then
    perform app.fail('PT409', 'This hire was canceled', 'hire_closed');
  end if;
  -- Stripe's limits for one card payment ($0.50 to $999,999.99), with the card payments' own messages.
  perform app.payment_amount('flat_fee', e.amount_cents, null);
  return query
    select e.id, e.campaign_id, c.title::text, e.brand_id, e.creator_id, p.full_name::text,
      e.amount_cents, e.fee_bps, app.platform_fee(e.amount_cents, e.fee_bps),
      e.amount_cents - app.platform_fee(e.amount_cents, e.fee_bps), e.status,
      coalesce(x.content_cents, e.amount_cents), coalesce(x.licence_cents, 0)
    from (select 1) one
    left join app.campaigns c on c.id = e.campaign_id
    left join app.profiles p on p.id = e.creator_id
    left join lateral app.hire_amount_parts(e.application_id, e.amount_cents) x on true;
end;
$$;
grant execute on function api.hire_quote(application_id uuid) to authenticated;
