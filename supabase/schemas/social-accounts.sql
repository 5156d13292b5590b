-- Connected social accounts, verified reach and the daily refresh schedule (issue 35, decisions 0053 and 0054).
-- Current definitions (decision 0039): change them here, then `npm run db:diff` writes the migration.

create or replace function app.schedule_social_refresh()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if new.status = 'connected' then
    -- Connecting fetches the profile already; the next read is the account's next slot.
    insert into app.social_refresh_schedule (account_id, due_at) values (new.id, app.next_refresh_at(new.id, now()))
    on conflict (account_id) do nothing;
  else
    delete from app.social_refresh_schedule s where s.account_id = new.id;
  end if;
  return null;
end;
$$;

create or replace function app.sync_verified_reach()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if tg_op in ('UPDATE', 'DELETE') then
    update app.creator_profiles cp set (verified_reach, verified_accounts) = (select r.reach, r.accounts from app.verified_reach(old.creator_id) r)
    where cp.user_id = old.creator_id;
  end if;
  if tg_op in ('INSERT', 'UPDATE') and (tg_op = 'INSERT' or new.creator_id is distinct from old.creator_id) then
    update app.creator_profiles cp set (verified_reach, verified_accounts) = (select r.reach, r.accounts from app.verified_reach(new.creator_id) r)
    where cp.user_id = new.creator_id;
  end if;
  return null;
end;
$$;

create table app.social_accounts (
  id uuid default gen_random_uuid() not null,
  creator_id uuid not null,
  platform text not null,
  platform_user_id text not null,
  handle text not null,
  display_name text,
  profile_url text,
  followers bigint,
  followers_as_of timestamp with time zone,
  status text default 'connected'::text not null,
  connected_at timestamp with time zone default now() not null,
  last_refresh_at timestamp with time zone,
  last_refresh_error text,
  constraint social_accounts_pkey primary key (id),
  constraint social_accounts_creator_id_platform_key unique (creator_id, platform),
  constraint social_accounts_platform_platform_user_id_key unique (platform, platform_user_id),
  constraint social_accounts_creator_id_fkey foreign key (creator_id) references app.profiles(id) on delete cascade,
  constraint social_accounts_platform_check check (platform = any (array['instagram'::text, 'tiktok'::text, 'youtube'::text])),
  constraint social_accounts_status_check check (status = any (array['connected'::text, 'reconnect_needed'::text]))
);
alter table app.social_accounts enable row level security;
comment on table app.social_accounts is 'A creator''s connected Instagram, TikTok or YouTube account: what the platform verified (decision 0053). Read through api.social_accounts_of (public fields) and api.my_social_accounts (owner); written by the social-connect function only. Tokens are in app.social_tokens.';
comment on column app.social_accounts.platform_user_id is 'Instagram user_id, TikTok open_id, YouTube channel id.';
comment on column app.social_accounts.handle is 'The username without ''@'' (YouTube: the channel''s customUrl without ''@'', else its title).';
comment on column app.social_accounts.followers is 'Followers (YouTube subscribers) as the platform reported them; null when the platform hides the count (YouTube hiddenSubscriberCount).';
comment on column app.social_accounts.followers_as_of is 'When the platform reported followers.';
comment on column app.social_accounts.status is 'connected, or reconnect_needed once the platform refused to refresh the grant (revoked, expired): the creator must consent again.';

create trigger social_accounts_refresh_schedule after insert or update of status on app.social_accounts for each row execute function app.schedule_social_refresh();
create trigger social_accounts_verified_reach after insert or delete or update of followers, status, creator_id on app.social_accounts for each row execute function app.sync_verified_reach();

create table app.social_oauth_states (
  state_hash text not null,
  user_id uuid not null,
  platform text not null,
  code_verifier text,
  created_at timestamp with time zone default now() not null,
  expires_at timestamp with time zone default (now() + '00:10:00'::interval) not null,
  constraint social_oauth_states_pkey primary key (state_hash),
  constraint social_oauth_states_user_id_fkey foreign key (user_id) references app.profiles(id) on delete cascade,
  constraint social_oauth_states_platform_check check (platform = any (array['instagram'::text, 'tiktok'::text, 'youtube'::text]))
);
alter table app.social_oauth_states enable row level security;
comment on table app.social_oauth_states is 'A consent in progress: the sha-256 of the random state sent to the platform, bound to the creator, with the PKCE verifier (TikTok, YouTube); single use, 10 minutes (decision 0053).';

create index social_oauth_states_user_id_idx on app.social_oauth_states using btree (user_id);

create table app.social_refresh_schedule (
  account_id uuid not null,
  due_at timestamp with time zone not null,
  constraint social_refresh_schedule_pkey primary key (account_id),
  constraint social_refresh_schedule_account_id_fkey foreign key (account_id) references app.social_accounts(id) on delete cascade
);
alter table app.social_refresh_schedule enable row level security;
comment on table app.social_refresh_schedule is 'When each connected account''s daily follower refresh is next due (decision 0054). Only connected accounts have a row; read and written by definer functions only.';

create index social_refresh_schedule_due_idx on app.social_refresh_schedule using btree (due_at, account_id);

create table app.social_token_keys (
  id smallint default 1 not null,
  key text not null,
  created_at timestamp with time zone default now() not null,
  constraint social_token_keys_pkey primary key (id),
  constraint social_token_keys_id_check check (id = 1)
);
alter table app.social_token_keys enable row level security;
comment on table app.social_token_keys is 'The key platform tokens are encrypted with when the deploy sets no app.social_token_key: made at random on first use. No role but the owner reads it (decision 0053).';

create table app.social_tokens (
  account_id uuid not null,
  access_token_encrypted bytea not null,
  refresh_token_encrypted bytea,
  key_source text not null,
  access_expires_at timestamp with time zone,
  refresh_expires_at timestamp with time zone,
  scopes text[] default '{}'::text[] not null,
  updated_at timestamp with time zone default now() not null,
  constraint social_tokens_pkey primary key (account_id),
  constraint social_tokens_account_id_fkey foreign key (account_id) references app.social_accounts(id) on delete cascade,
  constraint social_tokens_key_source_check check (key_source = any (array['setting'::text, 'database'::text]))
);
alter table app.social_tokens enable row level security;
comment on table app.social_tokens is 'OAuth tokens of a connected account, encrypted with pgcrypto (app.social_token_key). No policy and no grant to anon or authenticated: only the service role reads them, through api.social_account_tokens (decision 0053).';

create or replace function app.next_refresh_at(account_id uuid, after timestamp with time zone)
returns timestamp with time zone
language sql
immutable
set search_path = ''
as $$
  select case when slot > after then slot else slot + interval '1 day' end
  from (select (date_trunc('day', after at time zone 'utc') at time zone 'utc')
    + make_interval(secs => app.refresh_slot_second(account_id)) as slot) s
$$;

create or replace function app.pick_social_accounts_due(batch integer, only_platform text, at timestamp with time zone)
returns table (
  id uuid,
  creator_id uuid,
  platform text,
  platform_user_id text,
  handle text,
  due_at timestamp with time zone
)
language plpgsql
security definer
set search_path = ''
as $$
#variable_conflict use_column
begin
  if batch is null or batch < 1 or batch > 5000 then
    perform app.fail('22023', 'Batch must be between 1 and 5000', 'batch_invalid');
  end if;
  if pick_social_accounts_due.only_platform is not null and pick_social_accounts_due.only_platform not in ('instagram', 'tiktok', 'youtube') then
    perform app.fail('22023', 'Platform must be instagram, tiktok or youtube', 'platform_invalid');
  end if;
  return query
    with due as (
      select sch.account_id, sch.due_at
      from app.social_refresh_schedule sch
      join app.social_accounts s on s.id = sch.account_id
      where sch.due_at <= pick_social_accounts_due.at
        and (pick_social_accounts_due.only_platform is null or s.platform = pick_social_accounts_due.only_platform)
      order by sch.due_at, sch.account_id
      limit pick_social_accounts_due.batch
      for update of sch skip locked
    ), claimed as (
      update app.social_refresh_schedule sch
      set due_at = app.next_refresh_at(sch.account_id, pick_social_accounts_due.at + interval '12 hours')
      from due
      where sch.account_id = due.account_id
      returning sch.account_id, due.due_at as was_due
    )
    select s.id, s.creator_id, s.platform, s.platform_user_id, s.handle, c.was_due
    from claimed c
    join app.social_accounts s on s.id = c.account_id
    order by c.was_due, s.id;
end;
$$;
grant execute on function app.pick_social_accounts_due(batch integer, only_platform text, at timestamp with time zone) to service_role;

create or replace function app.refresh_slot_second(account_id uuid)
returns integer
language sql
immutable
set search_path = ''
as $$
  select (('x' || substr(md5(account_id::text), 1, 8))::bit(32)::bigint % 86400)::integer
$$;

create or replace function app.social_platform_valid(platform text)
returns void
language plpgsql
immutable
set search_path = ''
as $$
begin
  if platform is null or platform not in ('instagram', 'tiktok', 'youtube') then
    perform app.fail('22023', 'Platform must be instagram, tiktok or youtube', 'platform_invalid');
  end if;
end;
$$;
grant execute on function app.social_platform_valid(platform text) to authenticated, service_role;

create or replace function app.social_token_key(source text)
returns text
language plpgsql
security definer
set search_path = ''
as $$
declare
  k text;
begin
  if source = 'setting' then
    k := nullif(current_setting('app.social_token_key', true), '');
  else
    insert into app.social_token_keys (id, key) values (1, encode(extensions.gen_random_bytes(32), 'hex'))
    on conflict on constraint social_token_keys_pkey do nothing;
    select t.key into k from app.social_token_keys t where t.id = 1;
  end if;
  if k is null then
    perform app.fail('XX000', 'The key of the stored platform tokens is not configured', 'social_token_key_missing');
  end if;
  return k;
end;
$$;

create or replace function app.verified_accounts_json(creator_id uuid)
returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce(jsonb_agg(jsonb_build_object('platform', s.platform, 'handle', s.handle, 'profile_url', s.profile_url,
      'followers', s.followers, 'followers_as_of', s.followers_as_of, 'status', s.status)
    order by array_position(array['instagram', 'tiktok', 'youtube'], s.platform)), '[]'::jsonb)
  from app.social_accounts s
  where s.creator_id = verified_accounts_json.creator_id
$$;
comment on function app.verified_accounts_json(creator_id uuid) is 'A creator''s connected accounts as jsonb (platform, handle, profile_url, followers, followers_as_of, status). Security definer: app.social_accounts is under RLS; only its public columns (as api.social_accounts_of) leave it.';
grant execute on function app.verified_accounts_json(creator_id uuid) to authenticated, service_role;

create or replace function app.verified_reach(creator_id uuid)
returns table(reach bigint, accounts integer)
language sql
stable
set search_path = ''
as $$
  select coalesce(sum(s.followers) filter (where s.status = 'connected'), 0)::bigint,
    (count(*) filter (where s.status = 'connected'))::integer
  from app.social_accounts s
  where s.creator_id = verified_reach.creator_id
$$;
comment on function app.verified_reach(creator_id uuid) is 'Verified reach of a creator: the sum of the followers of their connected accounts, and how many are connected (decision 0054). Kept on app.creator_profiles by app.sync_verified_reach.';
