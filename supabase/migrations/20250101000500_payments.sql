-- Payments from brands to creators for approved deliverables. Written only by the payment functions
-- (service_role); read by the paying brand and the paid creator. Records survive user deletion.

create table app.payments (
  id uuid primary key default gen_random_uuid(),
  deliverable_id uuid references app.deliverables (id) on delete set null,
  creator_id uuid references app.profiles (id) on delete set null,
  brand_id uuid references app.profiles (id) on delete set null,
  amount_cents bigint not null,
  currency text not null default 'usd',
  status text not null default 'pending',
  payment_method text,
  stripe_payment_id text,
  payment_date timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint payments_amount_positive check (amount_cents > 0),
  constraint payments_status_valid check (status in ('pending', 'completed', 'failed', 'refunded')),
  constraint payments_stripe_payment_id_key unique (stripe_payment_id)
);
comment on table app.payments is 'Money in US cents. At most one completed payment per deliverable.';
create unique index payments_one_completed_per_deliverable on app.payments (deliverable_id) where status = 'completed';
create index payments_deliverable_idx on app.payments (deliverable_id);
create index payments_creator_idx on app.payments (creator_id, created_at desc);
create index payments_brand_idx on app.payments (brand_id, created_at desc);
alter table app.payments enable row level security;

create trigger payments_set_updated_at before update on app.payments
  for each row execute function app.set_updated_at();

/** Trigger: a new payment pays an approved deliverable, from its brand to its creator. */
create or replace function app.check_payment()
returns trigger
language plpgsql
set search_path = ''
as $$
declare
  d record;
begin
  -- Unchanged or cleared (its deliverable was deleted with a user): nothing to check.
  if tg_op = 'UPDATE' and (new.deliverable_id is not distinct from old.deliverable_id or new.deliverable_id is null) then
    return new;
  end if;
  select dl.status, dl.creator_id, dl.brand_id into d from app.deliverables dl where dl.id = new.deliverable_id;
  if not found then
    raise exception 'Deliverable not found' using errcode = 'PT404', detail = 'deliverable_not_found';
  end if;
  if d.status <> 'approved' then
    raise exception 'Only approved content can be paid' using errcode = 'PT409', detail = 'deliverable_not_approved';
  end if;
  new.creator_id := d.creator_id;
  new.brand_id := d.brand_id;
  return new;
end;
$$;
create trigger payments_check before insert or update on app.payments
  for each row execute function app.check_payment();

grant select on app.payments to authenticated;
grant all on app.payments to service_role;

create policy "Paying brands, paid creators and admins read payments" on app.payments
  for select to authenticated
  using (creator_id = (select auth.uid()) or brand_id = (select auth.uid()) or (select app.is_admin()));
