-- Issue 36 item 3 (decision 0057): numbered receipts for each funding and refund (brand) and a monthly
-- statement per creator. A document row and its number are written in the same transaction as the money
-- movement it documents (a trigger on app.ledger_transactions), from a per-series, per-year counter row
-- that is locked until commit: a rollback undoes the number with the rest, so numbers have no gaps (a
-- sequence would leave one). The PDF is drawn later by the documents edge function and stored privately.

-- The issuer printed on every document; placeholders until an admin sets the real ones (no code path
-- holds them).
create table app.platform_details (
  id boolean primary key default true,
  legal_name text not null,
  address text not null,
  tax_id text not null,
  email text not null,
  updated_at timestamptz not null default now(),
  constraint platform_details_single_row check (id)
);
comment on table app.platform_details is 'One row: the legal name, address, tax id and billing email printed on receipts and statements.';
insert into app.platform_details (legal_name, address, tax_id, email)
values ('Platform legal name (set app.platform_details)', 'Platform address (set app.platform_details)', 'EIN pending', 'billing@example.com');
alter table app.platform_details enable row level security;
revoke all on app.platform_details from public, anon, authenticated, service_role;
grant select on app.platform_details to service_role;

create table app.document_counters (
  series text not null,
  year integer not null,
  last_number integer not null,
  constraint document_counters_pkey primary key (series, year),
  constraint document_counters_series_valid check (series in ('R', 'S')),
  constraint document_counters_positive check (last_number > 0)
);
comment on table app.document_counters is
  'Gapless numbering: the last number given per series and year. Its row stays locked until the taking transaction ends.';
alter table app.document_counters enable row level security;
revoke all on app.document_counters from public, anon, authenticated, service_role;

create table app.documents (
  id uuid primary key default gen_random_uuid(),
  kind text not null,
  series text not null,
  year integer not null,
  number integer not null,
  document_number text generated always as (series || '-' || year || '-' || lpad(number::text, 6, '0')) stored,
  -- What the document is about, once: 'funding:<payment>', 'refund:<payment>:<refunded total>', 'statement:<creator>:<YYYY-MM>'.
  source_key text not null,
  ledger_transaction_id uuid,
  payment_id uuid,
  -- No foreign keys to people or campaigns: a numbered document is history and outlives what it names.
  brand_id uuid,
  creator_id uuid,
  campaign_id uuid,
  period_start date,
  language text not null,
  storage_path text,
  rendered_at timestamptz,
  created_at timestamptz not null default now(),
  constraint documents_kind_valid check (kind in ('receipt', 'refund_receipt', 'statement')),
  constraint documents_series_valid check ((series = 'S') = (kind = 'statement')),
  constraint documents_number_once unique (series, year, number),
  constraint documents_source_once unique (source_key),
  constraint documents_language_valid check (language in ('es', 'en', 'pt')),
  constraint documents_statement_period check ((kind = 'statement') = (period_start is not null))
);
comment on table app.documents is
  'Numbered receipts (brand) and monthly statements (creator); one per source, numbers gapless per series and year.';
create index documents_brand_idx on app.documents (brand_id, created_at desc) where kind <> 'statement';
create index documents_creator_idx on app.documents (creator_id, created_at desc) where kind = 'statement';
create index documents_unrendered_idx on app.documents (created_at) where storage_path is null;
alter table app.documents enable row level security;
revoke all on app.documents from public, anon, authenticated, service_role;
grant select on app.documents to authenticated, service_role;
create policy "Brands read their receipts, creators their statements, admins all" on app.documents
  for select to authenticated
  using ((kind <> 'statement' and brand_id = (select auth.uid()))
    or (kind = 'statement' and creator_id = (select auth.uid()))
    or (select app.is_admin()));

/**
 * Records a document once per source and gives it the next number of its series and year. The counter
 * row is locked before the source is looked up, so a concurrent issuer of the same source waits, then
 * finds the document and returns it without taking a number.
 */
create or replace function app.document_issue(kind text, source_key text, at timestamptz, language text,
  brand_id uuid default null, creator_id uuid default null, campaign_id uuid default null,
  payment_id uuid default null, ledger_transaction_id uuid default null, period_start date default null)
returns app.documents
language plpgsql
security definer
set search_path = ''
as $$
declare
  s text := case when document_issue.kind = 'statement' then 'S' else 'R' end;
  y integer := extract(year from document_issue.at at time zone 'UTC')::integer;
  n integer;
  d app.documents;
begin
  insert into app.document_counters as c (series, year, last_number) values (s, y, 1)
  on conflict on constraint document_counters_pkey do update set last_number = c.last_number + 1
  returning c.last_number into n;
  -- The counter row is ours until commit; a document for this source made meanwhile is now visible.
  select * into d from app.documents x where x.source_key = document_issue.source_key;
  if found then
    update app.document_counters c set last_number = c.last_number - 1 where c.series = s and c.year = y;
    return d;
  end if;
  insert into app.documents (kind, series, year, number, source_key, ledger_transaction_id, payment_id, brand_id,
    creator_id, campaign_id, period_start, language, created_at)
  values (document_issue.kind, s, y, n, document_issue.source_key, document_issue.ledger_transaction_id,
    document_issue.payment_id, document_issue.brand_id, document_issue.creator_id, document_issue.campaign_id,
    document_issue.period_start, document_issue.language, document_issue.at)
  returning * into d;
  return d;
end;
$$;
revoke execute on function app.document_issue(text, text, timestamptz, text, uuid, uuid, uuid, uuid, uuid, date)
  from public, anon, authenticated, service_role;

/** A funding or refund posted to the ledger gets its receipt in the same transaction. */
create or replace function app.ledger_transaction_receipt()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform app.document_issue(
    case when new.kind in ('refund', 'refund_after_release') then 'refund_receipt' else 'receipt' end,
    case when new.kind in ('refund', 'refund_after_release') then 'refund:' else 'funding:' end || new.subject_id,
    new.created_at,
    (select coalesce(p.language, 'en') from app.profiles p where p.id = new.brand_id),
    brand_id => new.brand_id, creator_id => new.creator_id, campaign_id => new.campaign_id,
    payment_id => new.payment_id, ledger_transaction_id => new.id);
  return null;
end;
$$;
revoke execute on function app.ledger_transaction_receipt() from public, anon, authenticated, service_role;
create trigger ledger_transactions_receipt after insert on app.ledger_transactions
  for each row when (new.kind in ('escrow_funding', 'direct_payment', 'refund', 'refund_after_release'))
  execute function app.ledger_transaction_receipt();

/** What a document says, as the PDF builders take it (supabase/functions/_shared/documents/builders.ts). */
create or replace function app.document_content(d app.documents)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  platform jsonb := (select to_jsonb(p) - 'id' - 'updated_at' from app.platform_details p);
  amount bigint;
  fee bigint;
  period_end date;
begin
  if d.kind <> 'statement' then
    select abs(coalesce(sum(e.amount_cents) filter (where e.account = 'stripe_balance'), 0)),
      coalesce(-sum(e.amount_cents) filter (where e.account = 'platform_fees'), 0)
      into amount, fee
      from app.ledger_entries e where e.transaction_id = d.ledger_transaction_id;
    -- A funded hire keeps its fee until release; the receipt shows the fee fixed at acceptance.
    if d.kind = 'receipt' and fee = 0 then
      select app.platform_fee(amount, x.fee_bps) into fee
        from app.ledger_transactions t join app.escrows x on x.id = t.escrow_id where t.id = d.ledger_transaction_id;
    end if;
    return jsonb_build_object('kind', d.kind, 'document_number', d.document_number,
      'issued_on', to_char(d.created_at at time zone 'UTC', 'YYYY-MM-DD'), 'language', d.language, 'platform', platform,
      'brand_name', coalesce(app.display_name(d.brand_id), '—'),
      'campaign_title', (select c.title from app.campaigns c where c.id = d.campaign_id),
      'creator_name', app.display_name(d.creator_id),
      'amount_cents', amount, 'fee_cents', coalesce(fee, 0));
  end if;
  period_end := (d.period_start + interval '1 month')::date;
  return jsonb_build_object('document_number', d.document_number,
    'issued_on', to_char(d.created_at at time zone 'UTC', 'YYYY-MM-DD'),
    'period', to_char(d.period_start, 'YYYY-MM'), 'language', d.language, 'platform', platform,
    'country', (select a.country from app.payout_accounts a where a.creator_id = d.creator_id),
    'creator_name', coalesce(app.display_name(d.creator_id), '—'),
    'items', coalesce((
      select jsonb_agg(jsonb_build_object(
          'date', to_char(t.created_at at time zone 'UTC', 'YYYY-MM-DD'),
          'client_legal_name', coalesce(app.display_name(t.brand_id), '—'),
          'client_address', null,
          'service', coalesce((select c.title from app.campaigns c where c.id = t.campaign_id), '—'),
          -- Usage rights (issue 36 item 2) land in parallel; their summary goes here once hires carry one.
          'licence', null,
          'gross_cents', m.net + m.fee, 'fee_cents', m.fee, 'net_cents', m.net) order by t.created_at, t.id)
        from app.ledger_transactions t
        cross join lateral (
          select coalesce(-sum(e.amount_cents) filter (where e.account = 'creator_available'), 0) net,
            coalesce(-sum(e.amount_cents) filter (where e.account = 'platform_fees'), 0) fee
          from app.ledger_entries e where e.transaction_id = t.id) m
        where t.creator_id = d.creator_id and t.kind in ('release', 'direct_payment')
          and t.created_at >= d.period_start and t.created_at < period_end), '[]'::jsonb),
    'payouts_cents', coalesce((
      select sum(e.amount_cents) from app.ledger_transactions t join app.ledger_entries e on e.transaction_id = t.id
      where t.creator_id = d.creator_id and t.kind = 'payout_paid' and e.account = 'creator_in_transit'
        and t.created_at >= d.period_start and t.created_at < period_end), 0));
end;
$$;
revoke execute on function app.document_content(app.documents) from public, anon, authenticated, service_role;

/**
 * The statement job (1st of the month, for the month before): one statement per creator who earned or
 * was paid in that month. Run twice, it issues nothing new. Returns how many it issued.
 */
create or replace function api.statements_issue(month date default null)
returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  at timestamptz := app.scheduler_now();
  first date := date_trunc('month', coalesce(statements_issue.month, (at - interval '1 month')::date))::date;
  creator uuid;
  issued integer := 0;
begin
  for creator in
    select distinct t.creator_id from app.ledger_transactions t
    where t.creator_id is not null and t.kind in ('release', 'direct_payment', 'payout_paid')
      and t.created_at >= first and t.created_at < (first + interval '1 month')
      and exists (select 1 from app.profiles p where p.id = t.creator_id)
      and not exists (select 1 from app.documents x where x.source_key = 'statement:' || t.creator_id || ':' || to_char(first, 'YYYY-MM'))
    order by 1
  loop
    perform app.document_issue('statement', 'statement:' || creator || ':' || to_char(first, 'YYYY-MM'), at,
      (select coalesce(p.language, 'es') from app.profiles p where p.id = creator),
      creator_id => creator, period_start => first);
    issued := issued + 1;
  end loop;
  return issued;
end;
$$;
revoke execute on function api.statements_issue(date) from public, anon, authenticated;
grant execute on function api.statements_issue(date) to service_role;

/** The caller's documents: a brand's receipts, a creator's statements (newest first). */
create or replace function api.my_documents()
returns table (id uuid, kind text, document_number text, created_at timestamptz, period_start date,
  campaign_title text, amount_cents integer, storage_path text)
language sql
stable
security invoker
set search_path = ''
as $$
  select d.id, d.kind, d.document_number, d.created_at, d.period_start,
    (select c.title from app.campaigns c where c.id = d.campaign_id),
    (select abs(sum(e.amount_cents)) from app.ledger_entries e
      where e.transaction_id = d.ledger_transaction_id and e.account = 'stripe_balance')::integer,
    d.storage_path
  from app.documents d
  where (d.kind = 'statement' and d.creator_id = (select auth.uid()))
     or (d.kind <> 'statement' and d.brand_id = (select auth.uid()))
  order by d.created_at desc, d.number desc
$$;
grant execute on function api.my_documents() to authenticated;

/** For the documents edge function: documents without a PDF yet, with what to draw. */
create or replace function api.documents_to_render(max_rows integer default 20)
returns table (id uuid, kind text, owner_id uuid, document_number text, content jsonb)
language sql
stable
security definer
set search_path = ''
as $$
  select d.id, d.kind, case when d.kind = 'statement' then d.creator_id else d.brand_id end, d.document_number,
    app.document_content(d)
  from app.documents d
  where d.storage_path is null and (case when d.kind = 'statement' then d.creator_id else d.brand_id end) is not null
  order by d.created_at, d.number
  limit greatest(1, least(coalesce(max_rows, 20), 200))
$$;
revoke execute on function api.documents_to_render(integer) from public, anon, authenticated;
grant execute on function api.documents_to_render(integer) to service_role;

/** The edge function stored the PDF: remember where (idempotent; a path once set stays). */
create or replace function api.document_rendered(document_id uuid, path text)
returns void
language plpgsql
security definer
set search_path = ''
as $$
begin
  if path is null or path !~ '^[0-9a-f-]{36}/[A-Z]-[0-9]{4}-[0-9]{6}\.pdf$' then
    raise exception 'document path must be <owner id>/<document number>.pdf' using errcode = '22023', detail = 'document_path_invalid';
  end if;
  update app.documents d set storage_path = coalesce(d.storage_path, document_rendered.path), rendered_at = coalesce(d.rendered_at, now())
  where d.id = document_rendered.document_id;
  if not found then
    raise exception 'document not found' using errcode = 'P0002', detail = 'document_not_found';
  end if;
end;
$$;
revoke execute on function api.document_rendered(uuid, text) from public, anon, authenticated;
grant execute on function api.document_rendered(uuid, text) to service_role;

-- The private bucket: documents/<owner id>/<number>.pdf. Only the service role writes; the owner (the
-- brand of a receipt, the creator of a statement) and admins read.
insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
values ('documents', 'documents', false, 5242880, array['application/pdf'])
on conflict (id) do nothing;
create policy documents_owner_select on storage.objects for select to authenticated
  using (bucket_id = 'documents' and (app.storage_owner_folder(name) = (select auth.uid()) or (select app.is_admin())));
