-- Money that reaches creators (issue 16), part 1: the platform's money settings and an append-only
-- double-entry ledger. Every movement of money (charge, escrow hold, release, fee, payout, refund,
-- chargeback) is one ledger transaction whose entries sum to zero; balances are sums of entries.
-- Nobody writes the ledger directly: only the money functions below (security definer, not granted to
-- any API role) post transactions, and the posting is idempotent per (kind, subject).

/** One row: the fee, the review window and the payout rules, set by admins. */
create table app.platform_settings (
  id boolean primary key default true,
  fee_bps integer not null default 1500,
  review_window_hours integer not null default 72,
  payout_minimum_cents bigint not null default 1000,
  payout_schedule text not null default 'daily',
  -- Admins can switch escrow off (accepting then opens no hire and flat fees go back to "Pay creator"
  -- on approved content), e.g. while card funding has to stop.
  escrow_enabled boolean not null default true,
  updated_at timestamptz not null default now(),
  updated_by uuid,
  constraint platform_settings_one_row check (id),
  constraint platform_settings_fee_range check (fee_bps between 0 and 5000),
  constraint platform_settings_window_range check (review_window_hours between 1 and 720),
  constraint platform_settings_minimum_range check (payout_minimum_cents between 100 and 100000000),
  constraint platform_settings_schedule_valid check (payout_schedule in ('daily', 'weekly', 'on_request'))
);
comment on table app.platform_settings is
  'Fee in basis points of what the creator earns (1500 = 15%), hours a brand has to review content, payout minimum (cents) and schedule.';
insert into app.platform_settings (id) values (true);
alter table app.platform_settings enable row level security;
grant select on app.platform_settings to authenticated;
grant all on app.platform_settings to service_role;
create policy "Signed-in users read the platform settings" on app.platform_settings
  for select to authenticated using (true);
create policy "Admins update the platform settings" on app.platform_settings
  for update to authenticated using ((select app.is_admin())) with check ((select app.is_admin()));
grant update (fee_bps, review_window_hours, payout_minimum_cents, payout_schedule, escrow_enabled, updated_at, updated_by)
  on app.platform_settings to authenticated;

/**
 * The platform fee on an amount the creator earns, in cents. Rounding rule: the fee is rounded DOWN to
 * the whole cent, so any fraction of a cent stays with the creator (15% of $10.01 is $1.5015: fee $1.50,
 * creator $8.51).
 */
create or replace function app.platform_fee(amount_cents bigint, fee_bps integer)
returns bigint
language sql
immutable
set search_path = ''
as $$
  select (platform_fee.amount_cents * platform_fee.fee_bps) / 10000
$$;
grant execute on function app.platform_fee(bigint, integer) to authenticated, service_role;

/** The settings as the app shows them (fee, window, payout rules) with what the fee takes from $100. */
create or replace function api.platform_settings()
returns table (fee_bps integer, review_window_hours integer, payout_minimum_cents bigint, payout_schedule text,
  escrow_enabled boolean, updated_at timestamptz)
language sql
stable
set search_path = ''
as $$
  select s.fee_bps, s.review_window_hours, s.payout_minimum_cents, s.payout_schedule, s.escrow_enabled, s.updated_at
  from app.platform_settings s
$$;

/** What a creator earning `amount_cents` receives and what the platform keeps, at the current fee. */
create or replace function api.fee_preview(amount_cents bigint)
returns table (amount_cents bigint, fee_bps integer, fee_cents bigint, creator_cents bigint)
language sql
stable
set search_path = ''
as $$
  select fee_preview.amount_cents, s.fee_bps, app.platform_fee(fee_preview.amount_cents, s.fee_bps),
    fee_preview.amount_cents - app.platform_fee(fee_preview.amount_cents, s.fee_bps)
  from app.platform_settings s
$$;

/** An admin changes the money settings; each argument left null keeps its value. */
create or replace function api.admin_update_platform_settings(fee_bps integer default null,
  review_window_hours integer default null, payout_minimum_cents bigint default null, payout_schedule text default null,
  escrow_enabled boolean default null)
returns void
language plpgsql
set search_path = ''
as $$
begin
  if not (select app.is_admin()) then
    perform app.fail('42501', 'Only admins can change the platform settings', 'not_admin');
  end if;
  if fee_bps is not null and (fee_bps < 0 or fee_bps > 5000) then
    perform app.fail('22023', 'The platform fee must be between 0% and 50%', 'fee_out_of_range');
  end if;
  if review_window_hours is not null and (review_window_hours < 1 or review_window_hours > 720) then
    perform app.fail('22023', 'The review window must be between 1 and 720 hours', 'review_window_out_of_range');
  end if;
  if payout_minimum_cents is not null and (payout_minimum_cents < 100 or payout_minimum_cents > 100000000) then
    perform app.fail('22023', 'The payout minimum must be between $1.00 and $1,000,000.00', 'payout_minimum_out_of_range');
  end if;
  if payout_schedule is not null and payout_schedule not in ('daily', 'weekly', 'on_request') then
    perform app.fail('22023', 'The payout schedule must be daily, weekly or on_request', 'payout_schedule_invalid');
  end if;
  update app.platform_settings s set
    fee_bps = coalesce(admin_update_platform_settings.fee_bps, s.fee_bps),
    review_window_hours = coalesce(admin_update_platform_settings.review_window_hours, s.review_window_hours),
    payout_minimum_cents = coalesce(admin_update_platform_settings.payout_minimum_cents, s.payout_minimum_cents),
    payout_schedule = coalesce(admin_update_platform_settings.payout_schedule, s.payout_schedule),
    escrow_enabled = coalesce(admin_update_platform_settings.escrow_enabled, s.escrow_enabled),
    updated_at = now(),
    updated_by = (select auth.uid())
  where s.id;
end;
$$;

-- The ledger. No foreign keys to users, campaigns or payments: a ledger line is history and must
-- survive (unchanged) the deletion of whatever it mentions; the ids stay as they were.
create table app.ledger_transactions (
  id uuid primary key default gen_random_uuid(),
  kind text not null,
  -- The subject that makes a posting unique: an escrow, a payment, a payout or a Stripe object.
  subject_id text not null,
  escrow_id uuid,
  payment_id uuid,
  payout_id uuid,
  campaign_id uuid,
  creator_id uuid,
  brand_id uuid,
  stripe_object_id text,
  memo text,
  created_at timestamptz not null default now(),
  constraint ledger_transactions_kind_valid check (kind in (
    'escrow_funding', 'direct_payment', 'release', 'refund', 'refund_after_release',
    'chargeback', 'chargeback_reversal', 'payout', 'payout_paid', 'payout_failed')),
  constraint ledger_transactions_once unique (kind, subject_id)
);
comment on table app.ledger_transactions is
  'Append-only. One money movement; (kind, subject_id) is unique so a retried or concurrent posting happens once.';
create index ledger_transactions_escrow_idx on app.ledger_transactions (escrow_id) where escrow_id is not null;
create index ledger_transactions_payout_idx on app.ledger_transactions (payout_id) where payout_id is not null;
create index ledger_transactions_creator_idx on app.ledger_transactions (creator_id, created_at desc);
create index ledger_transactions_brand_idx on app.ledger_transactions (brand_id, created_at desc);
create index ledger_transactions_campaign_idx on app.ledger_transactions (campaign_id);

create table app.ledger_entries (
  id bigint generated always as identity primary key,
  transaction_id uuid not null references app.ledger_transactions (id),
  account text not null,
  -- The transaction's creator (whose money the creator accounts are; also who may read the line).
  creator_id uuid,
  escrow_id uuid,
  -- Copied from the transaction so the read policy needs no join.
  brand_id uuid,
  amount_cents bigint not null,
  created_at timestamptz not null default now(),
  constraint ledger_entries_account_valid check (account in (
    'stripe_balance', 'escrow', 'creator_available', 'creator_in_transit', 'platform_fees', 'platform_losses')),
  constraint ledger_entries_nonzero check (amount_cents <> 0),
  -- A creator account with no creator_id is money owed to a creator whose account was deleted.
  constraint ledger_entries_escrow_owner check ((account = 'escrow') = (escrow_id is not null))
);
comment on table app.ledger_entries is
  'Append-only. Debits positive, credits negative; the entries of one transaction sum to zero (checked at commit). '
  'Balances: escrow held = -sum(escrow), creator available = -sum(creator_available), fees earned = -sum(platform_fees), '
  'platform cash at Stripe = sum(stripe_balance).';
create index ledger_entries_transaction_idx on app.ledger_entries (transaction_id);
create index ledger_entries_creator_idx on app.ledger_entries (creator_id, account) where creator_id is not null;
create index ledger_entries_escrow_idx on app.ledger_entries (escrow_id) where escrow_id is not null;
create index ledger_entries_brand_idx on app.ledger_entries (brand_id) where brand_id is not null;
create index ledger_entries_account_idx on app.ledger_entries (account);

alter table app.ledger_transactions enable row level security;
alter table app.ledger_entries enable row level security;
revoke all on app.ledger_transactions, app.ledger_entries from public, anon, authenticated, service_role;
grant select on app.ledger_transactions, app.ledger_entries to authenticated, service_role;
create policy "Creators, brands and admins read their ledger transactions" on app.ledger_transactions
  for select to authenticated
  using (creator_id = (select auth.uid()) or brand_id = (select auth.uid()) or (select app.is_admin()));
create policy "Creators, brands and admins read their ledger entries" on app.ledger_entries
  for select to authenticated
  using (creator_id = (select auth.uid()) or brand_id = (select auth.uid()) or (select app.is_admin()));

/** Trigger: the ledger is append-only, for every role (the table owner included). */
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
create trigger ledger_transactions_append_only before update or delete on app.ledger_transactions
  for each row execute function app.ledger_append_only();
create trigger ledger_entries_append_only before update or delete on app.ledger_entries
  for each row execute function app.ledger_append_only();
create trigger ledger_transactions_no_truncate before truncate on app.ledger_transactions
  for each statement execute function app.ledger_append_only();
create trigger ledger_entries_no_truncate before truncate on app.ledger_entries
  for each statement execute function app.ledger_append_only();

/** Constraint trigger, at commit: each transaction touched has at least two entries summing to zero. */
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
create constraint trigger ledger_entries_balanced after insert on app.ledger_entries
  deferrable initially deferred
  for each row execute function app.ledger_check_balanced();

/**
 * Posts one transaction with its entries, once: a second posting of the same (kind, subject) returns
 * null and writes nothing. `entries` is a json array of {account, amount_cents, creator_id?, escrow_id?}.
 * Callers serialize on the subject's row first, so "once" never depends on catching the violation.
 */
create or replace function app.ledger_post(kind text, subject_id text, entries jsonb,
  escrow_id uuid default null, payment_id uuid default null, payout_id uuid default null,
  campaign_id uuid default null, creator_id uuid default null, brand_id uuid default null,
  stripe_object_id text default null, memo text default null)
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
revoke execute on function app.ledger_post(text, text, jsonb, uuid, uuid, uuid, uuid, uuid, uuid, text, text)
  from public, anon, authenticated, service_role;

/**
 * Records a Stripe event by its id; false when it was recorded before (webhooks arrive at least once, so
 * a repeat must change nothing). A null id (a call that is not an event) always counts as new.
 */
create or replace function app.first_delivery(event_id text, event_type text, occurred_at timestamptz default null)
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
revoke execute on function app.first_delivery(text, text, timestamptz) from public, anon, authenticated;
grant execute on function app.first_delivery(text, text, timestamptz) to service_role;

/** Transactions whose entries do not sum to zero (or have fewer than two): always empty. */
create or replace function app.ledger_imbalances()
returns table (transaction_id uuid, total_cents bigint, entries bigint)
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
revoke execute on function app.ledger_imbalances() from public, anon, authenticated;
grant execute on function app.ledger_imbalances() to service_role;

revoke execute on function api.platform_settings(), api.fee_preview(bigint),
  api.admin_update_platform_settings(integer, integer, bigint, text, boolean) from public, anon;
grant execute on function api.platform_settings(), api.fee_preview(bigint),
  api.admin_update_platform_settings(integer, integer, bigint, text, boolean) to authenticated;
