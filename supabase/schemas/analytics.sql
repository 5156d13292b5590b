-- Dashboards, series and funnels.
-- Current definitions (decision 0039): change them here, then `npm run db:diff` writes the migration.

create or replace function app.assert_series_role(role text)
returns void
language plpgsql
stable
set search_path = ''
as $$
begin
  if (select auth.uid()) is null then
    perform app.fail('42501', 'Sign in first', 'not_signed_in');
  end if;
  if app.current_role() is distinct from role then
    perform app.fail('42501', 'Only ' || role || 's can view these figures', 'not_' || role);
  end if;
end;
$$;
grant execute on function app.assert_series_role(role text) to authenticated;

create or replace function app.series_buckets(days integer, unit text)
returns table(bucket_start timestamp with time zone)
language plpgsql
stable
set search_path = ''
as $$
begin
  if days is null or days < 7 or days > 366 then
    perform app.fail('22023', 'The range must be between 7 and 366 days', 'range_invalid');
  end if;
  return query
    select g from generate_series(date_trunc(unit, now() - make_interval(days => days)), date_trunc(unit, now()),
      case unit when 'week' then interval '1 week' else interval '1 month' end) g;
end;
$$;
grant execute on function app.series_buckets(days integer, unit text) to authenticated;
