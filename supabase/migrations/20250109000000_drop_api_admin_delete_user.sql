-- api.admin_delete_user was security definer, deleted from auth.users and was called only by tests: the
-- app deletes users through the admin-users edge function (Auth's admin API, with the self and last-admin
-- guards there). A definer function no caller needs is only attack surface (issue 13, item 8).
drop function if exists api.admin_delete_user(uuid);
