-- Each user's language (issue 15): null until they choose; the app then follows their role (creators
-- Spanish, brands and admins English). Emails and notifications read it too.
alter table app.profiles add column language text constraint profiles_language_check check (language in ('es', 'en'));

-- current_profile now returns it; a function's result columns can only change by recreating it.
drop function api.current_profile();
create function api.current_profile()
returns table (id uuid, email text, username text, full_name text, role text, bio text, avatar_url text, language text)
language sql
stable
security definer
set search_path = ''
as $$
  select p.id, p.email, p.username, p.full_name, p.role, p.bio, p.avatar_url, p.language
  from app.profiles p
  where p.id = (select auth.uid())
$$;
revoke execute on function api.current_profile() from public;
grant execute on function api.current_profile() to anon, authenticated, service_role;
comment on function api.current_profile() is
  'The signed-in user''s own profile. Security definer: it returns the caller''s email, a column no user role may select, and anon (no rights on app at all) gets no row; it filters by auth.uid().';

grant update (language) on app.profiles to authenticated;

/** The caller's own language ('es' or 'en'); security invoker: RLS lets users update only their own profile. */
create function api.set_my_language(language text)
returns void
language plpgsql
set search_path = ''
as $$
begin
  if (select auth.uid()) is null then
    perform app.fail('42501', 'Sign in first', 'not_signed_in');
  end if;
  if set_my_language.language is null or set_my_language.language not in ('es', 'en') then
    perform app.fail('22023', 'Language must be es or en', 'invalid_language');
  end if;
  update app.profiles p set language = set_my_language.language where p.id = (select auth.uid());
end;
$$;
revoke execute on function api.set_my_language(text) from public;
grant execute on function api.set_my_language(text) to authenticated;
