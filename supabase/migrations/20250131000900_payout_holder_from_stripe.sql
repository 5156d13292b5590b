-- The payout account holder's name from Stripe (issue 36 item 1, decision 0051's open end). Stripe's hosted
-- onboarding keeps the recipient's legal name on the account's identity; the functions read it with the
-- account (include identity) and record it here. Once known, a tax form is held to it: a new form signed in
-- another name is refused (tax_form_submit, unchanged), and the form already on file is checked again, so a
-- form that no longer matches (the holder became known, or a new bank account has another holder) is
-- 'mismatched' and holds payouts until the creator signs a new one.

alter table app.tax_forms drop constraint tax_forms_name_check_valid;
alter table app.tax_forms add constraint tax_forms_name_check_valid
  check (name_check = any (array['matched'::text, 'unverified'::text, 'mismatched'::text]));

/** The name a form's payee must match: the signer for a person, the legal name (line 1) for an entity. */
create or replace function app.tax_form_payee_name(form app.tax_forms)
returns text
language sql
immutable
set search_path = ''
as $$
  select case when form.form_type = 'w8ben' or (form.form_type = 'w9' and form.tax_classification = 'individual')
    then form.signer_name else form.legal_name end
$$;

/** A form's standing for payouts: expired first, then a payee who is not the holder, then its dates. */
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

/** Checks the form on file against the holder's name now known: matched, or mismatched (payouts held). */
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

drop function api.payout_account_record(text, boolean, text, text, text);

create or replace function api.payout_account_record(
  stripe_account_id text,
  ready boolean,
  bank_summary text default null::text,
  event_id text default null::text,
  event_type text default null::text,
  holder_name text default null::text
)
returns text
language plpgsql
set search_path = ''
as $$
declare
  a app.payout_accounts;
  holder text := nullif(trim(payout_account_record.holder_name), '');
  changed boolean := false;
begin
  if not app.first_delivery(event_id, event_type) then
    return 'duplicate';
  end if;
  select * into a from app.payout_accounts x where x.stripe_account_id = payout_account_record.stripe_account_id for update;
  if not found then
    return 'unknown_account';
  end if;
  -- Stripe's answer replaces what we knew; an answer without a name (not collected yet) keeps it.
  if holder is not null and holder is distinct from a.holder_name then
    update app.payout_accounts x set holder_name = holder where x.creator_id = a.creator_id;
    perform app.recheck_tax_form_name(a.creator_id, holder);
    changed := true;
  end if;
  if ready and (a.status <> 'active' or a.bank_summary is distinct from payout_account_record.bank_summary) then
    update app.payout_accounts x set status = 'active', bank_summary = payout_account_record.bank_summary,
      problem_code = null, problem_message = null
    where x.creator_id = a.creator_id;
    return 'applied';
  end if;
  if not ready and a.status = 'active' then
    -- Stripe stopped accepting the bank account (its bank refused a payout): new details are needed.
    update app.payout_accounts x set status = 'needs_attention',
      problem_code = coalesce(x.problem_code, 'bank_account_invalid'),
      problem_message = coalesce(x.problem_message, 'Your bank account can no longer receive payouts. Add your bank details again.')
    where x.creator_id = a.creator_id;
    return 'applied';
  end if;
  return case when changed then 'applied' else 'unchanged' end;
end;
$$;
grant execute on function api.payout_account_record(stripe_account_id text, ready boolean, bank_summary text, event_id text, event_type text, holder_name text) to service_role;

create or replace function app.payout_begin(creator_id uuid, requested_by text)
returns table (
  payout_id uuid,
  amount_cents bigint,
  status text,
  stripe_account_id text,
  stripe_outbound_payment_id text,
  created boolean
)
language plpgsql
security definer
set search_path = ''
as $$
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
  when 'name_mismatch' then
    perform app.fail('PT409', 'Your payouts are on hold: the name on your tax form is not your payout account holder''s, sign a new one with the holder''s name (Settings, Tax form)', 'tax_form_name_mismatch');
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
$$;
grant execute on function app.payout_begin(creator_id uuid, requested_by text) to service_role;

create or replace function api.payouts_due()
returns table(creator_id uuid, open_payout_id uuid)
language sql
stable
set search_path = ''
as $$
  select p.creator_id, p.id from app.payouts p
  where p.status = 'pending' or (p.status = 'processing' and p.stripe_outbound_payment_id is null)
  union all
  select a.creator_id, null::uuid
  from app.payout_accounts a
  cross join app.platform_settings s
  cross join lateral app.creator_balance(a.creator_id) b
  where a.status = 'active' and s.payout_schedule <> 'on_request'
    and b.available_cents >= s.payout_minimum_cents
    and app.tax_form_state_of(a.creator_id) not in ('missing', 'expired', 'name_mismatch')
    and not exists (select 1 from app.payouts q where q.creator_id = a.creator_id and q.status in ('pending', 'processing'))
    and not exists (select 1 from app.payouts q where q.creator_id = a.creator_id
      and (q.status = 'paid' or (q.status = 'failed' and q.stripe_outbound_payment_id is null))
      and q.created_at > now() - case s.payout_schedule when 'weekly' then interval '156 hours' else interval '20 hours' end)
$$;
grant execute on function api.payouts_due() to service_role;

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
    when app.tax_form_standing(f.expires_on, f.name_check, (select app.scheduler_now())::date) = 'valid' and f.name_check = 'unverified' then 'name_unverified'
    else app.tax_form_standing(f.expires_on, f.name_check, (select app.scheduler_now())::date) end st) s
  where p.role = 'creator'
    and (a.creator_id is not null or b.available_cents > 0)
    and s.st <> 'valid'
  order by case s.st when 'expired' then 0 when 'name_mismatch' then 0 when 'missing' then 1 when 'expiring_soon' then 2 else 3 end,
    f.expires_on nulls first, b.available_cents desc, p.id;
end;
$$;
comment on function api.admin_tax_forms_attention() is 'Security definer: creators who can be paid (a payout account or money available) whose form is missing, expired, expiring soon or signed in a name that is not the payout account holder''s, and forms whose payee could not be matched to the holder yet, the most urgent first. Admins only.';
