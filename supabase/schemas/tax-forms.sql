-- Tax forms: the W-8BEN, W-8BEN-E or W-9 a creator gives before being paid (issue 36 item 1, decision 0044).
-- Current definitions (decision 0039): change them here, then `npm run db:diff` writes the migration.

create table app.tax_form_gaps (
  creator_id uuid not null,
  noted_at timestamp with time zone default now() not null,
  constraint tax_form_gaps_pkey primary key (creator_id),
  constraint tax_form_gaps_creator_id_fkey foreign key (creator_id) references app.profiles(id) on delete cascade
);
alter table app.tax_form_gaps enable row level security;
comment on table app.tax_form_gaps is 'Creators who may be paid (a payout account, or money credited to them) and had no form on file when it happened, kept by triggers: where api.admin_tax_forms_attention starts instead of every creator. A superset: the function checks each again.';
grant all on app.tax_form_gaps to service_role;

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

create table app.tax_forms (
  id uuid default gen_random_uuid() not null,
  creator_id uuid not null,
  form_type text not null,
  legal_name text not null,
  business_name text,
  citizenship_country text,
  incorporation_country text,
  date_of_birth date,
  address_street text not null,
  address_city text not null,
  address_country text not null,
  entity_status text,
  fatca_status text,
  tax_classification text,
  treaty_country text,
  treaty_article text,
  treaty_rate_bps integer,
  treaty_income_type text,
  tin_kind text not null,
  tin_encrypted bytea not null,
  tin_key_source text not null,
  tin_last4 text not null,
  signer_name text not null,
  signer_capacity text,
  signed_on date not null,
  perjury_accepted boolean not null,
  expires_on date,
  superseded_at timestamp with time zone,
  created_at timestamp with time zone default now() not null,
  name_check text,
  constraint tax_forms_pkey primary key (id),
  constraint tax_forms_creator_id_fkey foreign key (creator_id) references app.profiles(id) on delete cascade,
  constraint tax_forms_classification_valid check (tax_classification = any (array['individual'::text, 'c_corporation'::text, 's_corporation'::text, 'partnership'::text, 'trust_estate'::text, 'llc_c'::text, 'llc_s'::text, 'llc_p'::text])),
  constraint tax_forms_countries_valid check (address_country ~ '^[A-Z]{2}$'::text and coalesce(citizenship_country, 'US'::text) ~ '^[A-Z]{2}$'::text and coalesce(incorporation_country, 'US'::text) ~ '^[A-Z]{2}$'::text and coalesce(treaty_country, 'US'::text) ~ '^[A-Z]{2}$'::text),
  constraint tax_forms_entity_status_valid check (entity_status = any (array['corporation'::text, 'partnership'::text, 'simple_trust'::text, 'grantor_trust'::text, 'complex_trust'::text, 'estate'::text, 'disregarded_entity'::text, 'private_foundation'::text])),
  constraint tax_forms_fatca_status_valid check (fatca_status = any (array['active_nffe'::text, 'passive_nffe'::text, 'excepted_nffe'::text, 'nonprofit'::text])),
  constraint tax_forms_key_source_valid check (tin_key_source = any (array['setting'::text, 'database'::text])),
  constraint tax_forms_name_check_valid check (name_check = any (array['matched'::text, 'unverified'::text, 'mismatched'::text])),
  constraint tax_forms_perjury_accepted check (perjury_accepted),
  constraint tax_forms_tin_kind_valid check (tin_kind = any (array['cpf'::text, 'cnpj'::text, 'rfc'::text, 'cuit'::text, 'rut'::text, 'nit'::text, 'ruc'::text, 'ssn'::text, 'ein'::text])),
  constraint tax_forms_treaty_rate_valid check (treaty_rate_bps is null or treaty_rate_bps >= 0 and treaty_rate_bps <= 3000),
  constraint tax_forms_type_valid check (form_type = any (array['w8ben'::text, 'w8bene'::text, 'w9'::text])),
  constraint tax_forms_w8_expiry check ((form_type = 'w9'::text) = (expires_on is null)),
  constraint tax_forms_w8ben_fields check (form_type <> 'w8ben'::text or citizenship_country is not null and date_of_birth is not null),
  constraint tax_forms_w8bene_fields check (form_type <> 'w8bene'::text or incorporation_country is not null and entity_status is not null and fatca_status is not null and signer_capacity is not null),
  constraint tax_forms_w9_fields check (form_type <> 'w9'::text or tax_classification is not null)
);
alter table app.tax_forms enable row level security;
comment on table app.tax_forms is 'Every tax form a creator signed; the one without superseded_at is on file. The identifying number is stored encrypted (tin_encrypted, readable by no client role) and shown by its last four characters (decision 0044).';
grant all on app.tax_forms to service_role;
grant select (id, creator_id, form_type, legal_name, business_name, citizenship_country, incorporation_country, date_of_birth, address_street, address_city, address_country, entity_status, fatca_status, tax_classification, treaty_country, treaty_article, treaty_rate_bps, treaty_income_type, tin_kind, tin_last4, signer_name, signer_capacity, signed_on, perjury_accepted, expires_on, superseded_at, created_at, name_check) on app.tax_forms to authenticated;

create index tax_forms_expiry_idx on app.tax_forms using btree (expires_on) where (superseded_at is null);
create index tax_forms_name_check_idx on app.tax_forms using btree (creator_id) where ((superseded_at is null) and (name_check = any (array['mismatched'::text, 'unverified'::text])));
create unique index tax_forms_one_on_file on app.tax_forms using btree (creator_id) where (superseded_at is null);
create index tax_forms_type_idx on app.tax_forms using btree (form_type, creator_id) include (id) where (superseded_at is null);

create trigger tax_forms_track_gap after insert or update of superseded_at on app.tax_forms for each row execute function app.track_tax_form_gap();

create policy "Creators see their own tax forms, admins all" on app.tax_forms
for select
to authenticated
using (creator_id = (( select auth.uid() as uid)) or ( select app.is_admin() as is_admin));

create table app.tax_id_keys (
  id smallint default 1 not null,
  key text not null,
  created_at timestamp with time zone default now() not null,
  constraint tax_id_keys_pkey primary key (id),
  constraint tax_id_keys_one check (id = 1)
);
alter table app.tax_id_keys enable row level security;
comment on table app.tax_id_keys is 'The key identifying numbers are encrypted with when the deploy sets no app.tax_id_key: made at random on first use. No role but the owner reads it (decision 0044).';

create table app.tax_report_thresholds (
  tax_year integer not null,
  nec_threshold_cents bigint not null,
  source text not null,
  constraint tax_report_thresholds_pkey primary key (tax_year),
  constraint tax_report_thresholds_positive check (nec_threshold_cents > 0)
);
alter table app.tax_report_thresholds enable row level security;
comment on table app.tax_report_thresholds is 'The 1099-NEC threshold per calendar year of payment, with its source (decision 0051). Written by migrations or the service role; read through the export functions.';
grant all on app.tax_report_thresholds to service_role;

create or replace function app.check_tax_report_page(page_size integer)
returns void
language plpgsql
set search_path = ''
as $$
begin
  perform app.check_page_size(page_size);
end;
$$;
grant execute on function app.check_tax_report_page(page_size integer) to authenticated, service_role;

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

create or replace function app.person_name_key(name text)
returns text
language sql
immutable
parallel safe
set search_path = ''
as $$
  -- A name as compared: case, accents, punctuation and spacing are how it was typed, not who it is.
  -- "S.R.L." is "SRL"; a hyphen or a comma separates words ("Ríos-Pérez" is "Rios Perez").
  select nullif(trim(regexp_replace(regexp_replace(lower(translate(coalesce(name, ''),
    'ÁÀÂÃÄÅáàâãäåÉÈÊËéèêëÍÌÎÏíìîïÓÒÔÕÖóòôõöÚÙÛÜúùûüÇçÑñ-,', 'AAAAAAaaaaaaEEEEeeeeIIIIiiiiOOOOOoooooUUUUuuuuCcNn  ')),
    '[^a-z0-9[:space:]]', '', 'g'), '[[:space:]]+', ' ', 'g')), '')
$$;
grant execute on function app.person_name_key(name text) to authenticated, service_role;

create or replace function app.recheck_tax_form_name(creator_id uuid, holder text)
returns void
language sql
security definer
set search_path = ''
as $$
  update app.tax_forms f
  set name_check = case when app.person_name_key(recheck_tax_form_name.holder) = app.person_name_key(app.tax_form_payee_name(f))
    then 'matched' else 'mismatched' end
  where f.creator_id = recheck_tax_form_name.creator_id and f.superseded_at is null
    and recheck_tax_form_name.holder is not null
$$;
grant execute on function app.recheck_tax_form_name(creator_id uuid, holder text) to service_role;

create or replace function app.tax_form_payee_name(form app.tax_forms)
returns text
language sql
immutable
set search_path = ''
as $$
  select case when form.form_type = 'w8ben' or (form.form_type = 'w9' and form.tax_classification = 'individual')
    then form.signer_name else form.legal_name end
$$;

create or replace function app.tax_form_standing(expires_on date, name_check text, on_day date)
returns text
language sql
immutable
parallel safe
set search_path = ''
as $$
  select case
    when app.tax_form_state(expires_on, on_day) = 'expired' then 'expired'
    when name_check = 'mismatched' then 'name_mismatch'
    else app.tax_form_state(expires_on, on_day)
  end
$$;
grant execute on function app.tax_form_standing(expires_on date, name_check text, on_day date) to authenticated, service_role;

create or replace function app.tax_form_state_of(creator_id uuid)
returns text
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce(
    (select app.tax_form_standing(f.expires_on, f.name_check, (select app.scheduler_now())::date) from app.tax_forms f
     where f.creator_id = tax_form_state_of.creator_id and f.superseded_at is null),
    'missing')
$$;
comment on function app.tax_form_state_of(creator_id uuid) is 'Security definer: the payout functions ask it for any creator; it answers a state, never the form.';
grant execute on function app.tax_form_state_of(creator_id uuid) to service_role;

create or replace function app.tax_form_state(expires_on date, on_day date)
returns text
language sql
immutable
parallel safe
set search_path = ''
as $$
  select case
    when expires_on is null then 'valid'
    when on_day > expires_on then 'expired'
    when on_day > expires_on - 90 then 'expiring_soon'
    else 'valid'
  end
$$;
grant execute on function app.tax_form_state(expires_on date, on_day date) to authenticated, service_role;

create or replace function app.tax_id_encrypt(value text, key_source text)
returns bytea
language sql
security definer
set search_path = ''
as $$
  -- The key is a random 256-bit secret (app.tax_id_keys) or the deploy's long random app.tax_id_key, not a
  -- passphrase: iterated S2K would stretch nothing and cost every read (about 90 µs a number against 4; a
  -- 1042-S page decrypts 1000), so salted S2K and AES-256 (decision 0061).
  select extensions.pgp_sym_encrypt(tax_id_encrypt.value, app.tax_id_key(tax_id_encrypt.key_source), 's2k-mode=1, cipher-algo=aes256')
$$;

create or replace function app.tax_id_fits_form(form_type text, country text, kind text, value text)
returns boolean
language sql
immutable
parallel safe
set search_path = ''
as $$
  select case form_type
    when 'w9' then kind in ('ssn', 'ein')
    else (country, kind) in (('AR', 'cuit'), ('BR', 'cpf'), ('BR', 'cnpj'), ('CL', 'rut'), ('CO', 'nit'), ('MX', 'rfc'), ('PE', 'ruc'))
      and case kind
        when 'cpf' then form_type = 'w8ben'
        when 'cnpj' then form_type = 'w8bene'
        when 'rfc' then char_length(app.tax_id_normalize(value)) = case form_type when 'w8ben' then 13 else 12 end
        when 'cuit' then left(app.tax_id_normalize(value), 1) = case form_type when 'w8ben' then '2' else '3' end
        when 'ruc' then (left(app.tax_id_normalize(value), 2) = '20') = (form_type = 'w8bene')
        else true
      end
  end
$$;
grant execute on function app.tax_id_fits_form(form_type text, country text, kind text, value text) to authenticated, service_role;

create or replace function app.tax_id_key(source text)
returns text
language plpgsql
security definer
set search_path = ''
as $$
declare
  k text;
begin
  if source = 'setting' then
    k := nullif(current_setting('app.tax_id_key', true), '');
  else
    insert into app.tax_id_keys (id, key) values (1, encode(extensions.gen_random_bytes(32), 'hex'))
    on conflict on constraint tax_id_keys_pkey do nothing;
    select t.key into k from app.tax_id_keys t where t.id = 1;
  end if;
  if k is null then
    perform app.fail('XX000', 'The key of the stored identifying numbers is not configured', 'tax_id_key_missing');
  end if;
  return k;
end;
$$;

create or replace function app.tax_id_normalize(value text)
returns text
language sql
immutable
parallel safe
set search_path = ''
as $$
  select upper(regexp_replace(coalesce(value, ''), '[[:space:]./-]', '', 'g'))
$$;
grant execute on function app.tax_id_normalize(value text) to authenticated, service_role;

create or replace function app.tax_id_problem(kind text, value text)
returns text
language plpgsql
immutable
parallel safe
set search_path = ''
as $$
declare
  n text := app.tax_id_normalize(value);
  body text;
  r integer;
  expected text;
  yy integer;
  mm integer;
  dd integer;
  padded text;
  rfc_alphabet constant text := '0123456789ABCDEFGHIJKLMN&OPQRSTUVWXYZ Ñ';
begin
  case kind
  when 'cpf' then
    if n !~ '^[0-9]{11}$' then return 'format'; end if;
    if n ~ '^([0-9])\1{10}$' then return 'not_issued'; end if;
    r := (app.tax_id_weighted(left(n, 9), array[10, 9, 8, 7, 6, 5, 4, 3, 2]) * 10) % 11;
    if r % 10 <> substr(n, 10, 1)::integer then return 'check_digit'; end if;
    r := (app.tax_id_weighted(left(n, 10), array[11, 10, 9, 8, 7, 6, 5, 4, 3, 2]) * 10) % 11;
    if r % 10 <> substr(n, 11, 1)::integer then return 'check_digit'; end if;
  when 'cnpj' then
    if n !~ '^[0-9A-Z]{12}[0-9]{2}$' then return 'format'; end if;
    if n ~ '^([0-9])\1{13}$' then return 'not_issued'; end if;
    r := app.tax_id_weighted(left(n, 12), array[5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2]) % 11;
    if (case when r < 2 then 0 else 11 - r end) <> substr(n, 13, 1)::integer then return 'check_digit'; end if;
    r := app.tax_id_weighted(left(n, 13), array[6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2]) % 11;
    if (case when r < 2 then 0 else 11 - r end) <> substr(n, 14, 1)::integer then return 'check_digit'; end if;
  when 'rfc' then
    if n !~ '^[A-ZÑ&]{3,4}[0-9]{6}[A-Z0-9]{2}[0-9A]$' then return 'format'; end if;
    body := substr(n, char_length(n) - 8, 6);
    yy := left(body, 2)::integer;
    mm := substr(body, 3, 2)::integer;
    dd := right(body, 2)::integer;
    if mm not between 1 and 12 or dd < 1
      or dd > (array[31, case when yy % 4 = 0 then 29 else 28 end, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31])[mm] then
      return 'format';
    end if;
    if n in ('XAXX010101000', 'XEXX010101000') then return 'generic'; end if;
    padded := case when char_length(n) = 12 then ' ' || n else n end;
    select 11 - sum((strpos(rfc_alphabet, substr(padded, i, 1)) - 1) * (14 - i)) % 11 into r
    from generate_series(1, 12) i;
    expected := case r when 11 then '0' when 10 then 'A' else r::text end;
    if expected <> right(n, 1) then return 'check_digit'; end if;
  when 'cuit' then
    if n !~ '^(20|23|24|27|30|33|34)[0-9]{9}$' then return 'format'; end if;
    r := 11 - app.tax_id_weighted(left(n, 10), array[5, 4, 3, 2, 7, 6, 5, 4, 3, 2]) % 11;
    if r = 10 or (case when r = 11 then 0 else r end) <> right(n, 1)::integer then return 'check_digit'; end if;
  when 'ruc' then
    if n !~ '^(10|15|17|20)[0-9]{9}$' then return 'format'; end if;
    r := (11 - app.tax_id_weighted(left(n, 10), array[5, 4, 3, 2, 7, 6, 5, 4, 3, 2]) % 11) % 10;
    if r <> right(n, 1)::integer then return 'check_digit'; end if;
  when 'rut' then
    if n !~ '^[0-9]{6,8}[0-9K]$' then return 'format'; end if;
    body := reverse(left(n, -1));
    r := 11 - app.tax_id_weighted(body, array[2, 3, 4, 5, 6, 7, 2, 3]) % 11;
    expected := case r when 11 then '0' when 10 then 'K' else r::text end;
    if expected <> right(n, 1) then return 'check_digit'; end if;
  when 'nit' then
    if n !~ '^[0-9]{6,16}$' then return 'format'; end if;
    body := reverse(left(n, -1));
    r := app.tax_id_weighted(body, array[3, 7, 13, 17, 19, 23, 29, 37, 41, 43, 47, 53, 59, 67, 71]) % 11;
    if (case when r < 2 then r else 11 - r end) <> right(n, 1)::integer then return 'check_digit'; end if;
  when 'ssn' then
    if n !~ '^[0-9]{9}$' then return 'format'; end if;
    if left(n, 3) in ('000', '666') or left(n, 1) = '9' or substr(n, 4, 2) = '00' or right(n, 4) = '0000'
      or n in ('078051120', '219099999') then
      return 'not_issued';
    end if;
  when 'ein' then
    if n !~ '^[0-9]{9}$' then return 'format'; end if;
    r := left(n, 2)::integer;
    if not (r between 1 and 6 or r between 10 and 16 or r between 20 and 27 or r between 30 and 48
      or r between 50 and 68 or r between 71 and 77 or r between 80 and 88 or r between 90 and 95 or r >= 98) then
      return 'not_issued';
    end if;
  else
    return 'kind';
  end case;
  return null;
end;
$$;
comment on function app.tax_id_problem(kind text, value text) is 'Why an identifying number is refused (format, check_digit, not_issued, generic; kind for an unknown kind), null when valid: the same rules as the contract''s checkTaxId (supabase/functions/_shared/contract/tax-ids.ts).';
grant execute on function app.tax_id_problem(kind text, value text) to authenticated, service_role;

create or replace function app.tax_id_weighted(chars text, weights integer[])
returns integer
language sql
immutable
parallel safe
set search_path = ''
as $$
  select coalesce(sum((ascii(substr(chars, i, 1)) - 48) * weights[i]), 0)::integer
  from generate_series(1, char_length(chars)) i
$$;
grant execute on function app.tax_id_weighted(chars text, weights integer[]) to authenticated, service_role;

create or replace function app.tax_year_payees(tax_year integer, form_types text[], min_cents bigint, after_creator uuid, max_rows integer)
returns table(creator_id uuid, paid_cents bigint, form_id uuid)
language plpgsql
stable
security definer
set search_path = ''
set plan_cache_mode = 'force_custom_plan'
as $$
begin
  -- Planned with this call's form types and cursor (a plan for any form type read all 500k forms for the 25k
  -- W-9s): a page of foreign payees reads its own payees' payouts in creator order (payouts_creator_idx), the
  -- US persons come from tax_forms_type_idx.
  return query
  select p.creator_id, sum(p.amount_cents)::bigint, f.id
  from app.payouts p
  join app.tax_forms f on f.creator_id = p.creator_id and f.superseded_at is null
  where p.status = 'paid'
    and p.paid_at >= make_timestamptz(tax_year_payees.tax_year, 1, 1, 0, 0, 0, 'UTC')
    and p.paid_at < make_timestamptz(tax_year_payees.tax_year + 1, 1, 1, 0, 0, 0, 'UTC')
    and f.form_type = any (tax_year_payees.form_types)
    and (tax_year_payees.after_creator is null or p.creator_id > tax_year_payees.after_creator)
  group by p.creator_id, f.id
  having sum(p.amount_cents) >= tax_year_payees.min_cents
  order by p.creator_id
  limit tax_year_payees.max_rows;
end;
$$;

create or replace function app.warn_tax_form_expiring(as_of timestamp with time zone default now())
returns integer
language sql
security definer
set search_path = ''
as $$
  with added as (
    insert into app.notifications (user_id, kind, data, created_at)
    select f.creator_id, 'tax_form_expiring',
      jsonb_build_object('form_id', f.id, 'form_type', f.form_type, 'expires_on', f.expires_on, 'days', w.days),
      warn_tax_form_expiring.as_of
    from app.tax_forms f
    -- Inside 30 days only the 30-day reminder is due: a form first seen that late is not told twice.
    cross join lateral (select case when f.expires_on - warn_tax_form_expiring.as_of::date <= 30 then 30 else 90 end days) w
    where f.superseded_at is null and f.expires_on is not null
      and warn_tax_form_expiring.as_of::date between f.expires_on - 90 and f.expires_on
      and not exists (select 1 from app.notifications x
        where x.user_id = f.creator_id and x.kind = 'tax_form_expiring'
          and x.data ->> 'form_id' = f.id::text and (x.data ->> 'days')::integer = w.days)
    returning 1
  )
  select count(*)::integer from added
$$;
grant execute on function app.warn_tax_form_expiring(as_of timestamp with time zone) to service_role;

create trigger ledger_entries_note_tax_form_gap after insert on app.ledger_entries for each row when (new.account = 'creator_available'::text and new.creator_id is not null and new.amount_cents < 0) execute function app.note_tax_form_gap();

create trigger payout_accounts_note_tax_form_gap after insert on app.payout_accounts for each row execute function app.note_tax_form_gap();
