-- Decision 0056 amended (issue 36 item 2): a paid licence is charged whatever the compensation type and
-- whether escrow is on or off. A paid licence with no flat fee in escrow (a product or performance campaign,
-- or any campaign while escrow is off) opens an escrow for the licence part alone (content 0), so the brand
-- funds it on hire and the creator is paid it on approval; "Pay creator" stays open for the content's money
-- of such a hire (only an escrow holding a content fee closes it).
create or replace function app.open_hire_on_accept()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  c app.campaigns;
  licence_cents bigint;
  content bigint;
begin
  if new.status <> 'accepted' or old.status = 'accepted' then
    return null;
  end if;
  select * into c from app.campaigns x where x.id = new.campaign_id;
  licence_cents := case when c.usage_kind = 'paid' then coalesce(c.usage_price_cents, 0) else 0 end;
  insert into app.hire_licences (application_id, campaign_id, brand_id, creator_id, usage_kind, usage_platforms,
    usage_territory, usage_term_days, usage_price_cents, exclusivity_category, exclusivity_days, content_cents,
    starts_at, ends_at)
  values (new.id, c.id, new.brand_id, new.creator_id, c.usage_kind, c.usage_platforms, c.usage_territory,
    c.usage_term_days, c.usage_price_cents, c.exclusivity_category, c.exclusivity_days,
    case when c.compensation_type = 'flat_fee' then c.compensation_cents else 0 end,
    now(), now() + make_interval(days => c.usage_term_days))
  on conflict (application_id) do nothing;
  -- The escrow holds the content fee and the paid-usage price together: one funding, one charge. A paid
  -- licence with no flat fee in escrow (a product or performance campaign, or escrow switched off) opens one
  -- for the licence part alone (content 0, decision 0056): the content's money still goes through "Pay creator".
  content := case when c.compensation_type = 'flat_fee' and (select s.escrow_enabled from app.platform_settings s)
    then greatest(c.compensation_cents, 0) else 0 end;
  if content + licence_cents > 0 then
    insert into app.escrows (application_id, campaign_id, brand_id, creator_id, amount_cents, fee_bps)
    select new.id, new.campaign_id, new.brand_id, new.creator_id, content + licence_cents, s.fee_bps
    from app.platform_settings s
    on conflict (application_id) do nothing;
  end if;
  return null;
end;
$$;

create or replace function api.payment_quote(deliverable_id uuid, amount_cents bigint default null::bigint)
returns table (
  campaign_id uuid,
  campaign_title text,
  compensation_type text,
  brand_id uuid,
  creator_id uuid,
  payable_cents bigint
)
language plpgsql
stable
set search_path = ''
as $$
#variable_conflict use_column
declare
  d app.deliverables := app.visible_deliverable(payment_quote.deliverable_id);
  c record;
begin
  if d.brand_id is distinct from (select auth.uid()) then
    perform app.fail('42501', 'Only the brand that owns the campaign can pay for this content', 'not_owner');
  end if;
  -- An escrow holding only a licence (a product or performance hire, decision 0056) leaves the content's
  -- money to "Pay creator".
  if exists (select 1 from app.escrows e, app.hire_amount_parts(e.application_id, e.amount_cents) x
             where e.application_id = d.application_id and x.content_cents > 0) then
    perform app.fail('PT409', 'This hire is paid through escrow: approving its content releases the payment', 'paid_through_escrow');
  end if;
  if d.status <> 'approved' then
    perform app.fail('PT409', 'Only approved content can be paid', 'deliverable_not_approved');
  end if;
  if exists (select 1 from app.payments p where p.deliverable_id = d.id and p.status = 'completed') then
    perform app.fail('PT409', 'This content has already been paid', 'already_paid');
  end if;
  select x.title, x.compensation_type, x.compensation_cents into c from app.campaigns x where x.id = d.campaign_id;
  return query select d.campaign_id, c.title::text, c.compensation_type::text, d.brand_id, d.creator_id,
    app.payment_amount(c.compensation_type, c.compensation_cents, payment_quote.amount_cents);
end;
$$;
grant execute on function api.payment_quote(deliverable_id uuid, amount_cents bigint) to authenticated;
