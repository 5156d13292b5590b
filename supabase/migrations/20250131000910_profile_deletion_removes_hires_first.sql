-- Deleting an account could fail with "insert or update on table deliverable_rounds violates foreign key
-- constraint deliverable_rounds_deliverable_id_fkey" (or disputes_application_id_fkey), seen now and then in
-- e2e clean-ups. A row naming the deleted user in two columns (a dispute the creator opened: creator_id and
-- opened_by; a round the brand decided: brand_id and decided_by) is set null twice in the one delete, and
-- Postgres checks every foreign key of a row it updates a second time in its own transaction. The deletion's
-- cascades and set-nulls run in the order of their trigger names, which follow cluster-wide OIDs: when the
-- set-nulls came first, the check found the row's application or deliverable already deleted by the cascade.
-- Every such row belongs to one of the user's hires (applications where they are the creator or the brand),
-- so those go first, with everything under them, before the profile's own cascades and set-nulls start.
create or replace function app.delete_hires_of_profile()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  delete from app.applications a where a.creator_id = old.id or a.brand_id = old.id;
  return old;
end;
$$;
comment on function app.delete_hires_of_profile() is 'Before a profile is deleted: its hires (as creator or brand) go first, so that no row under them is set null twice while its parent is already gone.';

-- Named to fire after profiles_keep_last_admin (triggers of one timing fire in name order): the last admin is
-- refused before anything is deleted.
create trigger profiles_remove_hires_first before delete on app.profiles
  for each row execute function app.delete_hires_of_profile();
