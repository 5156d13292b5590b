-- A brand's receipts and a creator's statements in keyset pages, as Payment History (20250204000020): one
-- answer stops at the Data API's max_rows (1000), and years of receipts would lose the oldest without a word.

drop index app.documents_brand_idx;
drop index app.documents_creator_idx;
create index documents_brand_idx on app.documents using btree (brand_id, created_at desc, id desc) where (kind <> 'statement'::text);
create index documents_creator_idx on app.documents using btree (creator_id, created_at desc, id desc) where (kind = 'statement'::text);

drop function api.my_documents();

create or replace function api.my_documents(before_at timestamp with time zone default null::timestamp with time zone, before_id uuid default null::uuid, page_size integer default 1000)
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
