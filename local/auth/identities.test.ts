import type { UserIdentity } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newPerson, signedUp } from '../../testkit/auth.ts';
import { startTestStack, type TestStack } from '../../testkit/test-stack.ts';
import { follow, verifyLinkOf, waitForMails } from '../../testkit/account-mail.ts';

let stack: TestStack;
beforeAll(async () => {
  stack = await startTestStack({ seed: true, env: { AUTH_RATE_LIMIT: '1000' } });
});
afterAll(async () => {
  await stack?.close();
});

const admin = () => stack.client({ key: stack.serviceRoleKey }).auth.admin;

/** The fields of GoTrue's identity JSON, in its order (empty identity_data and email are left out). */
const IDENTITY_KEYS = ['identity_id', 'id', 'user_id', 'identity_data', 'provider', 'last_sign_in_at', 'created_at', 'updated_at', 'email'];

interface IdentityDbRow {
  id: string;
  provider_id: string;
  provider: string;
  identity_data: Record<string, unknown>;
  email: string | null;
  last_sign_in_at: string | null;
  created_at: string | null;
  updated_at: string | null;
}

async function identityRows(userId: string): Promise<IdentityDbRow[]> {
  const r = await stack.database.db.query<IdentityDbRow>(
    `select id::text as id, provider_id, provider, identity_data, email,
            last_sign_in_at::text as last_sign_in_at, created_at::text as created_at, updated_at::text as updated_at
       from auth.identities where user_id = $1::uuid order by created_at, id`,
    [userId],
  );
  return r.rows;
}

/** GoTrue sends the identity's email; auth-js's UserIdentity type does not declare it. */
const emailOf = (i: UserIdentity) => (i as UserIdentity & { email?: string }).email;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe('auth.identities written by the Auth API', () => {
  it('sign-up writes one email identity, and the user JSON lists it as GoTrue does', async () => {
    const p = newPerson();
    const { data, error } = await stack.client().auth.signUp({ email: p.email, password: p.password, options: { data: p.data } });
    expect(error).toBeNull();
    const user = data.user!;

    const rows = await identityRows(user.id);
    expect(rows).toHaveLength(1);
    const row = rows[0]!;
    expect(row).toMatchObject({ provider: 'email', provider_id: user.id, email: p.email });
    // The sign-up data rides along; auto-confirmation marks user_metadata verified, not the identity.
    expect(row.identity_data).toEqual({ ...p.data, sub: user.id, email: p.email, email_verified: false, phone_verified: false });
    expect(row.last_sign_in_at).not.toBeNull();
    expect(row.created_at).toBe(row.updated_at);
    expect(user.user_metadata).toEqual({ ...row.identity_data, email_verified: true });

    expect(user.identities).toHaveLength(1);
    const identity = user.identities![0]!;
    expect(Object.keys(identity)).toEqual(IDENTITY_KEYS);
    expect(identity).toMatchObject({
      identity_id: row.id,
      id: user.id,
      user_id: user.id,
      identity_data: row.identity_data,
      provider: 'email',
      email: p.email,
    });
    expect(identity.identity_id).toMatch(UUID);
    expect(identity.identity_id).not.toBe(user.id);
    expect(identity.created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/);

    // GET /user reads the same row.
    const signedIn = stack.client();
    await signedIn.auth.setSession(data.session!);
    const me = await signedIn.auth.getUser();
    expect(me.data.user?.identities).toEqual(user.identities);
  });

  it('sessions are aal1 in the auth.aal_level enum with their password claim; a sign-in leaves the identity as it was', async () => {
    const p = newPerson();
    const { user } = await signedUp(stack, p);
    const before = await identityRows(user.id);

    const { data, error } = await stack.client().auth.signInWithPassword({ email: p.email, password: p.password });
    expect(error).toBeNull();
    const session = await stack.database.db.query<{ aal: string; type: string; claims: string[] }>(
      `select s.aal::text as aal, pg_typeof(s.aal)::text as type,
              array(select c.authentication_method from auth.mfa_amr_claims c where c.session_id = s.id) as claims
         from auth.sessions s where s.id = $1::uuid`,
      [JSON.parse(Buffer.from(data.session!.access_token.split('.')[1]!, 'base64url').toString()).session_id],
    );
    expect(session.rows).toEqual([{ aal: 'aal1', type: 'auth.aal_level', claims: ['password'] }]);
    // GoTrue moves the user's last_sign_in_at (and with it updated_at) on a password sign-in, not the identity's.
    expect(await identityRows(user.id)).toEqual(before);
    expect(Date.parse(data.user!.last_sign_in_at!)).toBeGreaterThan(Date.parse(user.last_sign_in_at!));
    expect(data.user!.updated_at).toBe(data.user!.last_sign_in_at);
  });

  it('admin createUser writes an unverified email identity, even with email_confirm', async () => {
    const p = newPerson('brand');
    const { data, error } = await admin().createUser({ email: p.email, password: p.password, email_confirm: true, user_metadata: p.data });
    expect(error).toBeNull();
    const user = data.user!;
    const rows = await identityRows(user.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.identity_data).toEqual({ sub: user.id, email: p.email, email_verified: false, phone_verified: false });
    expect(user.identities?.map((i) => [i.identity_id, i.provider, emailOf(i)])).toEqual([[rows[0]!.id, 'email', p.email]]);
    expect(user.user_metadata).toEqual({ ...p.data, email_verified: true });

    const fetched = await admin().getUserById(user.id);
    expect(fetched.data.user?.identities).toEqual(user.identities);
    const listed = await admin().listUsers({ page: 1, perPage: 1000 });
    expect(listed.data.users.find((u) => u.id === user.id)?.identities).toEqual(user.identities);
  });

  it('admin updateUserById writes the email to the identity, with email_verified from that request', async () => {
    const p = newPerson('brand');
    const created = (await admin().createUser({ email: p.email, password: p.password, email_confirm: true })).data.user!;
    const [before] = await identityRows(created.id);

    const email = newPerson('renamed').email;
    const changed = await admin().updateUserById(created.id, { email });
    expect(changed.error).toBeNull();
    const [after] = await identityRows(created.id);
    expect(after).toMatchObject({ id: before!.id, provider_id: created.id, email });
    expect(after!.identity_data).toEqual({ sub: created.id, email, email_verified: false, phone_verified: false });
    // GoTrue's raw update of identity_data leaves updated_at.
    expect(after!.updated_at).toBe(before!.updated_at);
    expect(changed.data.user?.identities?.map(emailOf)).toEqual([email]);

    await admin().updateUserById(created.id, { email, email_confirm: true });
    expect((await identityRows(created.id)).map((r) => r.identity_data.email_verified)).toEqual([true]);

    // An email user without an identity (made before identities were written) gets one.
    await stack.database.db.query('delete from auth.identities where user_id = $1::uuid', [created.id]);
    const restored = await admin().updateUserById(created.id, { email });
    const rows = await identityRows(created.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ provider: 'email', provider_id: created.id, email });
    expect(rows[0]!.identity_data).toEqual({ sub: created.id, email, email_verified: false, phone_verified: false });
    expect(restored.data.user?.identities?.map((i) => i.identity_id)).toEqual([rows[0]!.id]);

    // Changes without an email leave the identity alone.
    await admin().updateUserById(created.id, { user_metadata: { plan: 'gold' } });
    expect(await identityRows(created.id)).toEqual(rows);
  });

  it("a user's own email change carries over to the identity", async () => {
    const { client, user, person } = await signedUp(stack);
    const [before] = await identityRows(user.id);
    const email = newPerson('moved').email;
    expect((await client.auth.updateUser({ email })).error).toBeNull();
    // Applied once both links are followed (config.toml's double_confirm_changes; email-change.test.ts).
    expect((await follow(verifyLinkOf((await waitForMails(stack, person.email))[0]!))).status).toBe(303);
    expect(await identityRows(user.id)).toEqual([before]);
    const link = verifyLinkOf((await waitForMails(stack, email))[0]!);
    expect((await follow(link)).fragment.get('type')).toBe('email_change');
    const [after] = await identityRows(user.id);
    expect(after).toMatchObject({ id: before!.id, email });
    expect(after!.identity_data).toEqual({ ...before!.identity_data, email, email_verified: true });
    // Saved whole, as GoTrue's ConfirmEmailChange saves it.
    expect(after!.updated_at).not.toBe(before!.updated_at);
    const fetched = await admin().getUserById(user.id);
    expect(fetched.data.user?.identities?.[0]?.identity_data?.email).toBe(email);
  });

  it('deleteUser removes the identities with the user; a soft delete empties them and frees the address', async () => {
    const gone = (await admin().createUser({ email: newPerson().email, password: 'correct-horse-9', email_confirm: true })).data.user!;
    expect(await identityRows(gone.id)).toHaveLength(1);
    expect((await admin().deleteUser(gone.id)).error).toBeNull();
    expect(await identityRows(gone.id)).toEqual([]);

    const p = newPerson();
    const soft = (await admin().createUser({ email: p.email, password: p.password, email_confirm: true })).data.user!;
    expect((await admin().deleteUser(soft.id, true)).error).toBeNull();
    const [kept] = await identityRows(soft.id);
    expect(kept).toMatchObject({ provider: 'email', identity_data: {}, email: null });
    expect(kept!.provider_id).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const shown = await admin().getUserById(soft.id);
    expect(shown.data.user?.identities).toHaveLength(1);
    expect(Object.keys(shown.data.user!.identities![0]!)).toEqual(IDENTITY_KEYS.filter((k) => k !== 'identity_data' && k !== 'email'));

    const again = await stack.client().auth.signUp({ email: p.email, password: p.password, options: { data: p.data } });
    expect(again.error).toBeNull();
    expect(await identityRows(again.data.user!.id)).toHaveLength(1);
  });
});

describe('seeded users', () => {
  it('each has one email identity matching its address, and signs in with it', async () => {
    const r = await stack.database.db.query<{ email: string; n: number; matches: boolean }>(
      `select u.email, count(i.id)::int as n,
              coalesce(bool_and(i.provider = 'email' and i.provider_id = u.id::text and i.email = lower(u.email)
                and i.identity_data ->> 'sub' = u.id::text and i.identity_data ->> 'email' = u.email), false) as matches
         from auth.users u left join auth.identities i on i.user_id = u.id
        where u.email like '%@demo.test' group by u.email order by u.email`,
    );
    expect(r.rows).toHaveLength(16);
    for (const row of r.rows) expect(row, row.email).toMatchObject({ n: 1, matches: true });

    const { data, error } = await stack.client().auth.signInWithPassword({ email: 'creator@demo.test', password: 'password123' });
    expect(error).toBeNull();
    expect(data.user!.identities).toEqual([
      expect.objectContaining({
        id: '00000000-0000-0000-0000-000000000c01',
        provider: 'email',
        email: 'creator@demo.test',
        identity_data: {
          sub: '00000000-0000-0000-0000-000000000c01',
          email: 'creator@demo.test',
          email_verified: true,
          phone_verified: false,
        },
      }),
    ]);
  });
});
