-- Identifying numbers encrypted with salted S2K and AES-256 instead of iterated S2K (decision 0061): the key is
-- random, so the iterations stretched nothing and made each decryption about 20 times slower. The numbers on
-- file are encrypted again the same way.

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

revoke all on function app.tax_id_encrypt(text, text) from public;

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

update app.tax_forms f
set tin_encrypted = app.tax_id_encrypt(extensions.pgp_sym_decrypt(f.tin_encrypted, app.tax_id_key(f.tin_key_source)), f.tin_key_source);
