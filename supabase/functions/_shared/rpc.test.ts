// Deno tests: how a failed call of an `api` function is answered (issue 29, item 9). Deliberate refusals
// keep their message and code; the database's own errors answer a generic message by status and are
// logged; nothing of the database's insides reaches the caller.
import { assertEquals, assertMatch, assertNotMatch } from '../../../testkit/deno/assert.ts';
import { plainTextErrors } from './error-format.ts';
import { jsonHandler } from './json-handler.ts';
import { callRpc } from './rpc.ts';
import type { ApiClient } from './user-client.ts';

/** PostgREST's error body, as supabase-js reports it. */
interface RpcFailure {
  message: string;
  details?: string | null;
  hint?: string | null;
  code?: string;
}

/** A client whose rpc answers as PostgREST does for this error and status. */
const failing = (error: RpcFailure, status: number) => ({ rpc: () => Promise.resolve({ data: null, error, status }) }) as unknown as ApiClient;

async function answer(error: RpcFailure, status: number, errors = {}) {
  const logged: string[] = [];
  const handler = jsonHandler(async () => ({ status: 200, body: await callRpc(failing(error, status), 'admin_money_summary') }), { name: 'payouts', log: (line) => logged.push(line), ...errors });
  const res = await handler(new Request('http://x/payouts/reconcile'));
  return { status: res.status, body: await res.text(), log: logged.join('\n') };
}

const INTERNAL = /admin_|function|relation|permission denied|constraint|schema|column|Key \(|Failing row|42501|23505|23514|PGRST/i;

Deno.test('signed out without the execute right: 401 "Not signed in", the detail in the log only', async () => {
  const res = await answer({ message: 'permission denied for function admin_money_summary', code: '42501', details: null, hint: null }, 401);
  assertEquals([res.status, JSON.parse(res.body)], [401, { code: 'not_signed_in', message: 'Not signed in' }]);
  assertMatch(res.log, /payouts: GET \/payouts\/reconcile: 401 not_signed_in: admin_money_summary: 42501 \| permission denied for function admin_money_summary/);
});

Deno.test('the database\'s own refusals answer a generic message by status', async () => {
  const cases: Array<[RpcFailure, number, { code: string; message: string }]> = [
    [{ message: 'permission denied for table payouts', code: '42501', details: null }, 403, { code: 'forbidden', message: 'You do not have permission to do that' }],
    [{ message: 'duplicate key value violates unique constraint "payout_accounts_creator_id_key"', code: '23505', details: 'Key (creator_id)=(c01) already exists.' }, 409, { code: 'conflict', message: 'This conflicts with the current state; reload and try again' }],
    [{ message: 'new row for relation "campaigns" violates check constraint "campaigns_title_length"', code: '23514', details: 'Failing row contains (...).' }, 400, { code: 'bad_request', message: 'The request is not valid' }],
    [{ message: 'invalid input syntax for type uuid: "x"', code: '22P02', details: null }, 400, { code: 'bad_request', message: 'The request is not valid' }],
    [{ message: 'Could not find the function api.admin_money_summary without parameters in the schema cache', code: 'PGRST202', details: 'Searched for the function api.admin_money_summary without parameters', hint: null }, 404, { code: 'not_found', message: 'Not found' }],
    [{ message: 'JWT expired', code: 'PGRST303', details: null }, 401, { code: 'not_signed_in', message: 'Not signed in' }],
    [{ message: 'Request Entity Too Large', code: 'PGRST413', details: null }, 413, { code: 'body_too_large', message: 'The request could not be completed' }],
  ];
  for (const [error, status, body] of cases) {
    const res = await answer(error, status);
    assertEquals([res.status, JSON.parse(res.body)], [status, body], error.message);
    assertNotMatch(res.body, INTERNAL);
    assertMatch(res.log, new RegExp(error.code!));
  }
});

Deno.test('a database failure (5xx) is the handler\'s 500, its detail logged', async () => {
  const res = await answer({ message: 'canceling statement due to statement timeout', code: '57014', details: 'relation app.ledger_entries' }, 500);
  assertEquals([res.status, JSON.parse(res.body)], [500, { code: 'internal', message: 'Unexpected error' }]);
  assertMatch(res.log, /statement timeout/);
});

Deno.test('a deliberate refusal (a code in DETAIL) keeps its status, message and code', async () => {
  const cases: Array<[RpcFailure, number]> = [
    [{ message: 'Only admins can manage users', code: '42501', details: 'not_admin' }, 403],
    [{ message: 'Sign in first', code: '42501', details: 'not_signed_in' }, 401],
    [{ message: 'Payment not found', code: 'PT404', details: 'payment_not_found' }, 404],
    [{ message: 'Your available balance is below the minimum payout of $10.00', code: 'PT409', details: 'below_minimum' }, 409],
    [{ message: 'Username already taken', code: '23505', details: 'username_taken' }, 409],
    [{ message: 'Choose your country', code: '22023', details: 'country_required' }, 400],
  ];
  for (const [error, status] of cases) {
    const res = await answer(error, status);
    assertEquals([res.status, JSON.parse(res.body)], [status, { code: error.details, message: error.message }]);
    assertEquals(res.log, '');
  }
});

Deno.test('the /api facade\'s plain text says the same generic words', async () => {
  const res = await answer({ message: 'permission denied for function admin_list_users', code: '42501', details: null }, 401, { errors: plainTextErrors });
  assertEquals([res.status, res.body], [401, 'Not signed in']);
});
