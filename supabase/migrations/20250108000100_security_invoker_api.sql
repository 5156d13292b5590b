-- Security invoker wherever possible (issue 12, item 10). Supabase's linter (splinter 0028/0029) warns
-- about every security definer function in an exposed schema that anon or authenticated may execute.
-- The admin dashboard's read-only figures need no definer rights: under RLS an admin already reads every
-- profile (the columns they use), campaign, application, deliverable and payment, and app.assert_admin
-- refuses everyone else first. They now run as the caller.
alter function api.admin_stats() security invoker;
alter function api.admin_recent_activity(integer) security invoker;
alter function api.admin_platform_health() security invoker;

-- The ones that stay security definer, each with its reason (schema-guards.test.ts lists them and
-- security-definer.test.ts checks that each filters by the caller).
comment on function api.current_profile() is
  'The signed-in user''s own profile. Security definer: it returns the caller''s email, a column no user role may select, and anon (no rights on app at all) gets no row; it filters by auth.uid().';
comment on function api.username_available(text) is
  'True when nobody holds this username. Security definer: the anonymous sign-up form checks names it cannot read; only a boolean leaves the function.';
comment on function api.browse_campaigns(text, text, text, timestamptz, uuid, integer) is
  'Active campaigns, newest first, keyset pages. Security definer: under RLS the trigram index cannot serve the keyword LIKE (10x slower); it returns only active campaigns, which every signed-in user may see.';
comment on function api.browse_campaigns_count(text, text, text) is
  'Number of active campaigns matching the browse filters. Security definer: same index reason as browse_campaigns; it counts only active campaigns.';
comment on function api.discover_creators(text, text, text, integer, integer, uuid, integer) is
  'Creators for brands and admins. Security definer: the trigram name search under RLS (as browse_campaigns); it checks the caller''s role and returns only public profile columns, never email.';
comment on function api.creator_portfolio(uuid, integer) is
  'Approved content links of a creator (public part of their profile). Security definer: deliverables are visible only to their two parties under RLS; it returns approved rows and public columns only.';
comment on function api.creator_statistics(uuid) is
  'Aggregated track record of a creator. Security definer: a visitor cannot read another user''s applications under RLS; only counts and a rate leave the function.';
comment on function api.admin_list_users(text) is
  'Every user with email and role. Security definer: emails are not selectable by any user role; app.assert_admin refuses non-admins first.';
comment on function api.admin_users_page(text, text, integer, integer) is
  'One page of the admin user table. Security definer: it shows and searches emails, not selectable by any user role; app.assert_admin refuses non-admins first.';
comment on function api.admin_update_user(uuid, text, text, text, text, text) is
  'An admin edits a user. Security definer: it writes auth.users (email) and creates the other user''s brand/creator row, which no user role may do; app.assert_admin refuses non-admins first.';
comment on function api.admin_delete_user(uuid) is
  'An admin deletes another user. Security definer: it deletes from auth.users, which no user role may do; app.assert_admin refuses non-admins first.';
