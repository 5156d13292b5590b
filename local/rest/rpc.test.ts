import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStack, type Stack } from '../app.ts';
import { loadConfig } from '../config.ts';
import { signJwt } from '../jwt.ts';
import { nodeClient } from '../../testkit/node-client.ts';
import { openTestDatabase, type TestDatabase } from '../../testkit/test-database.ts';
import type { AddressInfo } from 'node:net';

const FIXTURES = `
create schema if not exists api;
grant usage on schema api to anon, authenticated, service_role;
create schema if not exists rpc_fixture;
create table rpc_fixture.notes (id serial primary key, owner uuid not null, body text not null);
alter table rpc_fixture.notes enable row level security;
create policy "Owners read their notes" on rpc_fixture.notes for select to authenticated using (owner = (select auth.uid()));
create policy "Owners write their notes" on rpc_fixture.notes for insert to authenticated with check (owner = (select auth.uid()));
grant usage on schema rpc_fixture to authenticated;
grant select, insert on rpc_fixture.notes to authenticated;
grant usage on sequence rpc_fixture.notes_id_seq to authenticated;
insert into rpc_fixture.notes (owner, body) values
  ('11111111-1111-1111-1111-111111111111', 'mine 1'), ('11111111-1111-1111-1111-111111111111', 'mine 2'),
  ('22222222-2222-2222-2222-222222222222', 'theirs');

create function api.t_add(a int, b int) returns int language sql immutable as $$ select a + b $$;
create function api.t_json() returns jsonb language sql stable as $$ select '{"nested":{"ok":true},"list":[1,2]}'::jsonb $$;
create function api.t_items(n int default 3) returns table (id int, label text) language sql stable
  as $$ select g, 'item ' || g from generate_series(1, n) g $$;
create type api.t_pair as (a int, b text);
create function api.t_pair() returns api.t_pair language sql stable as $$ select (1, 'one')::api.t_pair $$;
create function api.t_void() returns void language sql volatile as $$ select $$;
create function api.t_setting(name text) returns text language sql stable as $$ select current_setting(name) $$;
create function api.t_whoami() returns json language sql stable as $$
  select json_build_object('user', current_user, 'uid', auth.uid(), 'role', auth.role(),
    'method', current_setting('request.method', true), 'path', current_setting('request.path', true))
$$;
create function api.t_payment_required() returns void language plpgsql as $$
begin raise exception 'Pay first' using detail = 'd', hint = 'h', errcode = 'PT402'; end $$;
create function api.t_fail(msg text) returns void language plpgsql as $$ begin raise exception '%', msg; end $$;
create function api.t_my_notes() returns setof rpc_fixture.notes language sql stable as $$ select * from rpc_fixture.notes order by id $$;
create function api.t_add_note_then_fail(body text) returns void language plpgsql as $$
begin
  insert into rpc_fixture.notes (owner, body) values (auth.uid(), body);
  raise exception 'after insert';
end $$;
create function api.t_add_note(body text) returns int language sql volatile as $$
  insert into rpc_fixture.notes (owner, body) values (auth.uid(), body) returning id
$$;
create function api.t_echo(jsonb) returns jsonb language sql immutable as $$ select $1 $$;
create function api.t_tags(tags text[], at timestamptz default null) returns text language sql immutable
  as $$ select array_to_string(tags, '|') || coalesce(' @' || extract(year from at)::text, '') $$;
create function api.t_private() returns int language sql stable as $$ select 1 $$;
grant execute on all functions in schema api to anon, authenticated, service_role;
revoke execute on function api.t_private() from public, anon, service_role;
grant execute on function api.t_private() to authenticated;
`;

const ALICE = '11111111-1111-1111-1111-111111111111';

let stack: Stack;
let database: TestDatabase;
let url: string;
let anonKey: string;
let serviceKey: string;
let secret: string;

function userToken(sub: string, extra: Record<string, unknown> = {}): string {
  const now = Math.floor(Date.now() / 1000);
  return signJwt({ sub, role: 'authenticated', aud: 'authenticated', iat: now, exp: now + 600, ...extra }, secret);
}

function client(token?: string) {
  return nodeClient(url, anonKey, { token });
}

beforeAll(async () => {
  database = await openTestDatabase();
  await database.db.exec(FIXTURES);
  const config = loadConfig({ ...process.env, PORT: '0', HOST: '127.0.0.1', LOG_REQUESTS: 'false', MAX_BODY_BYTES: '10000' });
  stack = await createStack(config, { db: database.db, seed: false, log: () => undefined });
  await stack.listen();
  url = `http://127.0.0.1:${(stack.server.address() as AddressInfo).port}`;
  anonKey = config.anonKey;
  serviceKey = config.serviceRoleKey;
  secret = config.jwtSecret;
});

afterAll(async () => {
  await stack?.close();
  await database?.drop();
});

describe('result shapes', () => {
  it('returns a scalar as a bare JSON value', async () => {
    const { data, error, status } = await client().rpc('t_add', { a: 1, b: 2 });
    expect(error).toBeNull();
    expect(status).toBe(200);
    expect(data).toBe(3);
  });

  it('returns json as is', async () => {
    const { data } = await client().rpc('t_json');
    expect(data).toEqual({ nested: { ok: true }, list: [1, 2] });
  });

  it('returns a set of rows as an array, with defaults omitted', async () => {
    const { data } = await client().rpc('t_items');
    expect(data).toEqual([
      { id: 1, label: 'item 1' },
      { id: 2, label: 'item 2' },
      { id: 3, label: 'item 3' },
    ]);
  });

  it('returns a composite as one object', async () => {
    const { data } = await client().rpc('t_pair');
    expect(data).toEqual({ a: 1, b: 'one' });
  });

  it('answers 204 with no data for void', async () => {
    const { data, error, status } = await client().rpc('t_void');
    expect(error).toBeNull();
    expect(status).toBe(204);
    expect(data).toBeNull();
  });

  it('passes the whole body to a single unnamed jsonb parameter', async () => {
    const { data } = await client().rpc('t_echo', { any: 'thing', n: [1] });
    expect(data).toEqual({ any: 'thing', n: [1] });
  });

  it('converts JSON arrays and timestamps to the parameter types', async () => {
    const { data } = await client().rpc('t_tags', { tags: ['a', 'b'], at: '2026-03-01T00:00:00Z' });
    expect(data).toBe('a|b @2026');
  });

  it('applies .single(), filters, order, limit and exact count to set results', async () => {
    const one = await client().rpc('t_items', { n: 1 }).single();
    expect(one.data).toEqual({ id: 1, label: 'item 1' });

    const many = await client().rpc('t_items', { n: 2 }).single();
    expect(many.status).toBe(406);
    expect(many.error).toMatchObject({ code: 'PGRST116', details: 'The result contains 2 rows' });

    const filtered = await client().rpc('t_items', { n: 5 }).gte('id', 2).order('id', { ascending: false }).limit(2);
    expect(filtered.data).toEqual([
      { id: 5, label: 'item 5' },
      { id: 4, label: 'item 4' },
    ]);

    const counted = await client().rpc('t_items', { n: 5 }, { count: 'exact' }).range(0, 1);
    expect(counted.count).toBe(5);
    expect(counted.data).toHaveLength(2);

    const columns = await client().rpc('t_items', { n: 1 }).select('label');
    expect(columns.data).toEqual([{ label: 'item 1' }]);
  });

  it('calls stable functions with GET and query-string arguments', async () => {
    const { data } = await client().rpc('t_add', { a: 4, b: 5 }, { get: true });
    expect(data).toBe(9);
  });
});

describe('roles and claims', () => {
  it('runs as anon without a user token', async () => {
    const { data } = await client().rpc('t_whoami');
    expect(data).toMatchObject({ user: 'anon', uid: null, role: 'anon', method: 'POST', path: '/rest/v1/rpc/t_whoami' });
  });

  it('runs as the user of a valid token, with request.jwt.claims set', async () => {
    const { data } = await client(userToken(ALICE)).rpc('t_whoami');
    expect(data).toMatchObject({ user: 'authenticated', uid: ALICE, role: 'authenticated' });
  });

  it('runs as service_role with the service key', async () => {
    const { data } = await client(serviceKey).rpc('t_whoami');
    expect(data).toMatchObject({ user: 'service_role', role: 'service_role' });
  });

  it("applies the role's own settings from the database, as PostgREST does: hosted's statement timeouts", async () => {
    expect((await client().rpc('t_setting', { name: 'statement_timeout' })).data).toBe('3s');
    expect((await client(userToken(ALICE)).rpc('t_setting', { name: 'statement_timeout' })).data).toBe('8s');
    // service_role has none of its own: the server's default (no limit) applies.
    expect((await client(serviceKey).rpc('t_setting', { name: 'statement_timeout' })).data).toBe('0');
  });

  it('applies row-level security to what a function reads', async () => {
    const { data } = await client(userToken(ALICE)).rpc('t_my_notes');
    expect((data as Array<{ body: string }>).map((n) => n.body)).toEqual(['mine 1', 'mine 2']);
    const anon = await client().rpc('t_my_notes');
    expect(anon.status).toBe(401);
    expect(anon.error?.code).toBe('42501');
  });

  it('refuses a function not granted to the caller: 401 for anon, 403 for a user without grant', async () => {
    const anon = await client().rpc('t_private');
    expect(anon.status).toBe(401);
    expect(anon.error?.code).toBe('42501');
    expect((await client(userToken(ALICE)).rpc('t_private')).data).toBe(1);
    const svc = await client(serviceKey).rpc('t_private');
    expect(svc.status).toBe(403);
  });

  it('rolls back everything when the call fails', async () => {
    const before = (await client(userToken(ALICE)).rpc('t_my_notes')).data as unknown[];
    const failed = await client(userToken(ALICE)).rpc('t_add_note_then_fail', { body: 'ghost' });
    expect(failed.status).toBe(400);
    const after = (await client(userToken(ALICE)).rpc('t_my_notes')).data as unknown[];
    expect(after).toHaveLength(before.length);
  });

  it('commits a successful write', async () => {
    const { data } = await client(userToken(ALICE)).rpc('t_add_note', { body: 'kept' });
    expect(typeof data).toBe('number');
    const notes = (await client(userToken(ALICE)).rpc('t_my_notes')).data as Array<{ body: string }>;
    expect(notes.map((n) => n.body)).toContain('kept');
  });

  it('refuses a volatile function called with GET (read-only transaction)', async () => {
    const { status, error } = await client(userToken(ALICE)).rpc('t_add_note', { body: 'x' }, { get: true });
    expect(status).toBe(405);
    expect(error?.code).toBe('25006');
  });
});

describe('errors', () => {
  it('maps a custom PTnnn errcode to that status with message, details and hint', async () => {
    const res = await fetch(`${url}/rest/v1/rpc/t_payment_required`, {
      method: 'POST',
      headers: { apikey: anonKey, 'Content-Type': 'application/json' },
      body: '{}',
    });
    expect(res.status).toBe(402);
    expect(res.headers.get('proxy-status')).toBe('PostgREST; error=PT402');
    expect(await res.json()).toEqual({ code: 'PT402', message: 'Pay first', details: 'd', hint: 'h' });
  });

  it('maps a plain raise to 400 P0001', async () => {
    const { status, error } = await client().rpc('t_fail', { msg: 'Nope' });
    expect(status).toBe(400);
    expect(error).toMatchObject({ code: 'P0001', message: 'Nope', details: null, hint: null });
  });

  it('answers 404 PGRST202 for an unknown function or argument names', async () => {
    const unknown = await client().rpc('t_missing');
    expect(unknown.status).toBe(404);
    expect(unknown.error?.code).toBe('PGRST202');
    expect(unknown.error?.message).toBe('Could not find the function api.t_missing without parameters in the schema cache');
    const wrongArgs = await client().rpc('t_add', { a: 1, c: 2 });
    expect(wrongArgs.status).toBe(404);
    expect(wrongArgs.error?.hint).toBe('Perhaps you meant to call the function api.t_add(a, b)');
  });

  it('answers 400 for an argument of the wrong type', async () => {
    const { status, error } = await client().rpc('t_add', { a: 'one', b: 2 });
    expect(status).toBe(400);
    expect(error?.code).toBe('22P02');
  });

  it('answers 400 PGRST102 for malformed JSON and 413 for an oversized body', async () => {
    const headers = { apikey: anonKey, 'Content-Type': 'application/json' };
    const bad = await fetch(`${url}/rest/v1/rpc/t_add`, { method: 'POST', headers, body: '{"a":' });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { code: string }).code).toBe('PGRST102');
    const big = await fetch(`${url}/rest/v1/rpc/t_echo`, { method: 'POST', headers, body: JSON.stringify({ x: 'y'.repeat(20000) }) });
    expect(big.status).toBe(413);
  });

  it('refuses forged, expired and malformed tokens with PostgREST codes', async () => {
    const forged = signJwt({ sub: ALICE, role: 'authenticated', exp: Math.floor(Date.now() / 1000) + 60 }, 'another-secret-that-is-long-enough-123');
    const r1 = await client(forged).rpc('t_whoami');
    expect(r1.status).toBe(401);
    expect(r1.error).toMatchObject({ code: 'PGRST301', message: 'JWT cryptographic operation failed' });
    const r2 = await client(userToken(ALICE, { exp: Math.floor(Date.now() / 1000) - 120 })).rpc('t_whoami');
    expect(r2.error).toMatchObject({ code: 'PGRST303', message: 'JWT expired' });
    const r3 = await client('not-a-jwt').rpc('t_whoami');
    expect(r3.error).toMatchObject({ code: 'PGRST301', message: 'Expected 3 parts in JWT; got 1' });
  });

  it('refuses a role the authenticator cannot switch to', async () => {
    const { status, error } = await client(userToken(ALICE, { role: 'postgres' })).rpc('t_whoami');
    expect(status).toBe(401);
    expect(error?.message).toBe('role "postgres" does not exist');
  });

  it('refuses a missing or wrong apikey at the gateway', async () => {
    const none = await fetch(`${url}/rest/v1/rpc/t_add`, { method: 'POST', body: '{"a":1,"b":1}' });
    expect(none.status).toBe(401);
    const wrong = await fetch(`${url}/rest/v1/rpc/t_add`, { method: 'POST', headers: { apikey: 'nope' }, body: '{"a":1,"b":1}' });
    expect(wrong.status).toBe(401);
    expect(((await wrong.json()) as { message: string }).message).toBe('Invalid API key');
  });

  it('refuses an unexposed schema with 406 PGRST106', async () => {
    const c = nodeClient(url, anonKey);
    const { status, error } = await c.schema('rpc_fixture').rpc('t_add', { a: 1, b: 2 });
    expect(status).toBe(406);
    expect(error).toMatchObject({ code: 'PGRST106', message: 'Invalid schema: rpc_fixture' });
  });

  it('does not expose tables', async () => {
    const { status, error } = await client(serviceKey).from('notes').select('*');
    expect(status).toBe(404);
    expect(error?.code).toBe('PGRST205');
  });

  it('refuses methods other than GET, HEAD and POST on rpc', async () => {
    const res = await fetch(`${url}/rest/v1/rpc/t_add`, { method: 'PUT', headers: { apikey: anonKey }, body: '{}' });
    expect(res.status).toBe(405);
    expect(await res.json()).toEqual({ code: 'PGRST101', message: 'Cannot use the PUT method on RPC', details: null, hint: null });
  });

  it('keeps serving after many failures in a row', async () => {
    const results = await Promise.all(Array.from({ length: 20 }, (_, i) => client().rpc(i % 2 ? 't_fail' : 't_add', i % 2 ? { msg: 'x' } : { a: i, b: 1 })));
    expect(results.filter((r) => r.error).length).toBe(10);
    expect((await client().rpc('t_add', { a: 1, b: 1 })).data).toBe(2);
  });
});
