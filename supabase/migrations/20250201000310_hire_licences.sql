-- Issue 36 item 2 (decision 0056): the hire keeps what was agreed. When the brand accepts an application,
-- the campaign's licence terms and its content fee are copied into app.hire_licences; editing the campaign
-- later changes no existing hire. The copy is immutable (a trigger refuses any change of the agreed
-- terms); only ends_at may move, and only later, which is what a funded renewal will do.
-- The paid-usage price is charged with the funding: the hire's escrow amount is the content fee plus the
-- licence price, and the funding's ledger memo names both parts, so receipts and withholding can tell
-- service income from licence income.
create table app.hire_licences (
  application_id uuid not null,
  -- Copies, not references: the agreement stands as it was whatever happens to the campaign or profile.
  campaign_id uuid not null,
  brand_id uuid not null,
  creator_id uuid not null,
  usage_kind text not null,
  usage_platforms text[] not null,
  usage_territory text[],
  usage_term_days integer not null,
  usage_price_cents bigint,
  exclusivity_category text,
  exclusivity_days integer,
  content_cents bigint not null,
  starts_at timestamp with time zone not null,
  ends_at timestamp with time zone not null,
  created_at timestamp with time zone default now() not null,
  constraint hire_licences_pkey primary key (application_id),
  constraint hire_licences_application_id_fkey foreign key (application_id) references app.applications(id) on delete cascade,
  constraint hire_licences_usage_kind_valid check (usage_kind = any (array['organic'::text, 'paid'::text])),
  constraint hire_licences_term_range check (usage_term_days > 0 and usage_term_days <= 3650),
  constraint hire_licences_price_valid check ((usage_kind = 'paid'::text) = (usage_price_cents is not null) and (usage_price_cents is null or usage_price_cents >= 0)),
  constraint hire_licences_content_nonnegative check (content_cents >= 0),
  constraint hire_licences_ends_after_start check (ends_at > starts_at)
);
alter table app.hire_licences enable row level security;
comment on table app.hire_licences is 'The licence a hire agreed (decision 0056): the campaign''s usage terms and content fee copied when the application was accepted. Immutable but for ends_at, which only moves later (a funded renewal).';
grant all on app.hire_licences to service_role;
grant select on app.hire_licences to authenticated;

create index hire_licences_brand_idx on app.hire_licences using btree (brand_id, ends_at);
create index hire_licences_creator_idx on app.hire_licences using btree (creator_id);

create policy "Parties and admins see hire licences" on app.hire_licences
for select
to authenticated
using (brand_id = (( select auth.uid() as uid)) or creator_id = (( select auth.uid() as uid)) or ( select app.is_admin() as is_admin));

create or replace function app.hire_licence_immutable()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if (new.application_id, new.campaign_id, new.brand_id, new.creator_id, new.usage_kind, new.usage_platforms,
      new.usage_territory, new.usage_term_days, new.usage_price_cents, new.exclusivity_category,
      new.exclusivity_days, new.content_cents, new.starts_at, new.created_at)
     is distinct from
     (old.application_id, old.campaign_id, old.brand_id, old.creator_id, old.usage_kind, old.usage_platforms,
      old.usage_territory, old.usage_term_days, old.usage_price_cents, old.exclusivity_category,
      old.exclusivity_days, old.content_cents, old.starts_at, old.created_at) then
    perform app.fail('55000', 'The licence a hire agreed cannot be changed', 'licence_immutable');
  end if;
  if new.ends_at < old.ends_at then
    perform app.fail('55000', 'A licence can only be extended', 'licence_immutable');
  end if;
  return new;
end;
$$;
create trigger hire_licences_immutable before update on app.hire_licences for each row execute function app.hire_licence_immutable();

-- The hires accepted before licences existed agreed to what their campaign says now (organic, 365 days).
insert into app.hire_licences (application_id, campaign_id, brand_id, creator_id, usage_kind, usage_platforms,
  usage_territory, usage_term_days, usage_price_cents, exclusivity_category, exclusivity_days, content_cents,
  starts_at, ends_at)
select a.id, c.id, a.brand_id, a.creator_id, c.usage_kind, c.usage_platforms, c.usage_territory, c.usage_term_days,
  c.usage_price_cents, c.exclusivity_category, c.exclusivity_days,
  coalesce(e.amount_cents, case when c.compensation_type = 'flat_fee' then c.compensation_cents else 0 end),
  a.updated_at, a.updated_at + make_interval(days => c.usage_term_days)
from app.applications a
join app.campaigns c on c.id = a.campaign_id
left join app.escrows e on e.application_id = a.id
where a.status = 'accepted';

create or replace function app.open_hire_on_accept()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  c app.campaigns;
  licence_cents bigint;
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
  -- The escrow holds the content fee and the paid-usage price together: one funding, one charge.
  if c.compensation_type = 'flat_fee' and c.compensation_cents > 0
     and (select s.escrow_enabled from app.platform_settings s) then
    insert into app.escrows (application_id, campaign_id, brand_id, creator_id, amount_cents, fee_bps)
    select new.id, new.campaign_id, new.brand_id, new.creator_id, c.compensation_cents + licence_cents, s.fee_bps
    from app.platform_settings s
    on conflict (application_id) do nothing;
  end if;
  return null;
end;
$$;

-- The licence part of a hire's payment, and the content part as the rest: one rule for the memo and the
-- library. Without a paid licence everything is content.
create or replace function app.hire_amount_parts(application_id uuid, amount_cents bigint)
returns table(content_cents bigint, licence_cents bigint)
language sql
stable
set search_path = ''
as $$
  select amount_cents - coalesce(min(l.usage_price_cents), 0), coalesce(min(l.usage_price_cents), 0)::bigint
  from app.hire_licences l
  where l.application_id = hire_amount_parts.application_id and l.usage_kind = 'paid'
$$;
grant execute on function app.hire_amount_parts(application_id uuid, amount_cents bigint) to authenticated, service_role;

create or replace function app.post_payment_received(p app.payments)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  e app.escrows;
  fee bigint;
  campaign uuid;
  parts record;
begin
  if p.escrow_id is not null then
    select * into e from app.escrows x where x.id = p.escrow_id for update;
    select * into parts from app.hire_amount_parts(e.application_id, p.amount_cents);
    perform app.ledger_post('escrow_funding', p.id::text,
      jsonb_build_array(
        jsonb_build_object('account', 'stripe_balance', 'amount_cents', p.amount_cents),
        jsonb_build_object('account', 'escrow', 'escrow_id', e.id, 'amount_cents', -p.amount_cents)),
      escrow_id => e.id, payment_id => p.id, campaign_id => e.campaign_id, creator_id => e.creator_id,
      brand_id => e.brand_id, stripe_object_id => p.stripe_payment_id,
      memo => format('content %s cents; licence %s cents', parts.content_cents, parts.licence_cents));
    if e.status in ('awaiting_funding', 'canceled') then
      update app.escrows x set status = 'funded', funded_at = coalesce(p.payment_date, now()) where x.id = e.id;
    end if;
    return;
  end if;
  select d.campaign_id into campaign from app.deliverables d where d.id = p.deliverable_id;
  fee := app.platform_fee(p.amount_cents, (select s.fee_bps from app.platform_settings s));
  perform app.ledger_post('direct_payment', p.id::text,
    jsonb_build_array(
      jsonb_build_object('account', 'stripe_balance', 'amount_cents', p.amount_cents),
      jsonb_build_object('account', 'creator_available', 'amount_cents', -(p.amount_cents - fee)),
      jsonb_build_object('account', 'platform_fees', 'amount_cents', -fee)),
    payment_id => p.id, campaign_id => campaign, creator_id => p.creator_id, brand_id => p.brand_id,
    stripe_object_id => p.stripe_payment_id);
end;
$$;
