-- Admins' tax screens at scale (issue 36): the forms needing attention take their candidates set-wise, and
-- the year-end 1099-NEC and 1042-S exports come in pages of at most 1000 payees, the Data API's max_rows
-- (a larger answer was cut at 1000 rows without a word, and 76k payees took 11.6 s in one call).

create index tax_forms_name_check_idx on app.tax_forms using btree (creator_id) where ((superseded_at is null) and (name_check = any (array['mismatched'::text, 'unverified'::text])));

drop function api.admin_1042s(integer);
drop function api.admin_1099_nec(integer);
drop function app.tax_year_payees(integer);

create or replace function app.check_tax_report_page(page_size integer)
returns void
language plpgsql
set search_path = ''
as $$
begin
  -- The Data API answers at most [api] max_rows (1000) rows: a larger page would be cut without a word.
  if page_size is null or page_size not between 1 and 1000 then
    perform app.fail('22023', 'A page holds 1 to 1000 rows', 'page_size_invalid');
  end if;
end;
$$;
grant execute on function app.check_tax_report_page(page_size integer) to authenticated, service_role;

create or replace function app.tax_year_payees(tax_year integer, form_types text[], min_cents bigint, after_creator uuid, max_rows integer)
returns table(creator_id uuid, paid_cents bigint, form_id uuid)
language sql
stable
security definer
set search_path = ''
as $$
  -- In creator order from after_creator, so a page reads its own payees' payouts (payouts_creator_idx).
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
  limit tax_year_payees.max_rows
$$;
revoke all on function app.tax_year_payees(integer, text[], bigint, uuid, integer) from public;

create or replace function api.admin_1042s(tax_year integer, after_creator uuid default null, page_size integer default 1000)
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
  select admin_1042s.tax_year, y.creator_id, f.form_type, f.legal_name, f.address_country,
    case when f.form_type = 'w8ben' then 'individual' else f.entity_status end,
    -- Instructions for Form 1042-S, the recipient's chapter 3 status codes: 16 individual, 15 corporation,
    -- 08 partnership (not a withholding foreign partnership); any other status is the adviser's to code.
    case when f.form_type = 'w8ben' then '16' when f.entity_status = 'corporation' then '15'
      when f.entity_status = 'partnership' then '08' end,
    f.tin_kind, extensions.pgp_sym_decrypt(f.tin_encrypted, app.tax_id_key(f.tin_key_source)),
    f.date_of_birth, f.address_street, f.address_city,
    '17', y.paid_cents, f.treaty_country, f.treaty_article,
    -- Exemption code 04 (exempt under a tax treaty) when the form claims one, with the rate it claims.
    case when f.treaty_country is not null then '04' end,
    f.treaty_rate_bps,
    0::bigint
  from app.tax_year_payees(admin_1042s.tax_year, array['w8ben', 'w8bene'], 0, admin_1042s.after_creator, admin_1042s.page_size) y
  join app.tax_forms f on f.id = y.form_id
  order by y.creator_id;
  get diagnostics n = row_count;
  perform app.write_admin_audit((select auth.uid()), 'tax_report.export', 'tax_report', '1042-S ' || admin_1042s.tax_year, null,
    jsonb_build_object('report', '1042-S', 'tax_year', admin_1042s.tax_year, 'rows', n, 'after_creator', admin_1042s.after_creator));
end;
$$;
comment on function api.admin_1042s(tax_year integer, after_creator uuid, page_size integer) is 'Security definer: the 1042-S data of a calendar year (foreign payees, income code 17), full numbers decrypted, a page of at most page_size (<= 1000) payees after after_creator in creator order; admins only, each page audited. Mechanism, not tax advice (decision 0051).';
revoke all on function api.admin_1042s(integer, uuid, integer) from public;
grant execute on function api.admin_1042s(tax_year integer, after_creator uuid, page_size integer) to authenticated;

create or replace function api.admin_1099_nec(tax_year integer, after_creator uuid default null, page_size integer default 1000)
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
  select admin_1099_nec.tax_year, y.creator_id, f.legal_name, f.business_name, f.tax_classification, f.tin_kind,
    extensions.pgp_sym_decrypt(f.tin_encrypted, app.tax_id_key(f.tin_key_source)),
    f.address_street, f.address_city, y.paid_cents, threshold
  from app.tax_year_payees(admin_1099_nec.tax_year, array['w9'], threshold, admin_1099_nec.after_creator, admin_1099_nec.page_size) y
  join app.tax_forms f on f.id = y.form_id
  order by y.creator_id;
  get diagnostics n = row_count;
  -- The rows carry full numbers: each page is audited like a single read.
  perform app.write_admin_audit((select auth.uid()), 'tax_report.export', 'tax_report', '1099-NEC ' || admin_1099_nec.tax_year, null,
    jsonb_build_object('report', '1099-NEC', 'tax_year', admin_1099_nec.tax_year, 'rows', n, 'after_creator', admin_1099_nec.after_creator));
end;
$$;
comment on function api.admin_1099_nec(tax_year integer, after_creator uuid, page_size integer) is 'Security definer: the 1099-NEC rows of a calendar year (US persons paid at least app.tax_report_thresholds), full numbers decrypted, a page of at most page_size (<= 1000) payees after after_creator in creator order; admins only, each page audited.';
revoke all on function api.admin_1099_nec(integer, uuid, integer) from public;
grant execute on function api.admin_1099_nec(tax_year integer, after_creator uuid, page_size integer) to authenticated;

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
  -- The candidates set-wise, then the balance and state of those only: a balance computed for every creator
  -- took 21.9 s at 500k creators. A current form is a candidate when it could be other than valid today
  -- (app.tax_form_state: expiring within 90 days or expired; app.tax_form_standing: a name not matched);
  -- a creator without one when they have a payout account or money available.
  with candidates as (
    select f.creator_id from app.tax_forms f
    where f.superseded_at is null and f.expires_on < today + 90
    union
    select f.creator_id from app.tax_forms f
    where f.superseded_at is null and f.name_check in ('mismatched', 'unverified')
    union
    select a.creator_id from app.payout_accounts a
    where not exists (select 1 from app.tax_forms f where f.creator_id = a.creator_id and f.superseded_at is null)
    union
    select e.creator_id from app.ledger_entries e
    where e.account = 'creator_available' and e.creator_id is not null
      and not exists (select 1 from app.tax_forms f where f.creator_id = e.creator_id and f.superseded_at is null)
    group by e.creator_id
    having sum(e.amount_cents) < 0
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
