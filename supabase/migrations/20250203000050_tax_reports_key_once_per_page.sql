-- The year-end pages look each encryption key up once, not once per number (8 µs each, 1000 a page).

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
