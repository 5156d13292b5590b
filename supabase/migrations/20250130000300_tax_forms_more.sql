-- Tax forms, what remains of issue 36 item 1 (decision 0051): the payee's name against the payout
-- account's holder, an audit row for every full number an admin reads, reminders before a W-8 lapses and
-- the year-end 1099-NEC and 1042-S rows. Written by hand; supabase/schemas carries the same definitions.

-- The holder's legal name as Stripe verified it (identity.individual given and family names, or
-- identity.business_details.registered_name), when known; null until then.
alter table app.payout_accounts add column holder_name text;
comment on column app.payout_accounts.holder_name is 'The payout account holder''s legal name as Stripe verified it, when known (null: not known). A tax form''s payee must carry it (decision 0051).';

-- matched: the payee's name is the holder's; unverified: the holder's name was not known when signed.
-- Null on forms signed before the check.
alter table app.tax_forms add column name_check text;
alter table app.tax_forms add constraint tax_forms_name_check_valid check (name_check = any (array['matched'::text, 'unverified'::text]));
grant select (name_check) on table app.tax_forms to authenticated;

alter table app.admin_audit_log drop constraint admin_audit_log_action_valid;
alter table app.admin_audit_log add constraint admin_audit_log_action_valid check (action = any (array['settings.update'::text, 'user.update'::text, 'user.role_change'::text, 'user.email_change'::text, 'user.delete'::text, 'user.delete_failed'::text, 'user.create_brand'::text, 'review.hide'::text, 'review.unhide'::text, 'dispute.resolve'::text, 'dispute.resolve_aborted'::text, 'brand.approve'::text, 'brand.reject'::text, 'tax_form.tin_read'::text]));
alter table app.admin_audit_log drop constraint admin_audit_log_target_type_valid;
alter table app.admin_audit_log add constraint admin_audit_log_target_type_valid check (target_type = any (array['settings'::text, 'user'::text, 'review'::text, 'dispute'::text, 'tax_form'::text]));

create or replace function app.person_name_key (
  name text
)
  returns text
  language sql
  immutable
  parallel safe
  set search_path to ''
  as $function$
  -- A name as compared: case, accents, punctuation and spacing are how it was typed, not who it is.
  -- "S.R.L." is "SRL"; a hyphen or a comma separates words ("Ríos-Pérez" is "Rios Perez").
  select nullif(trim(regexp_replace(regexp_replace(lower(translate(coalesce(name, ''),
    'ÁÀÂÃÄÅáàâãäåÉÈÊËéèêëÍÌÎÏíìîïÓÒÔÕÖóòôõöÚÙÛÜúùûüÇçÑñ-,', 'AAAAAAaaaaaaEEEEeeeeIIIIiiiiOOOOOoooooUUUUuuuuCcNn  ')),
    '[^a-z0-9[:space:]]', '', 'g'), '[[:space:]]+', ' ', 'g')), '')
$function$;
revoke all on function app.person_name_key(text) from public;
grant execute on function app.person_name_key(text) to authenticated, service_role;

drop function api.admin_tax_forms_attention();

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

  -- The payee must be the payout account's holder (decision 0051): a person signs in their own name
  -- (W-8BEN, a W-9 as an individual); an entity's representative signs for the entity on line 1.
  named := case when kind = 'w8ben' or (kind = 'w9' and form ->> 'tax_classification' = 'individual') then signer else legal end;
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
    tin_kind, extensions.pgp_sym_encrypt(tin, app.tax_id_key(key_source)), key_source, right(tin, 4),
    signer, case when kind = 'w8bene' then left(app.clean_text(form ->> 'signer_capacity'), 100) end,
    today, true,
    -- Instructions for Form W-8BEN: valid until the last day of the third calendar year after signing.
    case when kind <> 'w9' then make_date(extract(year from today)::integer + 3, 12, 31) end,
    name_check)
  returning * into f;
  return query select f.id, f.form_type, '•••• ' || f.tin_last4, f.signed_on, f.expires_on, app.tax_form_state(f.expires_on, today);
end;
$function$;

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
  -- Every full number read leaves a row (decision 0051): who read whose, and when (the row's at).
  perform app.write_admin_audit((select auth.uid()), 'tax_form.tin_read', 'tax_form', f.id::text, null,
    jsonb_build_object('creator_id', f.creator_id, 'form_type', f.form_type, 'tin_kind', f.tin_kind));
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
    has_payout_account boolean,
    name_check         text
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
  select p.id, p.full_name, f.id, f.form_type, s.st, f.expires_on, b.available_cents, a.creator_id is not null, f.name_check
  from app.profiles p
  left join app.tax_forms f on f.creator_id = p.id and f.superseded_at is null
  left join app.payout_accounts a on a.creator_id = p.id
  cross join lateral app.creator_balance(p.id) b
  -- The state once per row, for the column, the filter and the order; a valid form whose signer could
  -- not be matched to the payout account's holder (decision 0051) is 'name_unverified'.
  cross join lateral (select case when f.id is null then 'missing'
    when app.tax_form_state(f.expires_on, (select app.scheduler_now())::date) = 'valid' and f.name_check = 'unverified' then 'name_unverified'
    else app.tax_form_state(f.expires_on, (select app.scheduler_now())::date) end st) s
  where p.role = 'creator'
    and (a.creator_id is not null or b.available_cents > 0)
    and s.st <> 'valid'
  order by case s.st when 'expired' then 0 when 'missing' then 1 when 'expiring_soon' then 2 else 3 end,
    f.expires_on nulls first, b.available_cents desc, p.id;
end;
$function$;

comment on function "api"."admin_tax_forms_attention"() is 'Security definer: creators who can be paid (a payout account or money available) whose form is missing, expired or expiring soon, and forms whose payee could not be matched to the payout account holder, the most urgent first. Admins only.';

revoke all on function "api"."admin_tax_forms_attention"() from public;
grant execute on function "api"."admin_tax_forms_attention"() to "authenticated";

create or replace function app.admin_audit_page(before_id bigint, page_size integer)
returns table (
  id bigint,
  at timestamp with time zone,
  actor_id uuid,
  actor_name text,
  actor_email text,
  action text,
  target_type text,
  target_id text,
  target_label text,
  before jsonb,
  after jsonb
)
language plpgsql
stable
security definer
set search_path = ''
as $$
#variable_conflict use_column
begin
  perform app.assert_admin();
  return query
    select l.id, l.at, l.actor_id, ap.full_name, ap.email, l.action, l.target_type, l.target_id,
      case l.target_type
        when 'user' then coalesce((select app.display_name(p.id) from app.profiles p where p.id::text = l.target_id),
          l.before ->> 'full_name', l.after ->> 'full_name', l.before ->> 'email', l.after ->> 'email')
        when 'dispute' then (select c.title from app.disputes d join app.escrows e on e.id = d.escrow_id
            join app.campaigns c on c.id = e.campaign_id where d.id::text = l.target_id)
        when 'review' then (select app.display_name(r.reviewee_id) from app.reviews r where r.id::text = l.target_id)
        when 'tax_form' then (select app.display_name(t.creator_id) from app.tax_forms t where t.id::text = l.target_id)
      end,
      l.before, l.after
    from app.admin_audit_log l
    left join app.profiles ap on ap.id = l.actor_id
    where admin_audit_page.before_id is null or l.id < admin_audit_page.before_id
    order by l.id desc
    limit least(greatest(coalesce(admin_audit_page.page_size, 20), 1), 100);
end;
$$;
