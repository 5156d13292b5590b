-- Tax forms, second part (decision 0051): reminders before a W-8 lapses and the year-end 1099-NEC and
-- 1042-S rows. Written by hand; supabase/schemas carries the same definitions.

alter table app.notifications drop constraint notifications_kind_valid;
alter table app.notifications add constraint notifications_kind_valid check (kind = any (array['application_received'::text, 'application_accepted'::text, 'application_rejected'::text, 'hire_funded'::text, 'hire_canceled'::text, 'content_submitted'::text, 'changes_requested'::text, 'content_approved'::text, 'content_rejected'::text, 'auto_approval_soon'::text, 'money_released'::text, 'money_refunded'::text, 'payout_paid'::text, 'payout_failed'::text, 'dispute_opened'::text, 'dispute_resolved'::text, 'review_received'::text, 'new_message'::text, 'dispute_message'::text, 'tax_form_expiring'::text]));

create or replace function app.email_category(kind text)
returns text
language sql
immutable
set search_path = ''
as $$
  select case
    when kind in ('application_received', 'application_accepted', 'application_rejected') then 'applications'
    when kind in ('hire_funded', 'hire_canceled', 'content_submitted', 'changes_requested', 'content_approved',
                  'content_rejected', 'auto_approval_soon') then 'work'
    when kind in ('money_released', 'money_refunded', 'payout_paid', 'payout_failed', 'tax_form_expiring') then 'payments'
    when kind in ('dispute_opened', 'dispute_resolved', 'review_received', 'dispute_message') then 'disputes_reviews'
    when kind in ('new_message', 'message_digest') then 'messages'
  end
$$;

-- A W-8 lapses on Dec 31 of the third year after signing (decision 0044): its creator is told 90 and 30
-- days before, once each (the form and the days are in the notification; a form signed anew is a new id).
create or replace function app.warn_tax_form_expiring (
  as_of timestamp with time zone default now()
)
  returns integer
  language sql
  security definer
  set search_path to ''
  as $function$
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
$function$;
revoke all on function app.warn_tax_form_expiring(timestamp with time zone) from public;
grant execute on function app.warn_tax_form_expiring(timestamp with time zone) to service_role;

insert into app.scheduled_jobs (name, schedule, sql_command, function_path) values
  -- 13:05 UTC: morning across the Americas, after the message digests.
  ('warn-tax-form-expiring', '5 13 * * *', 'select app.warn_tax_form_expiring(app.scheduler_now())', null);
do $$
begin
  if exists (select 1 from pg_extension where extname = 'pg_cron') then
    perform cron.schedule('warn-tax-form-expiring', '5 13 * * *', 'select app.warn_tax_form_expiring(app.scheduler_now())');
  end if;
end;
$$;

-- The 1099-NEC reporting threshold in force for payments made in each calendar year (decision 0051):
-- $600 through 2025 (IRC 6041(a)); $2,000 for payments after Dec 31, 2025 (Pub. L. 119-21, the One Big
-- Beautiful Bill Act), indexed for inflation after 2026: a year without a row cannot be exported.
create table app.tax_report_thresholds (
  tax_year            integer not null,
  nec_threshold_cents bigint  not null,
  source              text    not null,
  constraint tax_report_thresholds_pkey primary key (tax_year),
  constraint tax_report_thresholds_positive check (nec_threshold_cents > 0)
);
alter table app.tax_report_thresholds enable row level security;
comment on table app.tax_report_thresholds is 'The 1099-NEC threshold per calendar year of payment, with its source (decision 0051). Written by migrations or the service role; read through the export functions.';
grant all on table app.tax_report_thresholds to service_role;
insert into app.tax_report_thresholds (tax_year, nec_threshold_cents, source) values
  (2025, 60000, 'IRC 6041(a); Instructions for Forms 1099-MISC and 1099-NEC: $600 or more'),
  (2026, 200000, 'Pub. L. 119-21 (One Big Beautiful Bill Act) amending IRC 6041(a): $2,000 or more for payments after Dec 31, 2025');

alter table app.admin_audit_log drop constraint admin_audit_log_action_valid;
alter table app.admin_audit_log add constraint admin_audit_log_action_valid check (action = any (array['settings.update'::text, 'user.update'::text, 'user.role_change'::text, 'user.email_change'::text, 'user.delete'::text, 'user.delete_failed'::text, 'user.create_brand'::text, 'review.hide'::text, 'review.unhide'::text, 'dispute.resolve'::text, 'dispute.resolve_aborted'::text, 'brand.approve'::text, 'brand.reject'::text, 'tax_form.tin_read'::text, 'tax_report.export'::text]));
alter table app.admin_audit_log drop constraint admin_audit_log_target_type_valid;
alter table app.admin_audit_log add constraint admin_audit_log_target_type_valid check (target_type = any (array['settings'::text, 'user'::text, 'review'::text, 'dispute'::text, 'tax_form'::text, 'tax_report'::text]));

-- What each payee was paid in a calendar year: payouts marked paid that year (UTC), with the form on file.
create or replace function app.tax_year_payees (
  tax_year integer
)
  returns table (
    creator_id uuid,
    paid_cents bigint,
    form_id    uuid
  )
  language sql
  stable
  security definer
  set search_path to ''
  as $function$
  select p.creator_id, sum(p.amount_cents)::bigint, f.id
  from app.payouts p
  join app.tax_forms f on f.creator_id = p.creator_id and f.superseded_at is null
  where p.status = 'paid'
    and p.paid_at >= make_timestamptz(tax_year_payees.tax_year, 1, 1, 0, 0, 0, 'UTC')
    and p.paid_at < make_timestamptz(tax_year_payees.tax_year + 1, 1, 1, 0, 0, 0, 'UTC')
  group by p.creator_id, f.id
$function$;
revoke all on function app.tax_year_payees(integer) from public;

-- 1099-NEC (nonemployee compensation, box 1): US persons (a W-9 on file) paid at least the year's threshold.
create or replace function api.admin_1099_nec (
  tax_year integer
)
  returns table (
    report_year        integer,
    creator_id         uuid,
    recipient_name     text,
    business_name      text,
    tax_classification text,
    tin_kind           text,
    tin                text,
    address_street     text,
    address_city       text,
    box1_cents         bigint,
    threshold_cents    bigint
  )
  language plpgsql
  security definer
  set search_path to ''
  as $function$
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
  return query
  select admin_1099_nec.tax_year, y.creator_id, f.legal_name, f.business_name, f.tax_classification, f.tin_kind,
    extensions.pgp_sym_decrypt(f.tin_encrypted, app.tax_id_key(f.tin_key_source)),
    f.address_street, f.address_city, y.paid_cents, threshold
  from app.tax_year_payees(admin_1099_nec.tax_year) y
  join app.tax_forms f on f.id = y.form_id
  where f.form_type = 'w9' and y.paid_cents >= threshold
  order by f.legal_name, y.creator_id;
  get diagnostics n = row_count;
  -- The rows carry full numbers: the export is audited like a single read.
  perform app.write_admin_audit((select auth.uid()), 'tax_report.export', 'tax_report', '1099-NEC ' || admin_1099_nec.tax_year, null,
    jsonb_build_object('report', '1099-NEC', 'tax_year', admin_1099_nec.tax_year, 'rows', n));
end;
$function$;

-- 1042-S data: foreign payees (a W-8BEN or W-8BEN-E on file), income code 17 (independent personal
-- services), their chapter 3 status and treaty claim. Mechanism, not tax advice: whether the income is
-- US-source (services performed in the US) and so reportable is for the platform's tax adviser.
create or replace function api.admin_1042s (
  tax_year integer
)
  returns table (
    report_year                integer,
    creator_id                 uuid,
    form_type                  text,
    recipient_name             text,
    recipient_country          text,
    chapter3_status            text,
    chapter3_status_code       text,
    foreign_tin_kind           text,
    foreign_tin                text,
    date_of_birth              date,
    address_street             text,
    address_city               text,
    income_code                text,
    gross_income_cents         bigint,
    treaty_country             text,
    treaty_article             text,
    exemption_code             text,
    tax_rate_bps               integer,
    federal_tax_withheld_cents bigint
  )
  language plpgsql
  security definer
  set search_path to ''
  as $function$
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
  from app.tax_year_payees(admin_1042s.tax_year) y
  join app.tax_forms f on f.id = y.form_id
  where f.form_type in ('w8ben', 'w8bene')
  order by f.address_country, f.legal_name, y.creator_id;
  get diagnostics n = row_count;
  perform app.write_admin_audit((select auth.uid()), 'tax_report.export', 'tax_report', '1042-S ' || admin_1042s.tax_year, null,
    jsonb_build_object('report', '1042-S', 'tax_year', admin_1042s.tax_year, 'rows', n));
end;
$function$;

comment on function api.admin_1099_nec(integer) is 'Security definer: the 1099-NEC rows of a calendar year (US persons paid at least app.tax_report_thresholds), full numbers decrypted; admins only, each export audited.';
comment on function api.admin_1042s(integer) is 'Security definer: the 1042-S data of a calendar year (foreign payees, income code 17), full numbers decrypted; admins only, each export audited. Mechanism, not tax advice (decision 0051).';
revoke all on function api.admin_1099_nec(integer) from public;
grant execute on function api.admin_1099_nec(integer) to authenticated;
revoke all on function api.admin_1042s(integer) from public;
grant execute on function api.admin_1042s(integer) to authenticated;

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
        when 'tax_report' then l.target_id
      end,
      l.before, l.after
    from app.admin_audit_log l
    left join app.profiles ap on ap.id = l.actor_id
    where admin_audit_page.before_id is null or l.id < admin_audit_page.before_id
    order by l.id desc
    limit least(greatest(coalesce(admin_audit_page.page_size, 20), 1), 100);
end;
$$;
