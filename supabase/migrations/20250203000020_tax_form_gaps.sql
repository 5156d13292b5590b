-- The forms needing attention without an anti-join over every payout account and creator credit (292 ms at
-- 500k creators after 20250203000010): triggers note a creator who may be paid with no form on file in
-- app.tax_form_gaps, and the admins' list starts from it and the forms that could lapse.

create table app.tax_form_gaps (
  creator_id uuid not null,
  noted_at timestamp with time zone default now() not null,
  constraint tax_form_gaps_pkey primary key (creator_id),
  constraint tax_form_gaps_creator_id_fkey foreign key (creator_id) references app.profiles(id) on delete cascade
);
alter table app.tax_form_gaps enable row level security;
comment on table app.tax_form_gaps is 'Creators who may be paid (a payout account, or money credited to them) and had no form on file when it happened, kept by triggers: where api.admin_tax_forms_attention starts instead of every creator. A superset: the function checks each again.';
grant all on app.tax_form_gaps to service_role;

create or replace function app.note_tax_form_gap()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  -- A payout account, or a credit to the creator's available balance: they may be paid now, so a missing form is
  -- an admin's work (app.tax_form_gaps).
  insert into app.tax_form_gaps (creator_id)
  select new.creator_id
  where not exists (select 1 from app.tax_forms f where f.creator_id = new.creator_id and f.superseded_at is null)
  on conflict on constraint tax_form_gaps_pkey do nothing;
  return null;
end;
$$;

create or replace function app.track_tax_form_gap()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if new.superseded_at is null then
    delete from app.tax_form_gaps g where g.creator_id = new.creator_id;
  else
    -- Signing again supersedes the form on file, then inserts the new one, which takes the creator out again.
    insert into app.tax_form_gaps (creator_id) values (new.creator_id)
    on conflict on constraint tax_form_gaps_pkey do nothing;
  end if;
  return null;
end;
$$;

create trigger tax_forms_track_gap after insert or update of superseded_at on app.tax_forms for each row execute function app.track_tax_form_gap();
create trigger payout_accounts_note_tax_form_gap after insert on app.payout_accounts for each row execute function app.note_tax_form_gap();
create trigger ledger_entries_note_tax_form_gap after insert on app.ledger_entries for each row when (((new.account = 'creator_available'::text) and (new.creator_id is not null) and (new.amount_cents < 0))) execute function app.note_tax_form_gap();

-- Who is already in that position.
insert into app.tax_form_gaps (creator_id)
select a.creator_id from app.payout_accounts a
where not exists (select 1 from app.tax_forms f where f.creator_id = a.creator_id and f.superseded_at is null)
union
select e.creator_id from app.ledger_entries e
where e.account = 'creator_available' and e.creator_id is not null and e.amount_cents < 0
  and not exists (select 1 from app.tax_forms f where f.creator_id = e.creator_id and f.superseded_at is null)
on conflict on constraint tax_form_gaps_pkey do nothing;

create or replace function api.admin_tax_forms_attention()
returns table (
  creator_id uuid,
  full_name text,
  form_id uuid,
  form_type text,
  state text,
  expires_on date,
  available_cents bigint,
  has_payout_account boolean,
  name_check text
)
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  today date := (select app.scheduler_now())::date;
begin
  if not (select app.is_admin()) then
    perform app.fail('42501', 'Only admins see the tax forms needing attention', 'not_admin');
  end if;
  return query
  -- The candidates from indexes, then the balance and state of those only: a balance computed for every
  -- creator took 21.9 s at 500k creators. A current form is a candidate when it could be other than valid
  -- today (app.tax_form_state: expiring within 90 days or expired; app.tax_form_standing: a name not
  -- matched); a creator without one when app.tax_form_gaps noted them (a payout account or a credit).
  with candidates as (
    select f.creator_id from app.tax_forms f
    where f.superseded_at is null and f.expires_on < today + 90
    union
    select f.creator_id from app.tax_forms f
    where f.superseded_at is null and f.name_check in ('mismatched', 'unverified')
    union
    select g.creator_id from app.tax_form_gaps g
  )
  select p.id, p.full_name, f.id, f.form_type, s.st, f.expires_on, b.available_cents, a.creator_id is not null, f.name_check
  from candidates c
  join app.profiles p on p.id = c.creator_id
  left join app.tax_forms f on f.creator_id = p.id and f.superseded_at is null
  left join app.payout_accounts a on a.creator_id = p.id
  cross join lateral app.creator_balance(p.id) b
  -- The state once per row, for the column, the filter and the order; a valid form whose signer could
  -- not be matched to the payout account's holder (decision 0051) is 'name_unverified'.
  cross join lateral (select case when f.id is null then 'missing'
    when app.tax_form_standing(f.expires_on, f.name_check, today) = 'valid' and f.name_check = 'unverified' then 'name_unverified'
    else app.tax_form_standing(f.expires_on, f.name_check, today) end st) s
  where p.role = 'creator'
    and (a.creator_id is not null or b.available_cents > 0)
    and s.st <> 'valid'
  order by case s.st when 'expired' then 0 when 'name_mismatch' then 0 when 'missing' then 1 when 'expiring_soon' then 2 else 3 end,
    f.expires_on nulls first, b.available_cents desc, p.id;
end;
$$;
comment on function api.admin_tax_forms_attention() is 'Security definer: creators who can be paid (a payout account or money available) whose form is missing, expired, expiring soon or signed in a name that is not the payout account holder''s, and forms whose payee could not be matched to the holder yet, the most urgent first. Admins only.';
grant execute on function api.admin_tax_forms_attention() to authenticated;
