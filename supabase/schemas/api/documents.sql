-- Receipts and monthly statements: gapless numbers, what each says, the job that issues statements (decision 0057).
-- This file: the api functions and types (the Data API); the tables are in ../documents.sql.
-- Current definitions (decision 0039): change them here, then `npm run db:diff` writes the migration.

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
comment on function api.document_rendered(document_id uuid, path text) is 'Security definer: it records where a drawn PDF was stored, on app.documents, which no API role may write; granted to service_role only (the documents function), and the path must be the document owner''s folder and its number.';
grant execute on function api.document_rendered(document_id uuid, path text) to service_role;

create or replace function api.documents_to_render(max_rows integer default 20)
returns table(id uuid, kind text, owner_id uuid, document_number text, content jsonb)
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
comment on function api.documents_to_render(max_rows integer) is 'Security definer: it reads the pending documents and what each says through app.document_content, which no API role may call; granted to service_role only (the documents function).';
grant execute on function api.documents_to_render(max_rows integer) to service_role;

create or replace function api.my_documents(
  before_at timestamp with time zone default null::timestamp with time zone,
  before_id uuid default null::uuid,
  page_size integer default 1000
)
returns table (
  id uuid,
  kind text,
  document_number text,
  created_at timestamp with time zone,
  period_start date,
  campaign_title text,
  amount_cents integer,
  storage_path text
)
language plpgsql
stable
set search_path = ''
as $$
declare
  me uuid := (select auth.uid());
  -- No cursor is a cursor past every row: the comparison stays one index condition in a cached plan (an
  -- "is null or" would be a filter, and a custom plan per call cost more than the page: 4 ms of planning).
  cursor_at timestamp with time zone := coalesce(before_at, 'infinity'::timestamp with time zone);
  cursor_id uuid := coalesce(before_id, 'ffffffff-ffff-ffff-ffff-ffffffffffff'::uuid);
begin
  perform app.check_page_size(page_size);
  if (before_at is null) <> (before_id is null) then
    perform app.fail('22023', 'A page starts after both the time and the id of the last document shown', 'cursor_invalid');
  end if;
  return query
    with mine as (
      -- A brand's receipts and a creator's statements, each leg from its own index.
      (select doc.* from app.documents doc
       where doc.kind <> 'statement' and doc.brand_id = me
         and (doc.created_at, doc.id) < (cursor_at, cursor_id)
       order by doc.created_at desc, doc.id desc
       limit page_size)
      union all
      (select doc.* from app.documents doc
       where doc.kind = 'statement' and doc.creator_id = me
         and (doc.created_at, doc.id) < (cursor_at, cursor_id)
       order by doc.created_at desc, doc.id desc
       limit page_size)
    )
    select d.id, d.kind, d.document_number, d.created_at, d.period_start,
      (select c.title from app.campaigns c where c.id = d.campaign_id),
      (select abs(sum(e.amount_cents)) from app.ledger_entries e
        where e.transaction_id = d.ledger_transaction_id and e.account = 'stripe_balance')::integer,
      d.storage_path
    from mine d
    order by d.created_at desc, d.id desc
    limit page_size;
end;
$$;
comment on function api.my_documents(before_at timestamp with time zone, before_id uuid, page_size integer) is 'The caller''s receipts (brand) or monthly statements (creator), newest first, page_size (1..1000) at a time after the cursor (created_at, id) of the last one shown. Codes: page_size_invalid, cursor_invalid.';
grant execute on function api.my_documents(before_at timestamp with time zone, before_id uuid, page_size integer) to authenticated;

create or replace function api.statements_issue(month date default null::date)
returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  at timestamptz := app.scheduler_now();
  first date := date_trunc('month', coalesce(statements_issue.month, (at - interval '1 month')::date))::date;
  creator uuid;
  d app.documents;
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
    d := app.document_issue('statement', 'statement:' || creator || ':' || to_char(first, 'YYYY-MM'), at,
      (select coalesce(p.language, 'es') from app.profiles p where p.id = creator),
      creator_id => creator, period_start => first);
    insert into app.notifications (user_id, kind, data, created_at)
    select creator, 'statement_ready',
      jsonb_build_object('document_id', d.id, 'document_number', d.document_number, 'period', to_char(first, 'YYYY-MM')), at;
    issued := issued + 1;
  end loop;
  return issued;
end;
$$;
comment on function api.statements_issue(month date) is 'Security definer: it issues the numbered monthly statements through app.document_issue (the gapless counter), which no API role may call; granted to service_role only (the monthly job).';
grant execute on function api.statements_issue(month date) to service_role;
