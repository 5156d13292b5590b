import { assert, assertEquals, assertMatch, assertThrows } from '../../../testkit/deno/assert.ts';
import { parseAdminUserUpdate, parseNewBrandAccount } from '../_shared/admin-user-input.ts';
import { HttpError } from '../_shared/http-error.ts';
import { temporaryPassword } from '../_shared/temporary-password.ts';
import { createAdminUsersHandler } from './handler.ts';

// Nothing listens there: these cases must be answered before any call to Supabase.
const handler = createAdminUsersHandler({ supabaseUrl: 'http://127.0.0.1:9', anonKey: 'anon', serviceRoleKey: 'service' }, () => {});

Deno.test('unknown paths are 404 and other methods 405, as JSON', async () => {
  let res = await handler(new Request('http://x/admin-users/nope', { method: 'GET' }));
  assertEquals(res.status, 404);
  assertEquals(await res.json(), { code: 'not_found', message: 'Not found' });
  res = await handler(new Request('http://x/admin-users/brands', { method: 'GET' }));
  assertEquals(res.status, 405);
  await res.body?.cancel();
});

Deno.test('a call without a bearer token is 401', async () => {
  const res = await handler(new Request('http://x/admin-users/users/00000000-0000-0000-0000-000000000001', { method: 'DELETE' }));
  assertEquals(res.status, 401);
  assertEquals(await res.json(), { code: 'not_signed_in', message: 'Not signed in' });
});

Deno.test('OPTIONS answers the CORS preflight', async () => {
  const res = await handler(new Request('http://x/admin-users/brands', { method: 'OPTIONS' }));
  assertEquals(res.status, 200);
  assertEquals(res.headers.get('access-control-allow-origin'), '*');
  await res.body?.cancel();
});

Deno.test('the Edit User form rules give the spec messages', () => {
  assertEquals(parseAdminUserUpdate({ fullName: ' Ana ', email: 'ANA@x.co', username: 'ana', role: 'brand', bio: '' }), {
    fullName: 'Ana', email: 'ana@x.co', username: 'ana', role: 'brand', bio: null,
  });
  try {
    parseAdminUserUpdate({ fullName: 'A', email: 'nope', username: 'ab', role: 'owner' });
    throw new Error('expected a validation error');
  } catch (e) {
    assert(e instanceof HttpError && e.status === 400);
    assertEquals(e.problems, [
      ['fullName', 'Full name must be at least 2 characters'],
      ['email', 'Please enter a valid email'],
      ['username', 'Username must be at least 3 characters'],
      ['role', 'Role must be brand, creator or admin'],
    ]);
  }
  assertMatch(String(assertThrows(() => parseNewBrandAccount({ email: 'a@b.co', fullName: 'Ana', companyName: ' ' }))), /Company name is required/);
});

Deno.test('temporary passwords are 16 unambiguous characters and differ every time', () => {
  const seen = new Set<string>();
  for (let i = 0; i < 200; i++) {
    const p = temporaryPassword();
    assertMatch(p, /^[A-HJ-NP-Za-km-z2-9]{16}$/);
    seen.add(p);
  }
  assertEquals(seen.size, 200);
});
