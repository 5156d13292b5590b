-- Receipts and monthly statements: gapless numbers, what each says, the job that issues statements (decision 0057).
-- Current definitions (decision 0039): change them here, then `npm run db:diff` writes the migration.

create table app.document_counters (
  series text not null,
  year integer not null,
  last_number integer not null,
  constraint document_counters_pkey primary key (series, year),
  constraint document_counters_positive check (last_number > 0),
  constraint document_counters_series_valid check (series = any (array['R'::text, 'S'::text]))
);
alter table app.document_counters enable row level security;
comment on table app.document_counters is 'Gapless numbering: the last number given per series and year. Its row stays locked until the taking transaction ends.';

create table app.documents (
  id uuid default gen_random_uuid() not null,
  kind text not null,
  series text not null,
  year integer not null,
  number integer not null,
  document_number text generated always as (((((series || '-'::text) || year) || '-'::text) || lpad((number)::text, 6, '0'::text))) stored,
  source_key text not null,
  ledger_transaction_id uuid,
  payment_id uuid,
  brand_id uuid,
  creator_id uuid,
  campaign_id uuid,
  period_start date,
  language text not null,
  storage_path text,
  rendered_at timestamp with time zone,
  created_at timestamp with time zone default now() not null,
  constraint documents_pkey primary key (id),
  constraint documents_number_once unique (series, year, number),
  constraint documents_source_once unique (source_key),
  constraint documents_kind_valid check (kind = any (array['receipt'::text, 'refund_receipt'::text, 'statement'::text])),
  constraint documents_language_valid check (language = any (array['es'::text, 'en'::text, 'pt'::text])),
  constraint documents_series_valid check ((series = 'S'::text) = (kind = 'statement'::text)),
  constraint documents_statement_period check ((kind = 'statement'::text) = (period_start is not null))
);
alter table app.documents enable row level security;
comment on table app.documents is 'Numbered receipts (brand) and monthly statements (creator); one per source, numbers gapless per series and year.';
grant select on app.documents to authenticated, service_role;

create index documents_brand_idx on app.documents using btree (brand_id, created_at desc, id desc) where (kind <> 'statement'::text);
create index documents_creator_idx on app.documents using btree (creator_id, created_at desc, id desc) where (kind = 'statement'::text);
create index documents_unrendered_idx on app.documents using btree (created_at) where (storage_path is null);

create policy "Brands read their receipts, creators their statements, admins a" on app.documents
for select
to authenticated
using (kind <> 'statement'::text and brand_id = (( select auth.uid() as uid)) or kind = 'statement'::text and creator_id = (( select auth.uid() as uid)) or ( select app.is_admin() as is_admin));

create table app.platform_details (
  id boolean default true not null,
  legal_name text not null,
  address text not null,
  tax_id text not null,
  email text not null,
  updated_at timestamp with time zone default now() not null,
  constraint platform_details_pkey primary key (id),
  constraint platform_details_single_row check (id)
);
alter table app.platform_details enable row level security;
comment on table app.platform_details is 'One row: the legal name, address, tax id and billing email printed on receipts and statements.';
grant select on app.platform_details to service_role;

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
      'licence', app.document_licence(d.campaign_id, d.ledger_transaction_id),
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
          'licence', app.document_licence(t.campaign_id, t.id),
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

create or replace function app.document_issue(
  kind text,
  source_key text,
  at timestamp with time zone,
  language text,
  brand_id uuid default null::uuid,
  creator_id uuid default null::uuid,
  campaign_id uuid default null::uuid,
  payment_id uuid default null::uuid,
  ledger_transaction_id uuid default null::uuid,
  period_start date default null::date
)
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

create or replace function app.ledger_transaction_receipt()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  d app.documents;
begin
  d := app.document_issue(
    case when new.kind in ('refund', 'refund_after_release') then 'refund_receipt' else 'receipt' end,
    case when new.kind in ('refund', 'refund_after_release') then 'refund:' else 'funding:' end || new.subject_id,
    new.created_at,
    (select coalesce(p.language, 'en') from app.profiles p where p.id = new.brand_id),
    brand_id => new.brand_id, creator_id => new.creator_id, campaign_id => new.campaign_id,
    payment_id => new.payment_id, ledger_transaction_id => new.id);
  -- One email per document, whatever retries happen: the digest key is the document's.
  insert into app.email_outbox (user_id, category, template, to_address, locale, data, digest_key, created_at)
  select p.id, 'payments', 'payment_receipt', p.email, app.email_locale(p),
    jsonb_build_object('recipient_name', p.full_name, 'document_id', d.id, 'campaign_id', d.campaign_id),
    'document:' || d.id, new.created_at
  from app.profiles p
  where p.id = d.brand_id and p.email is not null and app.wants_email(p.id, 'payments')
    and not exists (select 1 from app.email_failures f where f.address = lower(p.email))
  on conflict (digest_key) do nothing;
  return null;
end;
$$;

create trigger ledger_transactions_receipt after insert on app.ledger_transactions for each row when (new.kind = any (array['escrow_funding'::text, 'direct_payment'::text, 'refund'::text, 'refund_after_release'::text])) execute function app.ledger_transaction_receipt();
