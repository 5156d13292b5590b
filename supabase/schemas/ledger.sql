-- The double-entry ledger: transactions, entries, and the rule that they balance.
-- Current definitions (decision 0039): change them here, then `npm run db:diff` writes the migration.

create or replace function app.ledger_append_only()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  raise exception 'The ledger is append-only: % on % is not allowed', tg_op, tg_table_name
    using errcode = '42501', detail = 'ledger_append_only';
end;
$$;

create table app.ledger_transactions (
  id uuid default gen_random_uuid() not null,
  kind text not null,
  subject_id text not null,
  escrow_id uuid,
  payment_id uuid,
  payout_id uuid,
  campaign_id uuid,
  creator_id uuid,
  brand_id uuid,
  stripe_object_id text,
  memo text,
  created_at timestamp with time zone default now() not null,
  constraint ledger_transactions_pkey primary key (id),
  constraint ledger_transactions_once unique (kind, subject_id),
  constraint ledger_transactions_kind_valid check (kind = any (array['escrow_funding'::text, 'direct_payment'::text, 'release'::text, 'refund'::text, 'refund_after_release'::text, 'chargeback'::text, 'chargeback_reversal'::text, 'payout'::text, 'payout_paid'::text, 'payout_failed'::text]))
);
alter table app.ledger_transactions enable row level security;
comment on table app.ledger_transactions is 'Append-only. One money movement; (kind, subject_id) is unique so a retried or concurrent posting happens once.';
grant select on app.ledger_transactions to authenticated, service_role;

create index ledger_transactions_brand_idx on app.ledger_transactions using btree (brand_id, created_at desc);
create index ledger_transactions_campaign_idx on app.ledger_transactions using btree (campaign_id);
create index ledger_transactions_created_idx on app.ledger_transactions using btree (created_at);
create index ledger_transactions_creator_idx on app.ledger_transactions using btree (creator_id, created_at desc);
create index ledger_transactions_escrow_idx on app.ledger_transactions using btree (escrow_id) where (escrow_id is not null);
create index ledger_transactions_payout_idx on app.ledger_transactions using btree (payout_id) where (payout_id is not null);

create trigger ledger_transactions_append_only before delete or update on app.ledger_transactions for each row execute function app.ledger_append_only();
create trigger ledger_transactions_no_truncate before truncate on app.ledger_transactions for each statement execute function app.ledger_append_only();

create policy "Creators, brands and admins read their ledger transactions" on app.ledger_transactions
for select
to authenticated
using (creator_id = (( select auth.uid() as uid)) or brand_id = (( select auth.uid() as uid)) or ( select app.is_admin() as is_admin));

create or replace function app.ledger_check_balanced()
returns trigger
language plpgsql
set search_path = ''
as $$
declare
  total bigint;
  lines integer;
begin
  select coalesce(sum(e.amount_cents), 0), count(*) into total, lines
  from app.ledger_entries e where e.transaction_id = new.transaction_id;
  if total <> 0 or lines < 2 then
    raise exception 'Ledger transaction % does not balance (% cents over % entries)', new.transaction_id, total, lines
      using errcode = '23514', detail = 'ledger_unbalanced';
  end if;
  return null;
end;
$$;

create table app.ledger_entries (
  id bigint generated always as identity,
  transaction_id uuid not null,
  account text not null,
  creator_id uuid,
  escrow_id uuid,
  brand_id uuid,
  amount_cents bigint not null,
  created_at timestamp with time zone default now() not null,
  constraint ledger_entries_pkey primary key (id),
  constraint ledger_entries_transaction_id_fkey foreign key (transaction_id) references app.ledger_transactions(id),
  constraint ledger_entries_account_valid check (account = any (array['stripe_balance'::text, 'escrow'::text, 'creator_available'::text, 'creator_in_transit'::text, 'platform_fees'::text, 'platform_losses'::text])),
  constraint ledger_entries_escrow_owner check ((account = 'escrow'::text) = (escrow_id is not null)),
  constraint ledger_entries_nonzero check (amount_cents <> 0)
);
alter table app.ledger_entries enable row level security;
comment on table app.ledger_entries is 'Append-only. Debits positive, credits negative; the entries of one transaction sum to zero (checked at commit). Balances: escrow held = -sum(escrow), creator available = -sum(creator_available), fees earned = -sum(platform_fees), platform cash at Stripe = sum(stripe_balance).';
grant select on app.ledger_entries to authenticated, service_role;

create index ledger_entries_account_idx on app.ledger_entries using btree (account);
create index ledger_entries_brand_idx on app.ledger_entries using btree (brand_id) where (brand_id is not null);
create index ledger_entries_creator_idx on app.ledger_entries using btree (creator_id, account) where (creator_id is not null);
create index ledger_entries_escrow_idx on app.ledger_entries using btree (escrow_id) where (escrow_id is not null);
create index ledger_entries_transaction_idx on app.ledger_entries using btree (transaction_id);

create trigger ledger_entries_append_only before delete or update on app.ledger_entries for each row execute function app.ledger_append_only();
create constraint trigger ledger_entries_balanced after insert on app.ledger_entries deferrable initially deferred for each row execute function app.ledger_check_balanced();
create trigger ledger_entries_no_truncate before truncate on app.ledger_entries for each statement execute function app.ledger_append_only();

create policy "Creators, brands and admins read their ledger entries" on app.ledger_entries
for select
to authenticated
using (creator_id = (( select auth.uid() as uid)) or brand_id = (( select auth.uid() as uid)) or ( select app.is_admin() as is_admin));

create table app.ledger_unbalanced (
  transaction_id uuid not null,
  cents bigint not null,
  constraint ledger_unbalanced_pkey primary key (transaction_id)
);
alter table app.ledger_unbalanced enable row level security;
comment on table app.ledger_unbalanced is 'Ledger transactions whose entries do not (yet) sum to zero, maintained by trigger.';
grant all on app.ledger_unbalanced to service_role;
grant select on app.ledger_unbalanced to authenticated;

create policy "Admins read unbalanced ledger transactions" on app.ledger_unbalanced
for select
to authenticated
using (( select app.is_admin() as is_admin));

create or replace function app.first_delivery(
  event_id text,
  event_type text,
  occurred_at timestamp with time zone default null::timestamp with time zone
)
returns boolean
language plpgsql
set search_path = ''
as $$
begin
  if event_id is null then
    return true;
  end if;
  insert into app.stripe_events (id, type, stripe_created) values (event_id, coalesce(event_type, 'unknown'), occurred_at)
  on conflict (id) do nothing;
  return found;
end;
$$;
grant execute on function app.first_delivery(event_id text, event_type text, occurred_at timestamp with time zone) to service_role;

create or replace function app.ledger_imbalances()
returns table(transaction_id uuid, total_cents bigint, entries bigint)
language sql
stable
set search_path = ''
as $$
  select t.id, coalesce(sum(e.amount_cents), 0)::bigint, count(e.id)
  from app.ledger_transactions t
  left join app.ledger_entries e on e.transaction_id = t.id
  group by t.id
  having coalesce(sum(e.amount_cents), 0) <> 0 or count(e.id) < 2
$$;
grant execute on function app.ledger_imbalances() to service_role;

create or replace function app.ledger_post(
  kind text,
  subject_id text,
  entries jsonb,
  escrow_id uuid default null::uuid,
  payment_id uuid default null::uuid,
  payout_id uuid default null::uuid,
  campaign_id uuid default null::uuid,
  creator_id uuid default null::uuid,
  brand_id uuid default null::uuid,
  stripe_object_id text default null::text,
  memo text default null::text
)
returns uuid
language plpgsql
security definer
set search_path = ''
as $$
declare
  tx uuid;
begin
  insert into app.ledger_transactions (kind, subject_id, escrow_id, payment_id, payout_id, campaign_id, creator_id,
    brand_id, stripe_object_id, memo)
  values (ledger_post.kind, ledger_post.subject_id, ledger_post.escrow_id, ledger_post.payment_id, ledger_post.payout_id,
    ledger_post.campaign_id, ledger_post.creator_id, ledger_post.brand_id, ledger_post.stripe_object_id, ledger_post.memo)
  on conflict on constraint ledger_transactions_once do nothing
  returning id into tx;
  if tx is null then
    return null;
  end if;
  insert into app.ledger_entries (transaction_id, account, creator_id, escrow_id, brand_id, amount_cents)
  select tx, e.account, coalesce(e.creator_id, ledger_post.creator_id),
    e.escrow_id, ledger_post.brand_id, e.amount_cents
  from jsonb_to_recordset(entries) as e(account text, amount_cents bigint, creator_id uuid, escrow_id uuid)
  where e.amount_cents <> 0;
  return tx;
end;
$$;
