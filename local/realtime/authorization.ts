import type { Database } from '../db/database.ts';
import { isPgError } from '../db/database.ts';
import { isDatabaseUnavailable, unavailabilityDetail } from '../db/unavailable.ts';

/**
 * Private channels are authorised as hosted Realtime does it (lib/realtime/tenants/authorization.ex): by the
 * project's RLS policies on realtime.messages, evaluated as the user's role with their claims set and
 * `realtime.topic` set to the channel's topic, then rolled back.
 * - read: probe rows (one per extension) are inserted by the service, then selected as the user; the
 *   extensions whose row is visible may be read.
 * - write: the user inserts one row per extension; an insufficient_privilege error (RLS refusing the row)
 *   means no, any other error is a policy error.
 * Each check is one call of a function in the local-only `_realtime` schema: its work happens in a
 * subtransaction that ends by raising (and catching) RT000, so the probes and the settings are undone.
 * Security invoker on purpose: `role` cannot be set inside a security definer function.
 */

export type Extension = 'broadcast' | 'presence';

/** Whose request is being checked: the JWT's claims and the request headers (hosted's request.headers). */
export interface AccessContext {
  /** The topic without the `realtime:` prefix, as realtime.topic() returns it. */
  topic: string;
  role: string;
  claimsJson: string;
  sub: string | null;
  headersJson: string;
}

export type AccessCheck =
  | { ok: true; allowed: ReadonlySet<Extension> }
  /** policy: the policy (or the role) raised; missing_partition: no partition of realtime.messages for now. */
  | { ok: false; kind: 'policy' | 'missing_partition' | 'unavailable'; message: string };

const INSTALL_SQL = `
create schema if not exists _realtime;
revoke all on schema _realtime from public;

-- What Realtime sets before it runs a channel's policies: the user's role and claims, and the topic.
-- Transaction-local; the callers roll it back with their probe rows.
create or replace function _realtime.act_as(p_topic text, p_role text, p_claims text, p_sub text, p_headers text)
returns void
language sql set search_path = ''
as $$
  select pg_catalog.set_config('role', p_role, true),
         pg_catalog.set_config('realtime.topic', p_topic, true),
         pg_catalog.set_config('request.jwt.claims', p_claims, true),
         pg_catalog.set_config('request.jwt.claim.sub', coalesce(p_sub, ''), true),
         pg_catalog.set_config('request.jwt.claim.role', p_role, true),
         pg_catalog.set_config('request.headers', p_headers, true);
$$;
revoke all on function _realtime.act_as(text, text, text, text, text) from public;

create or replace function _realtime.read_access(p_topic text, p_extensions text[], p_role text, p_claims text, p_sub text, p_headers text)
returns text[]
language plpgsql set search_path = ''
as $$
declare
  v_ids uuid[];
  v_readable text[] := '{}';
begin
  select pg_catalog.array_agg(pg_catalog.gen_random_uuid()) into v_ids from pg_catalog.unnest(p_extensions);
  begin
    insert into realtime.messages (id, topic, extension, inserted_at, updated_at)
    select x.id, p_topic, x.ext, pg_catalog.timezone('utc', pg_catalog.now()), pg_catalog.timezone('utc', pg_catalog.now())
      from rows from (pg_catalog.unnest(v_ids), pg_catalog.unnest(p_extensions)) as x(id, ext);
    perform _realtime.act_as(p_topic, p_role, p_claims, p_sub, p_headers);
    select coalesce(pg_catalog.array_agg(m.extension), '{}') into v_readable
      from realtime.messages m
     where m.id = any (v_ids);
    raise sqlstate 'RT000';
  exception when sqlstate 'RT000' then
    null;
  end;
  return v_readable;
end
$$;
revoke all on function _realtime.read_access(text, text[], text, text, text, text) from public;

create or replace function _realtime.write_access(p_topic text, p_extensions text[], p_role text, p_claims text, p_sub text, p_headers text)
returns text[]
language plpgsql set search_path = ''
as $$
declare
  v_ext text;
  v_writable text[] := '{}';
begin
  begin
    perform _realtime.act_as(p_topic, p_role, p_claims, p_sub, p_headers);
    foreach v_ext in array p_extensions loop
      begin
        insert into realtime.messages (topic, extension, inserted_at, updated_at)
        values (p_topic, v_ext, pg_catalog.timezone('utc', pg_catalog.now()), pg_catalog.timezone('utc', pg_catalog.now()));
        v_writable := v_writable || v_ext;
      exception when insufficient_privilege then
        null;
      end;
    end loop;
    raise sqlstate 'RT000';
  exception when sqlstate 'RT000' then
    null;
  end;
  return v_writable;
end
$$;
revoke all on function _realtime.write_access(text, text[], text, text, text, text) from public;
`;

export async function installAuthorization(db: Database): Promise<void> {
  await db.exec(INSTALL_SQL);
}

async function check(db: Database, fn: 'read_access' | 'write_access', ctx: AccessContext, extensions: Extension[]): Promise<AccessCheck> {
  try {
    const { rows } = await db.query<{ allowed: string[] | string }>(
      `select _realtime.${fn}($1, $2::text[], $3, $4, $5, $6) as allowed`,
      [ctx.topic, `{${extensions.join(',')}}`, ctx.role, ctx.claimsJson, ctx.sub, ctx.headersJson],
    );
    return { ok: true, allowed: new Set(parseTextArray(rows[0]?.allowed ?? []) as Extension[]) };
  } catch (e) {
    // Before the SQLSTATE checks: a refused connection has a `code` too (ECONNREFUSED), and is no policy error.
    if (isDatabaseUnavailable(e)) return { ok: false, kind: 'unavailable', message: unavailabilityDetail(e) };
    if (!isPgError(e)) return { ok: false, kind: 'unavailable', message: (e as Error).message };
    // Hosted maps a check_violation on messages to a missing partition: the row had nowhere to go.
    if (e.code === '23514' && /partition/.test(e.message)) return { ok: false, kind: 'missing_partition', message: e.message };
    return { ok: false, kind: 'policy', message: e.message };
  }
}

/** Which of the extensions the user may read (receive) on the topic. */
export function checkRead(db: Database, ctx: AccessContext, extensions: Extension[]): Promise<AccessCheck> {
  return check(db, 'read_access', ctx, extensions);
}

/** Which of the extensions the user may write (send broadcasts, track presence) on the topic. */
export function checkWrite(db: Database, ctx: AccessContext, extensions: Extension[]): Promise<AccessCheck> {
  return check(db, 'write_access', ctx, extensions);
}

/** text[] as either driver returns it (array, or '{a,b}' text). */
function parseTextArray(v: string[] | string): string[] {
  if (Array.isArray(v)) return v;
  const inner = String(v).replace(/^\{|\}$/g, '');
  return inner ? inner.split(',') : [];
}
