-- tax forms: written by `npm run db:diff` from supabase/schemas (decision 0039).
-- Read it before committing: data moves and renames are written by hand (see the decision).

set local check_function_bodies = off;

-- Written by hand (a diff does not carry extensions): the identifying numbers are encrypted with pgcrypto.
create extension if not exists pgcrypto with schema extensions;

create table "app"."tax_forms" (
  "id"                    uuid                     not null default gen_random_uuid(),
  "creator_id"            uuid                     not null,
  "form_type"             text                     not null,
  "legal_name"            text                     not null,
  "business_name"         text,
  "citizenship_country"   text,
  "incorporation_country" text,
  "date_of_birth"         date,
  "address_street"        text                     not null,
  "address_city"          text                     not null,
  "address_country"       text                     not null,
  "entity_status"         text,
  "fatca_status"          text,
  "tax_classification"    text,
  "treaty_country"        text,
  "treaty_article"        text,
  "treaty_rate_bps"       integer,
  "treaty_income_type"    text,
  "tin_kind"              text                     not null,
  "tin_encrypted"         bytea                    not null,
  "tin_key_source"        text                     not null,
  "tin_last4"             text                     not null,
  "signer_name"           text                     not null,
  "signer_capacity"       text,
  "signed_on"             date                     not null,
  "perjury_accepted"      boolean                  not null,
  "expires_on"            date,
  "superseded_at"         timestamp with time zone,
  "created_at"            timestamp with time zone not null default now(),
  constraint "tax_forms_classification_valid"
    check
    ((tax_classification = any (array['individual'::text, 'c_corporation'::text, 's_corporation'::text, 'partnership'::text, 'trust_estate'::text, 'llc_c'::text, 'llc_s'::text,
    'llc_p'::text]))),
  constraint "tax_forms_countries_valid"
    check
    (((address_country ~ '^[A-Z]{2}$'::text) and (coalesce(citizenship_country, 'US'::text) ~ '^[A-Z]{2}$'::text) and (coalesce(incorporation_country, 'US'::text) ~
    '^[A-Z]{2}$'::text) and (coalesce(treaty_country, 'US'::text) ~ '^[A-Z]{2}$'::text))),
  constraint "tax_forms_entity_status_valid"
    check
    ((entity_status = any (array['corporation'::text, 'partnership'::text, 'simple_trust'::text, 'grantor_trust'::text, 'complex_trust'::text, 'estate'::text,
    'disregarded_entity'::text, 'private_foundation'::text]))),
  constraint "tax_forms_fatca_status_valid" check ((fatca_status = any (array['active_nffe'::text, 'passive_nffe'::text, 'excepted_nffe'::text, 'nonprofit'::text]))),
  constraint "tax_forms_key_source_valid" check ((tin_key_source = any (array['setting'::text, 'database'::text]))),
  constraint "tax_forms_perjury_accepted" check (perjury_accepted),
  constraint "tax_forms_pkey" primary key (id),
  constraint "tax_forms_tin_kind_valid"
    check ((tin_kind = any (array['cpf'::text, 'cnpj'::text, 'rfc'::text, 'cuit'::text, 'rut'::text, 'nit'::text, 'ruc'::text, 'ssn'::text, 'ein'::text]))),
  constraint "tax_forms_treaty_rate_valid" check (((treaty_rate_bps is null) or ((treaty_rate_bps >= 0) and (treaty_rate_bps <= 3000)))),
  constraint "tax_forms_type_valid" check ((form_type = any (array['w8ben'::text, 'w8bene'::text, 'w9'::text]))),
  constraint "tax_forms_w8_expiry" check (((form_type = 'w9'::text) = (expires_on is null))),
  constraint "tax_forms_w8ben_fields" check (((form_type <> 'w8ben'::text) or ((citizenship_country is not null) and (date_of_birth is not null)))),
  constraint "tax_forms_w8bene_fields" check (((form_type <> 'w8bene'::text) or ((incorporation_country is not null) and (entity_status is not null) and (fatca_status is
    not null) and (signer_capacity is not null)))),
  constraint "tax_forms_w9_fields" check (((form_type <> 'w9'::text) or (tax_classification is not null)))
);

alter table "app"."tax_forms"
  enable row level security;

create table "app"."tax_id_keys" (
  "id"         smallint                 not null default 1,
  "key"        text                     not null,
  "created_at" timestamp with time zone not null default now(),
  constraint "tax_id_keys_one" check ((id = 1)),
  constraint "tax_id_keys_pkey" primary key (id)
);

alter table "app"."tax_id_keys"
  enable row level security;

create or replace function api.admin_tax_form_tin (
  form_id uuid
)
  returns text
  language plpgsql
  security definer
  set search_path to ''
  as $function$
declare
  f app.tax_forms;
begin
  if not (select app.is_admin()) then
    perform app.fail('42501', 'Only admins read a full identifying number', 'not_admin');
  end if;
  select * into f from app.tax_forms x where x.id = admin_tax_form_tin.form_id;
  if not found then
    perform app.fail('P0002', 'No such tax form', 'tax_form_not_found');
  end if;
  return extensions.pgp_sym_decrypt(f.tin_encrypted, app.tax_id_key(f.tin_key_source));
end;
$function$;

create or replace function api.admin_tax_forms_attention()
  returns table (
    creator_id         uuid,
    full_name          text,
    form_id            uuid,
    form_type          text,
    state              text,
    expires_on         date,
    available_cents    bigint,
    has_payout_account boolean
  )
  language plpgsql
  stable
  security definer
  set search_path to ''
  as $function$
begin
  if not (select app.is_admin()) then
    perform app.fail('42501', 'Only admins see the tax forms needing attention', 'not_admin');
  end if;
  return query
  select p.id, p.full_name, f.id, f.form_type, s.st, f.expires_on, b.available_cents, a.creator_id is not null
  from app.profiles p
  left join app.tax_forms f on f.creator_id = p.id and f.superseded_at is null
  left join app.payout_accounts a on a.creator_id = p.id
  cross join lateral app.creator_balance(p.id) b
  -- The state once per row, for the column, the filter and the order.
  cross join lateral (select case when f.id is null then 'missing' else app.tax_form_state(f.expires_on, (select app.scheduler_now())::date) end st) s
  where p.role = 'creator'
    and (a.creator_id is not null or b.available_cents > 0)
    and s.st <> 'valid'
  order by case s.st when 'expired' then 0 when 'missing' then 1 else 2 end,
    f.expires_on nulls first, b.available_cents desc, p.id;
end;
$function$;

create or replace function api.my_tax_form()
  returns table (
    form_id         uuid,
    form_type       text,
    legal_name      text,
    business_name   text,
    address_country text,
    tin_kind        text,
    tin_masked      text,
    signer_name     text,
    signed_on       date,
    expires_on      date,
    state           text
  )
  language sql
  stable
  security definer
  set search_path to ''
  as $function$
  select f.id, f.form_type, f.legal_name, f.business_name, f.address_country, f.tin_kind,
    case when f.id is not null then '•••• ' || f.tin_last4 end,
    f.signer_name, f.signed_on, f.expires_on,
    case when f.id is null then 'missing' else app.tax_form_state(f.expires_on, (select app.scheduler_now())::date) end
  from (select (select auth.uid()) uid) me
  left join app.tax_forms f on f.creator_id = me.uid and f.superseded_at is null
  where (select app.current_role()) = 'creator'
$function$;

create or replace function api.payouts_due()
  returns table (
    creator_id     uuid,
    open_payout_id uuid
  )
  language sql
  stable
  set search_path to ''
  as $function$
  select p.creator_id, p.id from app.payouts p
  where p.status = 'pending' or (p.status = 'processing' and p.stripe_outbound_payment_id is null)
  union all
  select a.creator_id, null::uuid
  from app.payout_accounts a
  cross join app.platform_settings s
  cross join lateral app.creator_balance(a.creator_id) b
  where a.status = 'active' and s.payout_schedule <> 'on_request'
    and b.available_cents >= s.payout_minimum_cents
    and app.tax_form_state_of(a.creator_id) not in ('missing', 'expired')
    and not exists (select 1 from app.payouts q where q.creator_id = a.creator_id and q.status in ('pending', 'processing'))
    and not exists (select 1 from app.payouts q where q.creator_id = a.creator_id
      and (q.status = 'paid' or (q.status = 'failed' and q.stripe_outbound_payment_id is null))
      and q.created_at > now() - case s.payout_schedule when 'weekly' then interval '156 hours' else interval '20 hours' end)
$function$;

create or replace function api.tax_form_submit (
  form jsonb
)
  returns table (
    form_id    uuid,
    form_type  text,
    tin_masked text,
    signed_on  date,
    expires_on date,
    state      text
  )
  language plpgsql
  security definer
  set search_path to ''
  as $function$
#variable_conflict use_column
declare
  kind text := form ->> 'form_type';
  legal text := app.clean_text(form ->> 'legal_name');
  street text := app.clean_text(form ->> 'address_street');
  city text := app.clean_text(form ->> 'address_city');
  country text := upper(coalesce(app.clean_text(form ->> 'address_country'), ''));
  citizenship text := upper(app.clean_text(form ->> 'citizenship_country'));
  incorporation text := upper(app.clean_text(form ->> 'incorporation_country'));
  treaty text := upper(app.clean_text(form ->> 'treaty_country'));
  signer text := app.clean_text(form ->> 'signer_name');
  tin_kind text := form ->> 'tin_kind';
  tin text := app.tax_id_normalize(form ->> 'tin');
  problem text;
  birth date;
  today date := (select app.scheduler_now())::date;
  key_source text := case when nullif(current_setting('app.tax_id_key', true), '') is null then 'database' else 'setting' end;
  f app.tax_forms;
begin
  if (select app.current_role()) is distinct from 'creator' then
    perform app.fail('42501', 'Only creators give tax forms', 'not_creator');
  end if;
  if kind is null or kind not in ('w8ben', 'w8bene', 'w9') then
    perform app.fail('22023', 'Choose the W-8BEN, the W-8BEN-E or the W-9', 'form_type_invalid');
  end if;
  if legal is null or char_length(legal) > 200 then
    perform app.fail('22023', 'Enter your legal name as your tax authority has it (200 characters at most)', 'legal_name_required');
  end if;
  if street is null or city is null or char_length(street) > 300 or char_length(city) > 200 then
    perform app.fail('22023', 'Enter your permanent residence address: street, then city, region and postal code', 'address_required');
  end if;
  if kind = 'w9' then
    if country !~ '^[A-Z]{2}$' then
      perform app.fail('22023', 'Choose the country of your address', 'address_country_invalid');
    end if;
    if coalesce(form ->> 'tax_classification', '') not in ('individual', 'c_corporation', 's_corporation', 'partnership', 'trust_estate', 'llc_c', 'llc_s', 'llc_p') then
      perform app.fail('22023', 'Choose your federal tax classification', 'tax_classification_required');
    end if;
  else
    -- A W-8 is for someone who is not a US person: their residence is one of the countries paid from here.
    if country not in ('AR', 'BR', 'CL', 'CO', 'MX', 'PE') then
      perform app.fail('22023', 'A W-8 form needs a permanent residence in a country we pay to (not the United States)', 'residence_country_not_supported');
    end if;
  end if;
  if kind = 'w8ben' then
    if citizenship is null or citizenship !~ '^[A-Z]{2}$' then
      perform app.fail('22023', 'Choose your country of citizenship', 'citizenship_required');
    end if;
    begin
      birth := (form ->> 'date_of_birth')::date;
    exception when others then
      birth := null;
    end;
    if birth is null or birth > today - interval '18 years' or birth < date '1900-01-01' then
      perform app.fail('22023', 'Enter your date of birth (you must be 18 or older)', 'date_of_birth_invalid');
    end if;
    if lower(regexp_replace(signer, '[[:space:]]+', ' ', 'g')) is distinct from lower(regexp_replace(legal, '[[:space:]]+', ' ', 'g')) then
      perform app.fail('22023', 'Sign with your name exactly as on line 1', 'signer_name_mismatch');
    end if;
  end if;
  if kind = 'w8bene' then
    if incorporation is null or incorporation !~ '^[A-Z]{2}$' then
      perform app.fail('22023', 'Choose the country where the entity is incorporated or organized', 'incorporation_country_required');
    end if;
    if coalesce(form ->> 'entity_status', '') not in ('corporation', 'partnership', 'simple_trust', 'grantor_trust', 'complex_trust', 'estate', 'disregarded_entity', 'private_foundation') then
      perform app.fail('22023', 'Choose the entity''s chapter 3 status', 'entity_status_required');
    end if;
    if coalesce(form ->> 'fatca_status', '') not in ('active_nffe', 'passive_nffe', 'excepted_nffe', 'nonprofit') then
      perform app.fail('22023', 'Choose the entity''s chapter 4 (FATCA) status', 'fatca_status_required');
    end if;
    if app.clean_text(form ->> 'signer_capacity') is null then
      perform app.fail('22023', 'Say in what capacity you sign for the entity', 'signer_capacity_required');
    end if;
  end if;
  if tin is null or tin = '' then
    perform app.fail('22023', 'Enter your taxpayer identification number', 'tin_required');
  end if;
  if tin_kind is null or not app.tax_id_fits_form(kind, country, tin_kind, tin) then
    perform app.fail('22023', 'This kind of number does not fit this form and country', 'tin_kind_mismatch');
  end if;
  problem := app.tax_id_problem(tin_kind, tin);
  if problem is not null then
    perform app.fail('22023', case problem
      when 'check_digit' then 'This number has a wrong check digit: check it for a typing mistake'
      when 'not_issued' then 'This number is in a range that is never issued'
      when 'generic' then 'This is a generic placeholder number, not your own'
      else 'This number does not have the layout its country uses' end, 'tin_' || problem);
  end if;
  if treaty is not null then
    if kind = 'w9' or treaty <> country then
      perform app.fail('22023', 'A treaty claim is for the country you are a resident of', 'treaty_country_mismatch');
    end if;
    if form ->> 'treaty_rate_bps' is null or (form ->> 'treaty_rate_bps') !~ '^[0-9]{1,4}$' or (form ->> 'treaty_rate_bps')::integer > 3000 then
      perform app.fail('22023', 'A treaty claim needs the rate it claims, from 0% to 30%', 'treaty_rate_invalid');
    end if;
  end if;
  if signer is null or char_length(signer) > 200 then
    perform app.fail('22023', 'Type your name to sign the form', 'signature_required');
  end if;
  if (form -> 'perjury_accepted') is distinct from 'true'::jsonb then
    perform app.fail('22023', 'Accept the certification under penalties of perjury to sign the form', 'certification_required');
  end if;

  update app.tax_forms x set superseded_at = now() where x.creator_id = (select auth.uid()) and x.superseded_at is null;
  insert into app.tax_forms (creator_id, form_type, legal_name, business_name, citizenship_country, incorporation_country,
    date_of_birth, address_street, address_city, address_country, entity_status, fatca_status, tax_classification,
    treaty_country, treaty_article, treaty_rate_bps, treaty_income_type, tin_kind, tin_encrypted, tin_key_source, tin_last4,
    signer_name, signer_capacity, signed_on, perjury_accepted, expires_on)
  values ((select auth.uid()), kind, legal,
    case when kind = 'w9' then app.clean_text(form ->> 'business_name') end,
    case when kind = 'w8ben' then citizenship end,
    case when kind = 'w8bene' then incorporation end,
    birth, street, city, country,
    case when kind = 'w8bene' then form ->> 'entity_status' end,
    case when kind = 'w8bene' then form ->> 'fatca_status' end,
    case when kind = 'w9' then form ->> 'tax_classification' end,
    treaty, case when treaty is not null then left(app.clean_text(form ->> 'treaty_article'), 50) end,
    case when treaty is not null then (form ->> 'treaty_rate_bps')::integer end,
    case when treaty is not null then left(app.clean_text(form ->> 'treaty_income_type'), 100) end,
    tin_kind, extensions.pgp_sym_encrypt(tin, app.tax_id_key(key_source)), key_source, right(tin, 4),
    signer, case when kind = 'w8bene' then left(app.clean_text(form ->> 'signer_capacity'), 100) end,
    today, true,
    -- Instructions for Form W-8BEN: valid until the last day of the third calendar year after signing.
    case when kind <> 'w9' then make_date(extract(year from today)::integer + 3, 12, 31) end)
  returning * into f;
  return query select f.id, f.form_type, '•••• ' || f.tin_last4, f.signed_on, f.expires_on, app.tax_form_state(f.expires_on, today);
end;
$function$;

create or replace function app.payout_begin (
  creator_id   uuid,
  requested_by text
)
  returns table (
    payout_id                  uuid,
    amount_cents               bigint,
    status                     text,
    stripe_account_id          text,
    stripe_outbound_payment_id text,
    created                    boolean
  )
  language plpgsql
  security definer
  set search_path to ''
  as $function$
#variable_conflict use_column
declare
  a app.payout_accounts;
  p app.payouts;
  available bigint;
  minimum bigint;
begin
  select * into a from app.payout_accounts x where x.creator_id = payout_begin.creator_id for update;
  if not found then
    perform app.fail('PT409', 'Set up your payout account first', 'payout_account_missing');
  end if;
  select * into p from app.payouts x where x.creator_id = a.creator_id and x.status in ('pending', 'processing');
  if found then
    return query select p.id, p.amount_cents, p.status, p.stripe_account_id, p.stripe_outbound_payment_id, false;
    return;
  end if;
  if a.status <> 'active' then
    perform app.fail('PT409', 'Your payout account needs attention before you can be paid', 'payout_account_not_ready');
  end if;
  -- A US payer pays no one without a tax form on file (issue 36, decision 0044): the money waits, available.
  case app.tax_form_state_of(a.creator_id)
  when 'missing' then
    perform app.fail('PT409', 'Your payouts are on hold until you sign your tax form (Settings, Tax form)', 'tax_form_missing');
  when 'expired' then
    perform app.fail('PT409', 'Your payouts are on hold: your tax form has expired, sign a new one (Settings, Tax form)', 'tax_form_expired');
  else
    null;
  end case;
  select b.available_cents into available from app.creator_balance(a.creator_id) b;
  minimum := case when requested_by = 'creator' then 100 else (select s.payout_minimum_cents from app.platform_settings s) end;
  if available < minimum then
    raise exception using
      message = format('Your available balance is below the minimum payout of $%s', to_char(minimum / 100.0, 'FM999,999,990.00')),
      errcode = 'PT409',
      detail = 'payout_below_minimum',
      hint = json_build_object('minimum_cents', minimum)::text;
  end if;
  insert into app.payouts (creator_id, amount_cents, status, requested_by, stripe_account_id)
  values (a.creator_id, available, 'pending', payout_begin.requested_by, a.stripe_account_id)
  returning * into p;
  perform app.ledger_post('payout', p.id::text,
    jsonb_build_array(
      jsonb_build_object('account', 'creator_available', 'amount_cents', available),
      jsonb_build_object('account', 'creator_in_transit', 'amount_cents', -available)),
    payout_id => p.id, creator_id => a.creator_id);
  return query select p.id, p.amount_cents, p.status, p.stripe_account_id, p.stripe_outbound_payment_id, true;
end;
$function$;

create or replace function app.tax_form_state (
  expires_on date,
  on_day     date
)
  returns text
  language sql
  immutable
  parallel safe
  set search_path to ''
  as $function$
  select case
    when expires_on is null then 'valid'
    when on_day > expires_on then 'expired'
    when on_day > expires_on - 90 then 'expiring_soon'
    else 'valid'
  end
$function$;

create or replace function app.tax_form_state_of (
  creator_id uuid
)
  returns text
  language sql
  stable
  security definer
  set search_path to ''
  as $function$
  select coalesce(
    (select app.tax_form_state(f.expires_on, (select app.scheduler_now())::date) from app.tax_forms f
     where f.creator_id = tax_form_state_of.creator_id and f.superseded_at is null),
    'missing')
$function$;

create or replace function app.tax_id_fits_form (
  form_type text,
  country   text,
  kind      text,
  value     text
)
  returns boolean
  language sql
  immutable
  parallel safe
  set search_path to ''
  as $function$
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
$function$;

create or replace function app.tax_id_key (
  source text
)
  returns text
  language plpgsql
  security definer
  set search_path to ''
  as $function$
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
$function$;

create or replace function app.tax_id_normalize (
  value text
)
  returns text
  language sql
  immutable
  parallel safe
  set search_path to ''
  as $function$
  select upper(regexp_replace(coalesce(value, ''), '[[:space:]./-]', '', 'g'))
$function$;

create or replace function app.tax_id_problem (
  kind  text,
  value text
)
  returns text
  language plpgsql
  immutable
  parallel safe
  set search_path to ''
  as $function$
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
$function$;

create or replace function app.tax_id_weighted (
  chars   text,
  weights integer[]
)
  returns integer
  language sql
  immutable
  parallel safe
  set search_path to ''
  as $function$
  select coalesce(sum((ascii(substr(chars, i, 1)) - 48) * weights[i]), 0)::integer
  from generate_series(1, char_length(chars)) i
$function$;

alter table "app"."tax_forms"
  add constraint "tax_forms_creator_id_fkey" foreign key (creator_id) references app.profiles(id) on delete cascade;

create index tax_forms_expiry_idx on app.tax_forms using btree (expires_on)
  where (superseded_at is null);

create unique index tax_forms_one_on_file on app.tax_forms using btree (creator_id)
  where (superseded_at is null);

create policy "Creators see their own tax forms, admins all" on "app"."tax_forms"
  for select
  to "authenticated"
  using (((creator_id = ( select auth.uid() as uid)) or ( select app.is_admin() as is_admin)));

comment on function "api"."admin_tax_form_tin"(uuid) is 'Security definer: the full identifying number of a form, decrypted, for admins only (what year-end returns need).';

comment on function "api"."admin_tax_forms_attention"() is 'Security definer: creators who can be paid (a payout account or money available) whose form is missing, expired or expiring soon, the most urgent first. Admins only.';

comment on function "api"."my_tax_form"() is 'Security definer: it reads the scheduler''s clock (app.scheduler_now, not granted to users) and only the signed-in creator''s form on file, its number masked, with its state: valid, expiring_soon, expired or missing. No row for anyone but a creator.';

comment on function "api"."tax_form_submit"(jsonb) is 'Security definer: a creator signs a form (it replaces the one on file); every field is checked here, the identifying number by app.tax_id_problem and app.tax_id_fits_form, and stored encrypted.';

comment on function "app"."tax_form_state_of"(uuid) is 'Security definer: the payout functions ask it for any creator; it answers a state, never the form.';

comment on function "app"."tax_id_problem"(text, text) is 'Why an identifying number is refused (format, check_digit, not_issued, generic; kind for an unknown kind), null when valid: the same rules as the contract''s checkTaxId (supabase/functions/_shared/contract/tax-ids.ts).';

comment on table "app"."tax_forms" is 'Every tax form a creator signed; the one without superseded_at is on file. The identifying number is stored encrypted (tin_encrypted, readable by no client role) and shown by its last four characters (decision 0044).';

comment on table "app"."tax_id_keys" is 'The key identifying numbers are encrypted with when the deploy sets no app.tax_id_key: made at random on first use. No role but the owner reads it (decision 0044).';

revoke all on function "api"."admin_tax_form_tin"(uuid) from public;

grant execute on function "api"."admin_tax_form_tin"(uuid) to "authenticated";

revoke all on function "api"."admin_tax_form_tin"(uuid) from "postgres";

grant execute on function "api"."admin_tax_form_tin"(uuid) to "postgres";

revoke all on function "api"."admin_tax_forms_attention"() from public;

grant execute on function "api"."admin_tax_forms_attention"() to "authenticated";

revoke all on function "api"."admin_tax_forms_attention"() from "postgres";

grant execute on function "api"."admin_tax_forms_attention"() to "postgres";

revoke all on function "api"."my_tax_form"() from public;

grant execute on function "api"."my_tax_form"() to "authenticated";

revoke all on function "api"."my_tax_form"() from "postgres";

grant execute on function "api"."my_tax_form"() to "postgres";

revoke all on function "api"."tax_form_submit"(jsonb) from public;

grant execute on function "api"."tax_form_submit"(jsonb) to "authenticated";

revoke all on function "api"."tax_form_submit"(jsonb) from "postgres";

grant execute on function "api"."tax_form_submit"(jsonb) to "postgres";

revoke all on function "app"."tax_form_state"(date, date) from public;

grant execute on function "app"."tax_form_state"(date, date) to "authenticated";

revoke all on function "app"."tax_form_state"(date, date) from "postgres";

grant execute on function "app"."tax_form_state"(date, date) to "postgres";

grant execute on function "app"."tax_form_state"(date, date) to "service_role";

revoke all on function "app"."tax_form_state_of"(uuid) from public;

revoke all on function "app"."tax_form_state_of"(uuid) from "postgres";

grant execute on function "app"."tax_form_state_of"(uuid) to "postgres";

grant execute on function "app"."tax_form_state_of"(uuid) to "service_role";

revoke all on function "app"."tax_id_fits_form"(text, text, text, text) from public;

grant execute on function "app"."tax_id_fits_form"(text, text, text, text) to "authenticated";

revoke all on function "app"."tax_id_fits_form"(text, text, text, text) from "postgres";

grant execute on function "app"."tax_id_fits_form"(text, text, text, text) to "postgres";

grant execute on function "app"."tax_id_fits_form"(text, text, text, text) to "service_role";

revoke all on function "app"."tax_id_key"(text) from public;

revoke all on function "app"."tax_id_key"(text) from "postgres";

grant execute on function "app"."tax_id_key"(text) to "postgres";

revoke all on function "app"."tax_id_normalize"(text) from public;

grant execute on function "app"."tax_id_normalize"(text) to "authenticated";

revoke all on function "app"."tax_id_normalize"(text) from "postgres";

grant execute on function "app"."tax_id_normalize"(text) to "postgres";

grant execute on function "app"."tax_id_normalize"(text) to "service_role";

revoke all on function "app"."tax_id_problem"(text, text) from public;

grant execute on function "app"."tax_id_problem"(text, text) to "authenticated";

revoke all on function "app"."tax_id_problem"(text, text) from "postgres";

grant execute on function "app"."tax_id_problem"(text, text) to "postgres";

grant execute on function "app"."tax_id_problem"(text, text) to "service_role";

revoke all on function "app"."tax_id_weighted"(text, integer[]) from public;

grant execute on function "app"."tax_id_weighted"(text, integer[]) to "authenticated";

revoke all on function "app"."tax_id_weighted"(text, integer[]) from "postgres";

grant execute on function "app"."tax_id_weighted"(text, integer[]) to "postgres";

grant execute on function "app"."tax_id_weighted"(text, integer[]) to "service_role";

grant select ("address_city") on table "app"."tax_forms" to "authenticated";

grant select ("address_country") on table "app"."tax_forms" to "authenticated";

grant select ("address_street") on table "app"."tax_forms" to "authenticated";

grant select ("business_name") on table "app"."tax_forms" to "authenticated";

grant select ("citizenship_country") on table "app"."tax_forms" to "authenticated";

grant select ("created_at") on table "app"."tax_forms" to "authenticated";

grant select ("creator_id") on table "app"."tax_forms" to "authenticated";

grant select ("date_of_birth") on table "app"."tax_forms" to "authenticated";

grant select ("entity_status") on table "app"."tax_forms" to "authenticated";

grant select ("expires_on") on table "app"."tax_forms" to "authenticated";

grant select ("fatca_status") on table "app"."tax_forms" to "authenticated";

grant select ("form_type") on table "app"."tax_forms" to "authenticated";

grant select ("id") on table "app"."tax_forms" to "authenticated";

grant select ("incorporation_country") on table "app"."tax_forms" to "authenticated";

grant select ("legal_name") on table "app"."tax_forms" to "authenticated";

grant select ("perjury_accepted") on table "app"."tax_forms" to "authenticated";

grant select ("signed_on") on table "app"."tax_forms" to "authenticated";

grant select ("signer_capacity") on table "app"."tax_forms" to "authenticated";

grant select ("signer_name") on table "app"."tax_forms" to "authenticated";

grant select ("superseded_at") on table "app"."tax_forms" to "authenticated";

grant select ("tax_classification") on table "app"."tax_forms" to "authenticated";

grant select ("tin_kind") on table "app"."tax_forms" to "authenticated";

grant select ("tin_last4") on table "app"."tax_forms" to "authenticated";

grant select ("treaty_article") on table "app"."tax_forms" to "authenticated";

grant select ("treaty_country") on table "app"."tax_forms" to "authenticated";

grant select ("treaty_income_type") on table "app"."tax_forms" to "authenticated";

grant select ("treaty_rate_bps") on table "app"."tax_forms" to "authenticated";

grant delete, insert, references, select, trigger, truncate, update on table "app"."tax_forms" to "service_role";
