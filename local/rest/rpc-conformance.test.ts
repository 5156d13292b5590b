import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStack, type TestStack } from '../../testkit/test-stack.ts';
import { closestMatch } from './fuzzy-set.ts';

/**
 * PostgREST 13's RPC behaviour, case by case from its own spec (test/spec/Feature/Query/RpcSpec.hs) and
 * source (Plan.hs findProc, Error.hs texts, QueryParams.hs grammar), driven through supabase-js where it
 * can express the call and through fetch where the wire itself is the subject.
 */
const FIXTURES = `
create schema if not exists api;
grant usage on schema api to anon, authenticated, service_role;
create schema conf;
create table conf.projects (id int primary key, name text not null, client_id int, meta jsonb);
insert into conf.projects values
  (1, 'Windows 7', 1, '{"tags": ["a", "b"], "owner": {"name": "ann"}}'),
  (2, 'Windows 10', 1, '{"tags": ["b"], "owner": {"name": "bob"}}'),
  (3, 'IOS', 2, '{"tags": ["c"], "owner": {"name": "cy"}}'),
  (4, 'OSX', 2, '{"tags": [], "owner": {"name": "di"}}'),
  (5, 'Orphan', null, null);
create table conf.calls (n int);
grant usage on schema conf to anon, authenticated;
grant select on conf.projects to anon, authenticated;
grant select, insert on conf.calls to anon, authenticated;

create function api.getallprojects() returns setof conf.projects language sql stable as $$ select * from conf.projects order by id $$;
create function api.getproject(id int) returns setof conf.projects language sql stable
  as $$ select * from conf.projects p where p.id = getproject.id $$;
create function api.get_projects_below(id int) returns setof conf.projects language sql stable
  as $$ select * from conf.projects p where p.id < get_projects_below.id order by p.id $$;
create function api.getitemrange(min int, max int) returns table (id int) language sql stable
  as $$ select g from generate_series(min + 1, max) g $$;
create function api.add_them(a int, b int) returns int language sql immutable as $$ select a + b $$;
create function api.sayhello(name text) returns text language sql immutable as $$ select 'Hello, ' || name $$;
create function api.noparamsproc() returns text language sql immutable as $$ select 'Return value of no parameters procedure.' $$;
create function api.ret_setof_integers() returns setof int language sql immutable as $$ values (1), (2), (3) $$;
create type api.point_2d as (x int, y int);
create function api.ret_point_2d() returns api.point_2d language sql immutable as $$ select (10, 5)::api.point_2d $$;
create function api.many_out_params(out my_json json, out num int, out str text) language sql immutable
  as $$ select '{"a": 1, "b": "two"}'::json, 3, 'four' $$;
create function api.ret_void() returns void language sql volatile as $$ select $$;
create function api.record_call() returns int language sql volatile as $$ insert into conf.calls values (1) returning n $$;
create function api.record_two_calls() returns setof int language sql volatile
  as $$ insert into conf.calls values (1), (2) returning n $$;
create function api.count_calls() returns bigint language sql stable as $$ select count(*) from conf.calls $$;
create function api.variadic_param(variadic v text[] default '{}') returns text[] language sql immutable as $$ select v $$;
create function api.tags(tags text[]) returns text language sql immutable as $$ select array_to_string(tags, '|') $$;

create function api.overloaded() returns setof int language sql immutable as $$ values (1), (2), (3) $$;
create function api.overloaded(a int, b int) returns int language sql immutable as $$ select a + b $$;
create function api.overloaded(a text, b text, c text) returns text language sql immutable as $$ select a || b || c $$;
create function api.overloaded_same_args(arg int) returns int language sql immutable as $$ select arg $$;
create function api.overloaded_same_args(arg xml) returns xml language sql immutable as $$ select arg $$;
create function api.overloaded_same_args(arg text, num int default 0) returns text language sql immutable as $$ select arg $$;
create function api.amb(a int) returns text language sql immutable as $$ select 'one' $$;
create function api.amb(a int, b int default 1) returns text language sql immutable as $$ select 'two' $$;
create function api.overloaded_unnamed_param() returns int language sql immutable as $$ select 1 $$;
create function api.overloaded_unnamed_param(x int, y int) returns int language sql immutable as $$ select x + y $$;
create function api.overloaded_unnamed_param(json) returns json language sql immutable as $$ select $1 $$;
create function api.overloaded_unnamed_param(text) returns text language sql immutable as $$ select $1 $$;
create function api.overloaded_unnamed_json_jsonb_param(json) returns json language sql immutable as $$ select $1 $$;
create function api.overloaded_unnamed_json_jsonb_param(jsonb) returns jsonb language sql immutable as $$ select $1 $$;
create function api.unnamed_text_param(text) returns text language sql immutable as $$ select $1 $$;
create function api.unnamed_bytea_param(bytea) returns bytea language sql immutable as $$ select $1 $$;
create function api.unnamed_int_param(int) returns int language sql immutable as $$ select $1 $$;
grant execute on all functions in schema api to anon, authenticated, service_role;
`;

let t: TestStack;

beforeAll(async () => {
  t = await startTestStack();
  await t.database.db.exec(FIXTURES);
});

afterAll(async () => {
  await t?.close();
});

const api = () => t.client();

/** A raw request to /rest/v1, for what supabase-js cannot express (methods, media types, headers). */
function raw(path: string, init: RequestInit = {}): Promise<Response> {
  return fetch(`${t.url}/rest/v1${path}`, { ...init, headers: { apikey: t.anonKey, ...(init.headers as Record<string, string>) } });
}

describe('result projection with select', () => {
  it('selects columns, aliases, casts and * on set results', async () => {
    const columns = await api().rpc('getallprojects').select('id,name').lte('id', 2);
    expect(columns.data).toEqual([
      { id: 1, name: 'Windows 7' },
      { id: 2, name: 'Windows 10' },
    ]);
    const aliased = await api().rpc('getallprojects').select('ident:id,title:name').eq('id', 3);
    expect(aliased.data).toEqual([{ ident: 3, title: 'IOS' }]);
    const cast = await api().rpc('getallprojects').select('id::text,client:client_id::text').eq('id', 1);
    expect(cast.data).toEqual([{ id: '1', client: '1' }]);
    const star = await api().rpc('getproject', { id: 5 }).select('*');
    expect(star.data).toEqual([{ id: 5, name: 'Orphan', client_id: null, meta: null }]);
  });

  it('reads JSON paths, naming them after their last key', async () => {
    const { data, error } = await api().rpc('getallprojects').select('id,meta->owner->>name,first:meta->tags->>0,meta->tags->1').eq('id', 1);
    expect(error).toBeNull();
    expect(data).toEqual([{ id: 1, name: 'ann', first: 'a', tags: 'b' }]);
  });

  it('projects a single composite and OUT parameters', async () => {
    expect((await api().rpc('ret_point_2d').select('x')).data).toEqual({ x: 10 });
    expect((await api().rpc('many_out_params').select('num,str')).data).toEqual({ num: 3, str: 'four' });
  });

  it('names an unknown column as Postgres does for the call (400 42703)', async () => {
    const composite = await api().rpc('getallprojects').select('nope');
    expect(composite.status).toBe(400);
    expect(composite.error).toMatchObject({ code: '42703', message: 'column pgrst_call.nope does not exist' });
    const scalar = await api().rpc('add_them', { a: 1, b: 2 }).select('nope');
    expect(scalar.error).toMatchObject({ code: '42703', message: 'column add_them.nope does not exist' });
  });

  it('refuses aggregates (disabled on Supabase): 400 PGRST123', async () => {
    const { status, error } = await api().rpc('getallprojects').select('count()');
    expect(status).toBe(400);
    expect(error).toEqual({ code: 'PGRST123', message: 'Use of aggregate functions is not allowed', details: null, hint: null });
  });

  it('strips nulls on request', async () => {
    const { data } = await api().rpc('getproject', { id: 5 }).select('id,client_id').stripNulls();
    expect(data).toEqual([{ id: 5 }]);
  });
});

describe('filters on function results', () => {
  const ids = async (q: PromiseLike<{ data: unknown; error: unknown }>) => {
    const { data, error } = await q;
    expect(error).toBeNull();
    return (data as Array<{ id: number }>).map((r) => r.id);
  };

  it('applies each operator', async () => {
    const all = () => api().rpc('getallprojects').select('id');
    expect(await ids(all().eq('id', 2))).toEqual([2]);
    expect(await ids(all().neq('id', 2))).toEqual([1, 3, 4, 5]);
    expect(await ids(all().gt('id', 3))).toEqual([4, 5]);
    expect(await ids(all().gte('id', 3))).toEqual([3, 4, 5]);
    expect(await ids(all().lt('id', 3))).toEqual([1, 2]);
    expect(await ids(all().lte('id', 3))).toEqual([1, 2, 3]);
    expect(await ids(all().like('name', 'Windows*'))).toEqual([1, 2]);
    expect(await ids(all().ilike('name', '%os%'))).toEqual([3, 4]);
    expect(await ids(all().in('id', [1, 3, 9]))).toEqual([1, 3]);
    expect(await ids(all().in('name', ['Windows 7', 'O,SX']))).toEqual([1]);
    expect(await ids(all().is('client_id', null))).toEqual([5]);
    expect(await ids(all().not('client_id', 'is', null).not('id', 'in', '(1,2)'))).toEqual([3, 4]);
    expect(await ids(all().contains('meta', { tags: ['b'] }))).toEqual([1, 2]);
    expect(await ids(all().containedBy('meta', { tags: ['a', 'b', 'c'], owner: { name: 'cy' } }))).toEqual([3]);
    expect(await ids(all().filter('id', 'not.gt', 2))).toEqual([1, 2]);
  });

  it('combines with or=(…) and and=(…), nested and negated', async () => {
    const all = () => api().rpc('getallprojects').select('id');
    expect(await ids(all().or('id.eq.1,name.eq.OSX'))).toEqual([1, 4]);
    expect(await ids(all().or('and(id.gt.1,id.lt.3),id.eq.5'))).toEqual([2, 5]);
    const raw_ = await raw('/rpc/getallprojects?select=id&and=(id.gte.2,id.lte.3)');
    expect(await raw_.json()).toEqual([{ id: 2 }, { id: 3 }]);
    const negated = await raw('/rpc/getallprojects?select=id&not.or=(id.lt.3,id.gt.4)');
    expect(await negated.json()).toEqual([{ id: 3 }, { id: 4 }]);
  });

  it('filters on a column that is not selected', async () => {
    expect((await api().rpc('getallprojects').select('id,client_id').like('name', 'OSX')).data).toEqual([{ id: 4, client_id: 2 }]);
    expect(await ids(api().rpc('getallprojects').select('id').or('name.like.OSX,name.like.IOS'))).toEqual([3, 4]);
  });

  it('on GET, takes a parameter without operator as the argument and one with an operator as a filter', async () => {
    expect(await ids(api().rpc('get_projects_below', { id: 5 }, { get: true }).select('id').gt('id', 2))).toEqual([3, 4]);
    const res = await raw('/rpc/get_projects_below?id=5&id=not.in.(1,3)&select=id');
    expect(await res.json()).toEqual([{ id: 2 }, { id: 4 }]);
  });

  it('filters on a single composite (an object, or null when filtered out)', async () => {
    expect((await api().rpc('ret_point_2d').eq('x', 10)).data).toEqual({ x: 10, y: 5 });
    expect((await api().rpc('ret_point_2d').eq('x', 11)).data).toBeNull();
  });

  it('answers PGRST108 for a filter on an embedded resource that is not selected', async () => {
    const { status, error } = await api().rpc('getallprojects').eq('clients.name', 'x');
    expect(status).toBe(400);
    expect(error).toEqual({
      code: 'PGRST108',
      message: "'clients' is not an embedded resource in this request",
      details: null,
      hint: "Verify that 'clients' is included in the 'select' query parameter.",
    });
    const ordered = await api().rpc('getallprojects').order('name', { referencedTable: 'clients' });
    expect(ordered.error?.code).toBe('PGRST108');
  });

  it('answers PGRST200 for an embedding: the exposed schema has no tables, so no relationship', async () => {
    const { status, error } = await api().rpc('getallprojects').select('id,clients(name)').eq('clients.name', 'x');
    expect(status).toBe(400);
    expect(error).toEqual({
      code: 'PGRST200',
      message: "Could not find a relationship between 'projects' and 'clients' in the schema cache",
      details: "Searched for a foreign key relationship between 'projects' and 'clients' in the schema 'api', but no matches were found.",
      hint: null,
    });
    const hinted = await api().rpc('add_them', { a: 1, b: 2 }).select('*,owner:users!fk(*)');
    expect(hinted.error).toMatchObject({
      message: "Could not find a relationship between 'add_them' and 'users' in the schema cache",
      details: "Searched for a foreign key relationship between 'add_them' and 'users' using the hint 'fk' in the schema 'api', but no matches were found.",
    });
    // PostgREST names the root by the returned type: `record` for several OUT/TABLE columns, the
    // column's own type for one.
    const out = await api().rpc('many_out_params').select('num,...things(*)');
    expect(out.error?.message).toBe("Could not find a relationship between 'record' and 'things' in the schema cache");
    const table = await api().rpc('getitemrange', { min: 1, max: 2 }).select('id,things(*)');
    expect(table.error?.message).toBe("Could not find a relationship between 'int4' and 'things' in the schema cache");
  });

  it('answers PGRST100 with the parser position for a malformed filter, and treats GET-style args on POST as filters', async () => {
    const post = await raw('/rpc/sayhello?name=John', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{"name":"John"}' });
    expect(post.status).toBe(400);
    expect(await post.json()).toMatchObject({ code: 'PGRST100', message: '"failed to parse filter (John)" (line 1, column 1)' });
    const select = await api().rpc('getallprojects').select('id,clients(name[])');
    expect(select.error).toMatchObject({
      code: 'PGRST100',
      message: '"failed to parse select parameter (id,clients(name[]))" (line 1, column 16)',
    });
    const operator = await raw('/rpc/getallprojects?id=in.1,2', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{}' });
    expect(await operator.json()).toMatchObject({ code: 'PGRST100', message: '"failed to parse filter (in.1,2)" (line 1, column 4)' });
  });
});

describe('order, limit, offset and counts', () => {
  it('orders, limits and offsets', async () => {
    const ordered = await api()
      .rpc('getallprojects')
      .select('id,client_id')
      .order('client_id', { ascending: false, nullsFirst: true })
      .order('id')
      .limit(3);
    expect(ordered.data).toEqual([
      { id: 5, client_id: null },
      { id: 3, client_id: 2 },
      { id: 4, client_id: 2 },
    ]);
    const ranged = await api().rpc('getallprojects').select('id').range(1, 2);
    expect(ranged.data).toEqual([{ id: 2 }, { id: 3 }]);
    const jsonOrder = await api().rpc('getallprojects').select('id,meta').not('meta', 'is', null).order('meta->owner->>name', { ascending: false });
    expect((jsonOrder.data as Array<{ id: number }>).map((r) => r.id)).toEqual([4, 3, 2, 1]);
  });

  it('cannot order by a column that is not selected (PostgREST returns only selected and filtered columns from the call)', async () => {
    const { status, error } = await api().rpc('getallprojects').select('id').order('client_id');
    expect(status).toBe(400);
    expect(error).toMatchObject({ code: '42703', message: 'column projects.client_id does not exist' });
  });

  it('reports Content-Range, 206 with an exact count of a partial page, and the count to supabase-js', async () => {
    const page = await api().rpc('getallprojects', {}, { count: 'exact' }).select('id').range(0, 1);
    expect(page.status).toBe(206);
    expect(page.count).toBe(5);
    expect(page.data).toEqual([{ id: 1 }, { id: 2 }]);
    const res = await raw('/rpc/getitemrange?limit=1&offset=1', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Prefer: 'count=exact' },
      body: '{"min": 2, "max": 4}',
    });
    expect(res.status).toBe(206);
    expect(res.headers.get('content-range')).toBe('1-1/2');
    expect(res.headers.get('preference-applied')).toBe('count=exact');
    expect(await res.json()).toEqual([{ id: 4 }]);
    const uncounted = await raw('/rpc/getitemrange?min=2&max=4&limit=1&offset=1');
    expect(uncounted.headers.get('content-range')).toBe('1-1/*');
  });

  it('counts 1 for a function returning one value', async () => {
    const res = await raw('/rpc/add_them?a=3&b=4', { headers: { Prefer: 'count=exact' } });
    expect(res.headers.get('content-range')).toBe('0-0/1');
    expect(await res.json()).toBe(7);
    const counted = await api().rpc('ret_point_2d', {}, { count: 'exact' });
    expect(counted.count).toBe(1);
  });

  it('answers HEAD with headers only ({ head: true })', async () => {
    const head = await api().rpc('getallprojects', {}, { head: true, count: 'exact' });
    expect(head.error).toBeNull();
    expect(head.data).toBeNull();
    expect(head.count).toBe(5);
    const res = await raw('/rpc/getitemrange?min=2&max=4', { method: 'HEAD' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(res.headers.get('content-range')).toBe('0-1/*');
  });

  it('caps a page at [api] max_rows (1000)', async () => {
    const res = await raw('/rpc/getitemrange?min=0&max=1005');
    expect(res.headers.get('content-range')).toBe('0-999/*');
    expect((await res.json()) as unknown[]).toHaveLength(1000);
  });

  it('answers 416 PGRST103 for a negative limit and for an offset past the counted rows', async () => {
    const negative = await raw('/rpc/getallprojects?limit=-1');
    expect(negative.status).toBe(416);
    expect(await negative.json()).toEqual({
      code: 'PGRST103',
      message: 'Requested range not satisfiable',
      details: 'Limit should be greater than or equal to zero.',
      hint: null,
    });
    const past = await raw('/rpc/getallprojects?offset=9', { headers: { Prefer: 'count=exact' } });
    expect(past.status).toBe(416);
    expect(past.headers.get('content-range')).toBe('*/5');
    expect(((await past.json()) as { details: string }).details).toBe('An offset of 9 was requested, but there are only 5 rows.');
  });
});

describe('single and maybeSingle', () => {
  it('returns one row as an object, and 406 PGRST116 otherwise', async () => {
    expect((await api().rpc('getproject', { id: 1 }).select('id,name').single()).data).toEqual({ id: 1, name: 'Windows 7' });
    const many = await api().rpc('getallprojects').single();
    expect(many.status).toBe(406);
    expect(many.error).toEqual({
      code: 'PGRST116',
      message: 'Cannot coerce the result to a single JSON object',
      details: 'The result contains 5 rows',
      hint: null,
    });
    const none = await api().rpc('getproject', { id: 99 }).single();
    expect(none.error?.details).toBe('The result contains 0 rows');
    expect((await api().rpc('add_them', { a: 1, b: 1 }).single()).data).toBe(2);
  });

  it('maybeSingle gives null for no row and the row for one', async () => {
    const none = await api().rpc('getproject', { id: 99 }).maybeSingle();
    expect(none.error).toBeNull();
    expect(none.data).toBeNull();
    expect((await api().rpc('getproject', { id: 2 }).select('name').maybeSingle()).data).toEqual({ name: 'Windows 10' });
  });

  it('rolls back the call when the result is not one row', async () => {
    const before = (await api().rpc('count_calls')).data as number;
    const failed = await api().rpc('record_two_calls').single();
    expect(failed.status).toBe(406);
    expect((await api().rpc('count_calls')).data).toBe(before);
    expect((await api().rpc('record_call').single()).data).toBe(1);
    expect((await api().rpc('count_calls')).data).toBe(before + 1);
  });
});

describe('choosing among overloads', () => {
  it('picks the overload whose parameter names match the arguments exactly', async () => {
    expect((await api().rpc('overloaded')).data).toEqual([1, 2, 3]);
    expect((await api().rpc('overloaded', { a: 1, b: 2 })).data).toBe(3);
    expect((await api().rpc('overloaded', { a: '1', b: '2', c: '3' })).data).toBe('123');
    expect((await api().rpc('overloaded', { a: 1, b: 2 }, { get: true })).data).toBe(3);
    expect((await api().rpc('amb', { a: 1, b: 2 })).data).toBe('two');
  });

  it('answers 300 PGRST203 when several match, including through defaults', async () => {
    const same = await raw('/rpc/overloaded_same_args?arg=value');
    expect(same.status).toBe(300);
    expect(await same.json()).toEqual({
      code: 'PGRST203',
      message:
        'Could not choose the best candidate function between: api.overloaded_same_args(arg => integer), api.overloaded_same_args(arg => xml), api.overloaded_same_args(arg => text, num => integer)',
      details: null,
      hint: 'Try renaming the parameters or the function itself in the database so function overloading can be resolved',
    });
    const defaults = await api().rpc('amb', { a: 1 });
    expect(defaults.status).toBe(300);
    expect(defaults.error?.message).toBe('Could not choose the best candidate function between: api.amb(a => integer), api.amb(a => integer, b => integer)');
  });

  it('passes the body to a single unnamed json parameter when no named overload fits', async () => {
    expect((await api().rpc('overloaded_unnamed_param', {})).data).toBe(1);
    expect((await api().rpc('overloaded_unnamed_param', { x: 1, y: 2 })).data).toBe(3);
    expect((await api().rpc('overloaded_unnamed_param', { A: 1, B: 2 })).data).toEqual({ A: 1, B: 2 });
    const text = await raw('/rpc/overloaded_unnamed_param', { method: 'POST', headers: { 'Content-Type': 'text/plain' }, body: 'unnamed text arg' });
    expect(await text.json()).toBe('unnamed text arg');
    const bytes = await raw('/rpc/unnamed_bytea_param', {
      method: 'POST',
      headers: { 'Content-Type': 'application/octet-stream' },
      body: new Uint8Array([1, 2, 255]),
    });
    expect(await bytes.json()).toBe('\\x0102ff');
    const get = await raw('/rpc/overloaded_unnamed_param', { headers: { 'Content-Type': 'text/plain' } });
    expect(await get.json()).toBe(1);
  });

  it('answers PGRST203 between json and jsonb single unnamed parameters', async () => {
    const { status, error } = await api().rpc('overloaded_unnamed_json_jsonb_param', { A: 1 });
    expect(status).toBe(300);
    expect(error?.message).toBe(
      'Could not choose the best candidate function between: api.overloaded_unnamed_json_jsonb_param( => json), api.overloaded_unnamed_json_jsonb_param( => jsonb)',
    );
  });

  it('passes repeated GET values and a JSON array to a VARIADIC parameter', async () => {
    expect(await (await raw('/rpc/variadic_param?v=hi&v=there')).json()).toEqual(['hi', 'there']);
    expect(await (await raw('/rpc/variadic_param')).json()).toEqual([]);
    expect((await api().rpc('variadic_param', { v: ['hi', 'hello'] })).data).toEqual(['hi', 'hello']);
    expect((await api().rpc('tags', { tags: ['a', 'b'] }, { get: true })).data).toBe('a|b');
  });
});

describe('PGRST202 texts', () => {
  it('hints the closest function name for an unknown function', async () => {
    const get = await raw('/rpc/sayhell');
    expect(get.status).toBe(404);
    expect(await get.json()).toEqual({
      code: 'PGRST202',
      message: 'Could not find the function api.sayhell without parameters in the schema cache',
      details: 'Searched for the function api.sayhell without parameters, but no matches were found in the schema cache.',
      hint: 'Perhaps you meant to call the function api.sayhello',
    });
    const post = await api().rpc('sayhell');
    expect(post.error?.details).toBe(
      'Searched for the function api.sayhell without parameters or with a single unnamed json/jsonb parameter, but no matches were found in the schema cache.',
    );
  });

  it('hints the closest parameter list for an existing function', async () => {
    expect(await (await raw('/rpc/sayhello?nam=Peter')).json()).toEqual({
      code: 'PGRST202',
      message: 'Could not find the function api.sayhello(nam) in the schema cache',
      details: 'Searched for the function api.sayhello with parameter nam, but no matches were found in the schema cache.',
      hint: 'Perhaps you meant to call the function api.sayhello(name)',
    });
    expect(await (await raw('/rpc/add_them?a=1&b=2&smthelse=blabla')).json()).toEqual({
      code: 'PGRST202',
      message: 'Could not find the function api.add_them(a, b, smthelse) in the schema cache',
      details: 'Searched for the function api.add_them with parameters a, b, smthelse, but no matches were found in the schema cache.',
      hint: 'Perhaps you meant to call the function api.add_them(a, b)',
    });
    expect(((await (await raw('/rpc/overloaded?wrong_arg=value')).json()) as { hint: unknown }).hint).toBeNull();
    expect(((await (await raw('/rpc/overloaded?a=1&b=2&wrong_arg=value')).json()) as { hint: unknown }).hint).toBe(
      'Perhaps you meant to call the function api.overloaded(a, b, c)',
    );
  });

  it('answers PGRST202 (not a Postgres error) for arguments to a function without parameters', async () => {
    const { status, error } = await api().rpc('noparamsproc', { x: 1 });
    expect(status).toBe(404);
    expect(error).toMatchObject({ code: 'PGRST202', message: 'Could not find the function api.noparamsproc(x) in the schema cache' });
    expect((await api().rpc('noparamsproc')).data).toBe('Return value of no parameters procedure.');
  });

  it('leaves functions PostgREST cannot call by name out of the schema cache', async () => {
    const json = await api().rpc('unnamed_int_param', { x: 1, y: 2 });
    expect(json.error).toEqual({
      code: 'PGRST202',
      message: 'Could not find the function api.unnamed_int_param(x, y) in the schema cache',
      details:
        'Searched for the function api.unnamed_int_param with parameters x, y or with a single unnamed json/jsonb parameter, but no matches were found in the schema cache.',
      hint: 'Perhaps you meant to call the function api.unnamed_text_param',
    });
    const text = await raw('/rpc/unnamed_int_param', { method: 'POST', headers: { 'Content-Type': 'text/plain' }, body: 'a simple text' });
    expect(await text.json()).toEqual({
      code: 'PGRST202',
      message: 'Could not find the function api.unnamed_int_param in the schema cache',
      details: 'Searched for the function api.unnamed_int_param with a single unnamed text parameter, but no matches were found in the schema cache.',
      hint: null,
    });
  });
});

describe('methods and media types', () => {
  it('refuses other methods with 405 PGRST101 in PostgREST words', async () => {
    const res = await raw('/rpc/sayhello', { method: 'DELETE' });
    expect(res.status).toBe(405);
    expect(await res.json()).toEqual({ code: 'PGRST101', message: 'Cannot use the DELETE method on RPC', details: null, hint: null });
  });

  it('answers OPTIONS with the methods the function allows', async () => {
    expect((await raw('/rpc/add_them?a=1&b=2', { method: 'OPTIONS' })).headers.get('allow')).toBe('OPTIONS,GET,HEAD,POST');
    expect((await raw('/rpc/record_call', { method: 'OPTIONS' })).headers.get('allow')).toBe('OPTIONS,POST');
  });

  it('answers 204 for void and CSV on request', async () => {
    const v = await api().rpc('ret_void');
    expect(v.status).toBe(204);
    const csv = await api().rpc('getallprojects').select('id,name').lte('id', 2).csv();
    expect(csv.data).toBe('id,name\n1,"Windows 7"\n2,"Windows 10"');
  });

  it('refuses an Accept it cannot produce with 406 PGRST107', async () => {
    const res = await raw('/rpc/sayhello?name=world', { headers: { Accept: 'audio/mpeg3' } });
    expect(res.status).toBe(406);
    expect(await res.json()).toMatchObject({ code: 'PGRST107', message: 'None of these media types are available: audio/mpeg3' });
  });

  it('uses only the first object of an array body and the keys named by ?columns', async () => {
    const first = await raw('/rpc/add_them', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '[{"a":1,"b":2},{"a":4,"b":6}]' });
    expect(await first.json()).toBe(3);
    const cols = await raw('/rpc/sayhello?columns=name', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{"name":"John","smth":"here"}',
    });
    expect(await cols.json()).toBe('Hello, John');
    const mixed = await raw('/rpc/add_them', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '[{"a":1,"b":2},{"a":4}]' });
    expect(await mixed.json()).toMatchObject({ code: 'PGRST102', message: 'All object keys must match' });
  });
});

describe('closest-match search behind the hints', () => {
  it('chooses as the fuzzyset package PostgREST uses (its doctest cases in Error.hs)', () => {
    expect(closestMatch(['test', 'another'], 'testt')).toBe('test');
    expect(closestMatch(['test', 'another'], 'other')).toBe('another');
    expect(closestMatch(['test', 'another'], 'noclosealternative')).toBeUndefined();
    const lists = ['(name, param, val)', '(attr, id)'];
    expect(closestMatch(lists, '(nam, pqaram, vall)')).toBe('(name, param, val)');
    expect(closestMatch(lists, '(param, val)')).toBe('(name, param, val)');
    expect(closestMatch(lists, '(attrs, id)')).toBe('(attr, id)');
    expect(closestMatch(lists, '(id)')).toBe('(attr, id)');
    expect(closestMatch(lists, '(noclosealternative)')).toBeUndefined();
  });
});
