-- Payment History in keyset pages: the Data API answers an RPC with at most max_rows (1000) rows, so a brand
-- with more payments than that was shown its newest 1000 without a word. The screen now reads pages of 50 and
-- asks for older ones; the REST facade reads page after page. A page is found by index (the brand's or the
-- creator's payments newest first), not by sorting every payment the caller has.

create or replace function app.check_page_size(page_size integer)
returns void
language plpgsql
immutable
set search_path = ''
as $$
begin
  -- The Data API answers at most [api] max_rows (1000) rows: a larger page would be cut without a word.
  if page_size is null or page_size not between 1 and 1000 then
    perform app.fail('22023', 'A page holds 1 to 1000 rows', 'page_size_invalid');
  end if;
end;
$$;
comment on function app.check_page_size(page_size integer) is 'Refuses a page size outside 1..1000 (the Data API''s max_rows) with page_size_invalid.';
grant execute on function app.check_page_size(page_size integer) to authenticated, service_role;

create or replace function app.check_tax_report_page(page_size integer)
returns void
language plpgsql
set search_path = ''
as $$
begin
  perform app.check_page_size(page_size);
end;
$$;

create index payments_brand_history_idx on app.payments using btree (brand_id, (coalesce(payment_date, created_at)) desc, id desc);
create index payments_creator_history_idx on app.payments using btree (creator_id, (coalesce(payment_date, created_at)) desc, id desc);

drop function api.payment_history();

create or replace function api.payment_history(before_at timestamp with time zone default null::timestamp with time zone, before_id uuid default null::uuid, page_size integer default 1000)
returns table (
  id uuid,
  amount_cents bigint,
  currency text,
  status text,
  payment_method text,
  payment_date timestamp with time zone,
  created_at timestamp with time zone,
  deliverable_id uuid,
  campaign_id uuid,
  campaign_title text,
  creator_id uuid,
  creator_name text,
  brand_id uuid,
  brand_name text
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
    perform app.fail('22023', 'A page starts after both the time and the id of the last payment shown', 'cursor_invalid');
  end if;
  return query
    with mine as (
      -- Each leg walks its index from the cursor; a payment is the brand's or the creator's, never both.
      (select x.* from app.payments x
       where x.brand_id = me
         and (coalesce(x.payment_date, x.created_at), x.id) < (cursor_at, cursor_id)
       order by coalesce(x.payment_date, x.created_at) desc, x.id desc
       limit page_size)
      union all
      (select x.* from app.payments x
       where x.creator_id = me and x.brand_id is distinct from me
         and (coalesce(x.payment_date, x.created_at), x.id) < (cursor_at, cursor_id)
       order by coalesce(x.payment_date, x.created_at) desc, x.id desc
       limit page_size)
    )
    select p.id, p.amount_cents, p.currency, p.status, p.payment_method, p.payment_date, p.created_at,
      coalesce(p.deliverable_id, hd.id), coalesce(d.campaign_id, e.campaign_id, ra.campaign_id), coalesce(cd.title, ce.title, cr2.title), p.creator_id, cr.full_name, p.brand_id,
      coalesce(bp.company_name, br.full_name)
    from mine p
    left join app.deliverables d on d.id = p.deliverable_id
    left join app.escrows e on e.id = p.escrow_id
    left join lateral (
      select x.id from app.deliverables x where x.application_id = e.application_id
      order by x.created_at desc, x.id desc limit 1
    ) hd on p.deliverable_id is null
    left join app.campaigns cd on cd.id = d.campaign_id
    left join app.campaigns ce on ce.id = e.campaign_id and d.id is null
    left join app.licence_renewals lr on lr.id = p.renewal_id
    left join app.applications ra on ra.id = lr.application_id
    left join app.campaigns cr2 on cr2.id = ra.campaign_id
    left join app.profiles cr on cr.id = p.creator_id
    left join app.profiles br on br.id = p.brand_id
    left join app.brand_profiles bp on bp.user_id = p.brand_id
    order by coalesce(p.payment_date, p.created_at) desc, p.id desc
    limit page_size;
end;
$$;
comment on function api.payment_history(before_at timestamp with time zone, before_id uuid, page_size integer) is 'What the caller paid (brand) or received (creator), newest first, page_size (1..1000) at a time after the cursor (before_at = payment_date or created_at, before_id) of the last row shown. Codes: page_size_invalid, cursor_invalid.';
grant execute on function api.payment_history(before_at timestamp with time zone, before_id uuid, page_size integer) to authenticated;
