-- The double-entry ledger: transactions, entries, and the rule that they balance.
-- This file: the api functions and types (the Data API); the tables are in ../ledger.sql.
-- Current definitions (decision 0039): change them here, then `npm run db:diff` writes the migration.

create or replace function api.ledger_totals()
returns table(account text, total_cents bigint, unbalanced_transactions integer)
language sql
stable
set search_path = ''
as $$
  select e.account, sum(e.amount_cents)::bigint, (select count(*)::integer from app.ledger_imbalances())
  from app.ledger_entries e group by e.account order by e.account
$$;
grant execute on function api.ledger_totals() to service_role;
