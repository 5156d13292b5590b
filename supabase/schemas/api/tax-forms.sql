-- Tax forms: the W-8BEN, W-8BEN-E or W-9 a creator gives before being paid (issue 36 item 1, decision 0044).
-- This file: the api functions and types (the Data API); the tables are in ../tax-forms.sql.
-- Current definitions (decision 0039): change them here, then `npm run db:diff` writes the migration.

create or replace function api.admin_1042s(tax_year integer, after_creator uuid default null::uuid, page_size integer default 1000)
returns table (
  report_year integer,
  creator_id uuid,
  form_type text,
  recipient_name text,
  recipient_country text,
  chapter3_status text,
  chapter3_status_code text,
  foreign_tin_kind text,
  foreign_tin text,
  date_of_birth date,
  address_street text,
  address_city text,
  income_code text,
  gross_income_cents bigint,
  treaty_country text,
  treaty_article text,
  exemption_code text,
  tax_rate_bps integer,
  federal_tax_withheld_cents bigint
)
language plpgsql
security definer
set search_path = ''
as $$
#variable_conflict use_column
declare
  n integer;
begin
  if not (select app.is_admin()) then
    perform app.fail('42501', 'Only admins export tax reports', 'not_admin');
  end if;
  if admin_1042s.tax_year is null or admin_1042s.tax_year not between 2000 and 2100 then
    perform app.fail('22023', 'Choose a calendar year', 'tax_year_unknown');
  end if;
  perform app.check_tax_report_page(admin_1042s.page_size);
  return query
  -- Each key once per page, not once per number.
  with y as materialized (
    select * from app.tax_year_payees(admin_1042s.tax_year, array['w8ben', 'w8bene'], 0, admin_1042s.after_creator, admin_1042s.page_size)
  ),
  k as materialized (
    select s.source, app.tax_id_key(s.source) key
    from (select distinct f.tin_key_source source from y join app.tax_forms f on f.id = y.form_id) s
  )
  select admin_1042s.tax_year, y.creator_id, f.form_type, f.legal_name, f.address_country,
    case when f.form_type = 'w8ben' then 'individual' else f.entity_status end,
    -- Instructions for Form 1042-S, the recipient's chapter 3 status codes: 16 individual, 15 corporation,
    -- 08 partnership (not a withholding foreign partnership); any other status is the adviser's to code.
    case when f.form_type = 'w8ben' then '16' when f.entity_status = 'corporation' then '15'
      when f.entity_status = 'partnership' then '08' end,
    f.tin_kind, extensions.pgp_sym_decrypt(f.tin_encrypted, k.key),
    f.date_of_birth, f.address_street, f.address_city,
    '17', y.paid_cents, f.treaty_country, f.treaty_article,
    -- Exemption code 04 (exempt under a tax treaty) when the form claims one, with the rate it claims.
    case when f.treaty_country is not null then '04' end,
    f.treaty_rate_bps,
    0::bigint
  from y
  join app.tax_forms f on f.id = y.form_id
  join k on k.source = f.tin_key_source
  order by y.creator_id;
  get diagnostics n = row_count;
  perform app.write_admin_audit((select auth.uid()), 'tax_report.export', 'tax_report', '1042-S ' || admin_1042s.tax_year, null,
    jsonb_build_object('report', '1042-S', 'tax_year', admin_1042s.tax_year, 'rows', n, 'after_creator', admin_1042s.after_creator));
end;
$$;
comment on function api.admin_1042s(tax_year integer, after_creator uuid, page_size integer) is 'Security definer: the 1042-S data of a calendar year (foreign payees, income code 17), full numbers decrypted, a page of at most page_size (<= 1000) payees after after_creator in creator order; admins only, each page audited. Mechanism, not tax advice (decision 0051).';
grant execute on function api.admin_1042s(tax_year integer, after_creator uuid, page_size integer) to authenticated;

create or replace function api.admin_1099_nec(tax_year integer, after_creator uuid default null::uuid, page_size integer default 1000)
returns table (
  report_year integer,
  creator_id uuid,
  recipient_name text,
  business_name text,
  tax_classification text,
  tin_kind text,
  tin text,
  address_street text,
  address_city text,
  box1_cents bigint,
  threshold_cents bigint
)
language plpgsql
security definer
set search_path = ''
as $$
#variable_conflict use_column
declare
  threshold bigint;
  n integer;
begin
  if not (select app.is_admin()) then
    perform app.fail('42501', 'Only admins export tax reports', 'not_admin');
  end if;
  select t.nec_threshold_cents into threshold from app.tax_report_thresholds t where t.tax_year = admin_1099_nec.tax_year;
  if threshold is null then
    perform app.fail('22023', 'No 1099-NEC threshold is set for this year', 'tax_year_unknown');
  end if;
  perform app.check_tax_report_page(admin_1099_nec.page_size);
  return query
  -- Each key once per page, not once per number.
  with y as materialized (
    select * from app.tax_year_payees(admin_1099_nec.tax_year, array['w9'], threshold, admin_1099_nec.after_creator, admin_1099_nec.page_size)
  ),
  k as materialized (
    select s.source, app.tax_id_key(s.source) key
    from (select distinct f.tin_key_source source from y join app.tax_forms f on f.id = y.form_id) s
  )
  select admin_1099_nec.tax_year, y.creator_id, f.legal_name, f.business_name, f.tax_classification, f.tin_kind,
    extensions.pgp_sym_decrypt(f.tin_encrypted, k.key),
    f.address_street, f.address_city, y.paid_cents, threshold
  from y
  join app.tax_forms f on f.id = y.form_id
  join k on k.source = f.tin_key_source
  order by y.creator_id;
  get diagnostics n = row_count;
  -- The rows carry full numbers: each page is audited like a single read.
  perform app.write_admin_audit((select auth.uid()), 'tax_report.export', 'tax_report', '1099-NEC ' || admin_1099_nec.tax_year, null,
    jsonb_build_object('report', '1099-NEC', 'tax_year', admin_1099_nec.tax_year, 'rows', n, 'after_creator', admin_1099_nec.after_creator));
end;
$$;
comment on function api.admin_1099_nec(tax_year integer, after_creator uuid, page_size integer) is 'Security definer: the 1099-NEC rows of a calendar year (US persons paid at least app.tax_report_thresholds), full numbers decrypted, a page of at most page_size (<= 1000) payees after after_creator in creator order; admins only, each page audited.';
grant execute on function api.admin_1099_nec(tax_year integer, after_creator uuid, page_size integer) to authenticated;

create or replace function api.admin_tax_form_tin(form_id uuid)
returns text
language plpgsql
security definer
set search_path = ''
as $$
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
  -- Every full number read leaves a row (decision 0051): who read whose, and when (the row's at).
  perform app.write_admin_audit((select auth.uid()), 'tax_form.tin_read', 'tax_form', f.id::text, null,
    jsonb_build_object('creator_id', f.creator_id, 'form_type', f.form_type, 'tin_kind', f.tin_kind));
  return extensions.pgp_sym_decrypt(f.tin_encrypted, app.tax_id_key(f.tin_key_source));
end;
$$;
comment on function api.admin_tax_form_tin(form_id uuid) is 'Security definer: the full identifying number of a form, decrypted, for admins only (what year-end returns need).';
grant execute on function api.admin_tax_form_tin(form_id uuid) to authenticated;

create or replace function api.admin_tax_forms_attention(max_rows integer default 200)
returns table (
  creator_id uuid,
  full_name text,
  form_id uuid,
  form_type text,
  state text,
  expires_on date,
  available_cents bigint,
  has_payout_account boolean,
  name_check text,
  total_count bigint
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
  perform app.check_page_size(max_rows);
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
  -- How many need attention in all, beside the most urgent max_rows: the screen counts them all.
  select p.id, p.full_name, f.id, f.form_type, s.st, f.expires_on, b.available_cents, a.creator_id is not null, f.name_check,
    count(*) over ()
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
    f.expires_on nulls first, b.available_cents desc, p.id
  limit max_rows;
end;
$$;
comment on function api.admin_tax_forms_attention(max_rows integer) is 'Security definer: creators who can be paid (a payout account or money available) whose form is missing, expired, expiring soon or signed in a name that is not the payout account holder''s, and forms whose payee could not be matched to the holder yet, the most urgent max_rows (1..1000) first, each with the total_count of all. Admins only.';
grant execute on function api.admin_tax_forms_attention(max_rows integer) to authenticated;

create or replace function api.my_tax_form()
returns table (
  form_id uuid,
  form_type text,
  legal_name text,
  business_name text,
  address_country text,
  tin_kind text,
  tin_masked text,
  signer_name text,
  signed_on date,
  expires_on date,
  state text
)
language sql
stable
security definer
set search_path = ''
as $$
  select f.id, f.form_type, f.legal_name, f.business_name, f.address_country, f.tin_kind,
    case when f.id is not null then '•••• ' || f.tin_last4 end,
    f.signer_name, f.signed_on, f.expires_on,
    case when f.id is null then 'missing' else app.tax_form_standing(f.expires_on, f.name_check, (select app.scheduler_now())::date) end
  from (select (select auth.uid()) uid) me
  left join app.tax_forms f on f.creator_id = me.uid and f.superseded_at is null
  where (select app.current_role()) = 'creator'
$$;
comment on function api.my_tax_form() is 'Security definer: it reads the scheduler''s clock (app.scheduler_now, not granted to users) and only the signed-in creator''s form on file, its number masked, with its state: valid, expiring_soon, expired, name_mismatch (its payee is not the payout account holder) or missing. No row for anyone but a creator.';
grant execute on function api.my_tax_form() to authenticated;

create or replace function api.tax_form_submit(form jsonb)
returns table(form_id uuid, form_type text, tin_masked text, signed_on date, expires_on date, state text)
language plpgsql
security definer
set search_path = ''
as $$
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
  holder text;
  named text;
  name_check text;
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

  -- The payee must be the payout account's holder (decision 0051).
  named := app.tax_form_payee_name(jsonb_populate_record(null::app.tax_forms, jsonb_build_object(
    'form_type', kind, 'tax_classification', form ->> 'tax_classification', 'signer_name', signer, 'legal_name', legal)));
  select a.holder_name into holder from app.payout_accounts a where a.creator_id = (select auth.uid());
  if holder is null then
    name_check := 'unverified';
  elsif app.person_name_key(holder) = app.person_name_key(named) then
    name_check := 'matched';
  else
    perform app.fail('22023', 'The name on this form is not the payout account holder''s: sign with the holder''s name', 'signer_not_account_holder');
  end if;

  update app.tax_forms x set superseded_at = now() where x.creator_id = (select auth.uid()) and x.superseded_at is null;
  insert into app.tax_forms (creator_id, form_type, legal_name, business_name, citizenship_country, incorporation_country,
    date_of_birth, address_street, address_city, address_country, entity_status, fatca_status, tax_classification,
    treaty_country, treaty_article, treaty_rate_bps, treaty_income_type, tin_kind, tin_encrypted, tin_key_source, tin_last4,
    signer_name, signer_capacity, signed_on, perjury_accepted, expires_on, name_check)
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
    tin_kind, app.tax_id_encrypt(tin, key_source), key_source, right(tin, 4),
    signer, case when kind = 'w8bene' then left(app.clean_text(form ->> 'signer_capacity'), 100) end,
    today, true,
    -- Instructions for Form W-8BEN: valid until the last day of the third calendar year after signing.
    case when kind <> 'w9' then make_date(extract(year from today)::integer + 3, 12, 31) end,
    name_check)
  returning * into f;
  return query select f.id, f.form_type, '•••• ' || f.tin_last4, f.signed_on, f.expires_on, app.tax_form_state(f.expires_on, today);
end;
$$;
comment on function api.tax_form_submit(form jsonb) is 'Security definer: a creator signs a form (it replaces the one on file); every field is checked here, the identifying number by app.tax_id_problem and app.tax_id_fits_form, and stored encrypted.';
grant execute on function api.tax_form_submit(form jsonb) to authenticated;
