-- "Welcome" the first time, "Welcome back" after (issue 32). auth.users.last_sign_in_at keeps only the
-- latest sign-in, which the current session has just written, so it cannot tell a first sign-in from a
-- later one: each sign-in is counted instead, by the database (a user cannot write the count).

alter table app.profiles add column sign_in_count integer not null default 0
  constraint profiles_sign_in_count_check check (sign_in_count >= 0);
comment on column app.profiles.sign_in_count is
  'Sign-ins so far (Auth writes auth.users.last_sign_in_at at each password sign-in and email confirmation); 1 during the first session.';

-- Accounts that signed in before this migration have done so at least once.
update app.profiles p set sign_in_count = 1
from auth.users u
where u.id = p.id and u.last_sign_in_at is not null;

/**
 * Trigger on auth.users: Auth writes last_sign_in_at at each sign-in (not at a token refresh), so each
 * change of it is one more sign-in of that user.
 */
create or replace function app.count_sign_in()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  update app.profiles set sign_in_count = sign_in_count + 1 where id = new.id;
  return null;
end;
$$;
revoke execute on function app.count_sign_in() from public, anon, authenticated;
comment on function app.count_sign_in() is
  'Counts a sign-in. Security definer: Auth''s own role writes auth.users, and the count lives in app.profiles, which no user may write.';
create trigger on_auth_user_signed_in after update of last_sign_in_at on auth.users
  for each row
  when (new.last_sign_in_at is not null and new.last_sign_in_at is distinct from old.last_sign_in_at)
  execute function app.count_sign_in();

/** How many times the caller has signed in, this session included; null for anon. */
create function api.my_sign_in_count()
returns integer
language sql
stable
security definer
set search_path = ''
as $$
  select p.sign_in_count from app.profiles p where p.id = (select auth.uid())
$$;
revoke execute on function api.my_sign_in_count() from public;
grant execute on function api.my_sign_in_count() to authenticated, service_role;
comment on function api.my_sign_in_count() is
  'The caller''s own sign-in count. Security definer: the column is not selectable by user roles (nobody reads another''s); it filters by auth.uid().';
