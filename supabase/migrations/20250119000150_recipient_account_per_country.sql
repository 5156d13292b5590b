-- One Stripe recipient account per creator and country, made once and reused (issue 29 item 5, decision
-- 0030). app.payout_accounts holds the account a creator is paid to now; a creator who switches country
-- and back would otherwise get a new account, and concurrent first clicks each made their own. Stripe is
-- asked by the payouts function, outside any transaction here, so the first request claims the
-- (creator, country) row, creates the account at Stripe and records it; concurrent ones see the claim and
-- wait for the account instead of creating another.

create table app.recipient_accounts (
  creator_id uuid not null references app.profiles (id) on delete cascade,
  country text not null,
  -- Null while the claiming request is creating it at Stripe.
  stripe_account_id text,
  claimed_at timestamptz not null default now(),
  created_at timestamptz not null default now(),
  primary key (creator_id, country),
  constraint recipient_accounts_country_valid check (country ~ '^[A-Z]{2}$'),
  constraint recipient_accounts_stripe_key unique (stripe_account_id)
);
comment on table app.recipient_accounts is
  'Every Stripe recipient account made for a creator, one per country, reused when they choose that country again.';
alter table app.recipient_accounts enable row level security;
grant all on app.recipient_accounts to service_role;

/**
 * Service role: the creator's recipient account for a country, or the right to create it. Answers the
 * account when it exists; claimed = true to the one request that must create it at Stripe (the first,
 * or the next after a claim left unfinished for 30 seconds: that request failed or died); neither while
 * another request is creating it (ask again in a moment). The insert's unique key decides the first.
 */
create or replace function api.recipient_account_claim(creator_id uuid, country text)
returns table (stripe_account_id text, claimed boolean)
language plpgsql
volatile
set search_path = ''
as $$
declare
  r app.recipient_accounts;
begin
  if (select app.role_of(recipient_account_claim.creator_id)) is distinct from 'creator' then
    perform app.fail('42501', 'Only creators have payout accounts', 'not_creator');
  end if;
  -- An account made before this table (or by the seed) is the creator's current payout account: kept.
  insert into app.recipient_accounts (creator_id, country, stripe_account_id, claimed_at, created_at)
  select a.creator_id, a.country, a.stripe_account_id, a.created_at, a.created_at from app.payout_accounts a
  where a.creator_id = recipient_account_claim.creator_id and a.country = recipient_account_claim.country
    and a.stripe_account_id is not null
  on conflict do nothing;
  insert into app.recipient_accounts (creator_id, country)
  values (recipient_account_claim.creator_id, recipient_account_claim.country)
  on conflict on constraint recipient_accounts_pkey do nothing;
  if found then
    return query select null::text, true;
    return;
  end if;
  select * into r from app.recipient_accounts a
  where a.creator_id = recipient_account_claim.creator_id and a.country = recipient_account_claim.country
  for update;
  if r.stripe_account_id is not null then
    return query select r.stripe_account_id, false;
    return;
  end if;
  if r.claimed_at < now() - interval '30 seconds' then
    update app.recipient_accounts a set claimed_at = now()
    where a.creator_id = r.creator_id and a.country = r.country;
    return query select null::text, true;
    return;
  end if;
  return query select null::text, false;
end;
$$;

/** Service role: the account the claiming request created at Stripe for that creator and country. */
create or replace function api.recipient_account_record(creator_id uuid, country text, stripe_account_id text)
returns void
language sql
volatile
set search_path = ''
as $$
  update app.recipient_accounts a set stripe_account_id = recipient_account_record.stripe_account_id
  where a.creator_id = recipient_account_record.creator_id and a.country = recipient_account_record.country
$$;

/** Service role: the claiming request could not create the account (Stripe failed): the next request may try at once. */
create or replace function api.recipient_account_release(creator_id uuid, country text)
returns void
language sql
volatile
set search_path = ''
as $$
  delete from app.recipient_accounts a
  where a.creator_id = recipient_account_release.creator_id and a.country = recipient_account_release.country
    and a.stripe_account_id is null
$$;

/**
 * Service role: the creator's payout account becomes this recipient account (new or the country changed).
 * Saving the account it already is changes nothing: a second click must not put an active account back
 * to onboarding or forget its bank summary.
 */
create or replace function api.payout_account_save(creator_id uuid, country text, stripe_account_id text)
returns void
language plpgsql
set search_path = ''
as $$
begin
  if not exists (select 1 from api.payout_countries() c where c.country = payout_account_save.country) then
    perform app.fail('22023', 'Payouts are not available in this country yet', 'country_not_supported');
  end if;
  if (select app.role_of(payout_account_save.creator_id)) is distinct from 'creator' then
    perform app.fail('42501', 'Only creators have payout accounts', 'not_creator');
  end if;
  insert into app.payout_accounts as a (creator_id, country, stripe_account_id, status)
  values (payout_account_save.creator_id, payout_account_save.country, payout_account_save.stripe_account_id, 'onboarding')
  on conflict on constraint payout_accounts_pkey do update set country = excluded.country, stripe_account_id = excluded.stripe_account_id,
    status = 'onboarding', bank_summary = null, problem_code = null, problem_message = null
  where a.stripe_account_id is distinct from excluded.stripe_account_id;
end;
$$;

revoke execute on function api.recipient_account_claim(uuid, text), api.recipient_account_record(uuid, text, text),
  api.recipient_account_release(uuid, text) from public, anon, authenticated;
grant execute on function api.recipient_account_claim(uuid, text), api.recipient_account_record(uuid, text, text),
  api.recipient_account_release(uuid, text) to service_role;
