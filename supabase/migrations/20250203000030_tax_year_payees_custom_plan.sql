-- The 1099-NEC page read every form for the few US persons (a plan made for any form type, 154 ms at 500k
-- forms): the payees are planned per call, and the forms on file have an index by type.

create index tax_forms_type_idx on app.tax_forms using btree (form_type, creator_id) include (id) where (superseded_at is null);

create or replace function app.tax_year_payees(tax_year integer, form_types text[], min_cents bigint, after_creator uuid, max_rows integer)
returns table(creator_id uuid, paid_cents bigint, form_id uuid)
language plpgsql
stable
security definer
set search_path = ''
set plan_cache_mode = 'force_custom_plan'
as $$
begin
  -- Planned with this call's form types and cursor (a plan for any form type read all 500k forms for the 25k
  -- W-9s): a page of foreign payees reads its own payees' payouts in creator order (payouts_creator_idx), the
  -- US persons come from tax_forms_type_idx.
  return query
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
  limit tax_year_payees.max_rows;
end;
$$;
