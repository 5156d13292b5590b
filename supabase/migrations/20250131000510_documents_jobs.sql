-- Decision 0057: the statement job (06:10 UTC on the 1st, for the month before; idempotent) and the
-- renderer that draws pending receipts and statements to PDF each minute. Registered in
-- app.scheduled_jobs (local/scheduler runs them) and, where pg_cron exists (hosted), with cron.schedule.
insert into app.scheduled_jobs (name, schedule, sql_command, function_path) values
  ('issue-monthly-statements', '10 6 1 * *', 'select api.statements_issue()', null),
  ('render-documents', '* * * * *', null, 'documents/render');
do $$
begin
  if exists (select 1 from pg_extension where extname = 'pg_cron') then
    perform cron.schedule('issue-monthly-statements', '10 6 1 * *', 'select api.statements_issue()');
    perform cron.schedule('render-documents', '* * * * *', $cmd$select net.http_post(
      url := (select decrypted_secret from vault.decrypted_secrets where name = 'project_url') || '/functions/v1/documents/render',
      headers := jsonb_build_object('Content-Type', 'application/json', 'Authorization',
        'Bearer ' || (select decrypted_secret from vault.decrypted_secrets where name = 'service_role_key')),
      body := '{}'::jsonb)$cmd$);
  end if;
end;
$$;
