-- Issue 36 item 2 (decision 0056), first part of the renewal: the brand offers a longer licence (term and
-- price) on a standing hire; the creator accepts or declines. Funding an accepted offer (a new item on the
-- same hire, paid through the PaymentIntent flow, which then moves hire_licences.ends_at) is still to do,
-- so an accepted offer changes no licence and no money yet. Issue 36 item 4: an offer on a hire that no
-- longer exists is refused with its own code (hire_not_found), on a canceled one with hire_closed.
create table app.licence_renewals (
  id uuid default gen_random_uuid() not null,
  application_id uuid not null,
  brand_id uuid not null,
  creator_id uuid not null,
  term_days integer not null,
  price_cents bigint not null,
  status text default 'offered'::text not null,
  created_at timestamp with time zone default now() not null,
  decided_at timestamp with time zone,
  constraint licence_renewals_pkey primary key (id),
  constraint licence_renewals_application_id_fkey foreign key (application_id) references app.applications(id) on delete cascade,
  constraint licence_renewals_term_range check (term_days > 0 and term_days <= 3650),
  constraint licence_renewals_price_nonnegative check (price_cents >= 0),
  constraint licence_renewals_status_valid check (status = any (array['offered'::text, 'accepted'::text, 'declined'::text])),
  constraint licence_renewals_decided check ((status = 'offered'::text) = (decided_at is null))
);
alter table app.licence_renewals enable row level security;
comment on table app.licence_renewals is 'A renewal offer of a hire''s licence (decision 0056): term days and price, offered by the brand, accepted or declined by the creator. Funding an accepted one is still to do.';
grant all on app.licence_renewals to service_role;
grant select, insert on app.licence_renewals to authenticated;
grant update (status, decided_at) on app.licence_renewals to authenticated;

create unique index licence_renewals_one_open on app.licence_renewals using btree (application_id) where (status = 'offered'::text);
create index licence_renewals_creator_idx on app.licence_renewals using btree (creator_id);

create policy "Parties and admins see licence renewals" on app.licence_renewals
for select
to authenticated
using (brand_id = (( select auth.uid() as uid)) or creator_id = (( select auth.uid() as uid)) or ( select app.is_admin() as is_admin));
create policy "Brands offer renewals of their hires" on app.licence_renewals
for insert
to authenticated
with check (brand_id = (( select auth.uid() as uid)));
create policy "Creators decide the renewals offered to them" on app.licence_renewals
for update
to authenticated
using (creator_id = (( select auth.uid() as uid)))
with check (creator_id = (( select auth.uid() as uid)));

create or replace function api.offer_licence_renewal(application_id uuid, term_days integer, price_cents bigint)
returns uuid
language plpgsql
set search_path = ''
as $$
declare
  a record;
  new_id uuid;
begin
  if (select auth.uid()) is null then
    perform app.fail('42501', 'Sign in first', 'not_signed_in');
  end if;
  select x.id, x.brand_id, x.creator_id, x.status into a from app.applications x where x.id = offer_licence_renewal.application_id;
  if not found or not exists (select 1 from app.hire_licences l where l.application_id = a.id) then
    perform app.fail('PT404', 'This hire no longer exists', 'hire_not_found');
  end if;
  if a.brand_id <> (select auth.uid()) then
    perform app.fail('42501', 'Only the brand that hired can renew the licence', 'not_owner');
  end if;
  if a.status <> 'accepted' then
    perform app.fail('PT409', 'This hire was canceled', 'hire_closed');
  end if;
  if offer_licence_renewal.term_days is null or offer_licence_renewal.term_days <= 0 or offer_licence_renewal.term_days > 3650 then
    perform app.fail('22023', 'A renewal must last between 1 and 3650 days', 'renewal_term_invalid');
  end if;
  if offer_licence_renewal.price_cents is null or offer_licence_renewal.price_cents < 0 then
    perform app.fail('22023', 'A renewal needs a price of $0.00 or more', 'renewal_price_invalid');
  end if;
  if exists (select 1 from app.licence_renewals r where r.application_id = a.id and r.status = 'offered') then
    perform app.fail('PT409', 'A renewal offer is already waiting for the creator', 'renewal_pending');
  end if;
  insert into app.licence_renewals (application_id, brand_id, creator_id, term_days, price_cents)
  values (a.id, a.brand_id, a.creator_id, offer_licence_renewal.term_days, offer_licence_renewal.price_cents)
  returning id into new_id;
  return new_id;
end;
$$;
comment on function api.offer_licence_renewal(application_id uuid, term_days integer, price_cents bigint) is 'The brand offers to renew a standing hire''s licence for term_days at price_cents. Codes: hire_not_found (deleted hire), not_owner, hire_closed (canceled hire), renewal_term_invalid, renewal_price_invalid, renewal_pending.';
grant execute on function api.offer_licence_renewal(application_id uuid, term_days integer, price_cents bigint) to authenticated;

create or replace function api.decide_licence_renewal(renewal_id uuid, accept boolean)
returns void
language plpgsql
set search_path = ''
as $$
declare
  r app.licence_renewals;
begin
  if (select auth.uid()) is null then
    perform app.fail('42501', 'Sign in first', 'not_signed_in');
  end if;
  select * into r from app.licence_renewals x where x.id = decide_licence_renewal.renewal_id;
  if not found then
    perform app.fail('PT404', 'Renewal offer not found', 'renewal_not_found');
  end if;
  if r.creator_id <> (select auth.uid()) then
    perform app.fail('42501', 'Only the hired creator decides a renewal', 'not_owner');
  end if;
  if r.status <> 'offered' then
    perform app.fail('PT409', 'This renewal offer was already decided', 'renewal_decided');
  end if;
  if not exists (select 1 from app.applications a where a.id = r.application_id and a.status = 'accepted') then
    perform app.fail('PT409', 'This hire was canceled', 'hire_closed');
  end if;
  update app.licence_renewals x set status = case when decide_licence_renewal.accept then 'accepted' else 'declined' end,
    decided_at = now()
  where x.id = r.id and x.status = 'offered';
end;
$$;
comment on function api.decide_licence_renewal(renewal_id uuid, accept boolean) is 'The hired creator accepts or declines a renewal offer. Codes: renewal_not_found, not_owner, renewal_decided, hire_closed.';
grant execute on function api.decide_licence_renewal(renewal_id uuid, accept boolean) to authenticated;
