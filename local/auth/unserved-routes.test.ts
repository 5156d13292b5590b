import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authFetch, signedUp } from '../../testkit/auth.ts';
import { startTestStack, type TestStack } from '../../testkit/test-stack.ts';

/**
 * GoTrue routes this stack leaves off (docs/decisions/0012) answer GoTrue's JSON error for the feature
 * turned off, so supabase-js raises an AuthApiError with a code rather than AuthUnknownError from a
 * text/plain 404 it cannot parse.
 */
let stack: TestStack;
beforeAll(async () => {
  stack = await startTestStack({ env: { AUTH_RATE_LIMIT: '1000' } });
});
afterAll(async () => {
  await stack?.close();
});
const codeOf = (error: { name?: string; status?: number; code?: string } | null) => [error?.name, error?.status, error?.code];

describe('GoTrue routes for features that are off here', () => {
  it('email flows other than recovery, confirmation and email change (magic links and OTP sign-in, invites, generated links, reauthentication) answer 404 feature_disabled', async () => {
    const auth = stack.client().auth;
    expect(codeOf((await auth.signInWithOtp({ email: 'ana@example.test' })).error)).toEqual(['AuthApiError', 404, 'feature_disabled']);
    const magic = await authFetch(stack, '/magiclink', { body: { email: 'ana@example.test' } });
    expect([magic.status, magic.json.code]).toEqual([404, 'feature_disabled']);
    const admin = stack.client({ key: stack.serviceRoleKey }).auth.admin;
    expect(codeOf((await admin.generateLink({ type: 'magiclink', email: 'ana@example.test' })).error)).toEqual(['AuthApiError', 404, 'feature_disabled']);
    expect(codeOf((await admin.inviteUserByEmail('ana@example.test')).error)).toEqual(['AuthApiError', 404, 'feature_disabled']);
    const { client } = await signedUp(stack);
    expect(codeOf((await client.auth.reauthenticate()).error)).toEqual(['AuthApiError', 404, 'feature_disabled']);
  });

  it('SSO is SAML-disabled (404 saml_provider_disabled), OAuth providers are not enabled (400)', async () => {
    const sso = await stack.client().auth.signInWithSSO({ domain: 'example.test' });
    expect(codeOf(sso.error)).toEqual(['AuthApiError', 404, 'saml_provider_disabled']);
    expect(sso.error?.message).toBe('SAML 2.0 is disabled');
    const google = await authFetch(stack, '/authorize?provider=google');
    expect([google.status, google.json]).toEqual([400, { code: 'validation_failed', message: 'Unsupported provider: provider is not enabled' }]);
    const made = await authFetch(stack, '/authorize?provider=myspace');
    expect(made.json.message).toBe('Unsupported provider: Provider myspace could not be found');
  });

  it('MFA enrolment, identity linking and passkeys: a signed-in user gets the codes GoTrue gives with them off', async () => {
    const { client } = await signedUp(stack);
    const enroll = await client.auth.mfa.enroll({ factorType: 'totp' });
    expect(codeOf(enroll.error)).toEqual(['AuthApiError', 422, 'mfa_totp_enroll_not_enabled']);
    expect(enroll.error?.message).toBe('MFA enroll is disabled for TOTP');
    const link = await client.auth.linkIdentity({ provider: 'google', options: { skipBrowserRedirect: true } });
    expect(codeOf(link.error)).toEqual(['AuthApiError', 404, 'manual_linking_disabled']);
    const challenge = await client.auth.mfa.challenge({ factorId: '00000000-0000-4000-8000-000000000000' });
    expect(codeOf(challenge.error)).toEqual(['AuthApiError', 404, 'mfa_factor_not_found']);
    const passkeys = await authFetch(stack, '/passkeys');
    expect([passkeys.status, passkeys.json.code]).toEqual([404, 'passkey_disabled']);
  });

  it('keeps GoTrue\'s checks in front: no token is 401, a user token on an admin route 403', async () => {
    const noToken = await authFetch(stack, '/factors', { body: { factor_type: 'totp' }, bearer: '' });
    expect(noToken.status).toBe(401);
    const { session } = await signedUp(stack);
    const notAdmin = await authFetch(stack, '/invite', { body: { email: 'x@example.test' }, bearer: session.access_token });
    expect([notAdmin.status, notAdmin.json.code]).toEqual([403, 'not_admin']);
  });

  it('paths GoTrue does not know stay its router\'s text/plain 404', async () => {
    const res = await fetch(`${stack.url}/auth/v1/nowhere`, { headers: { apikey: stack.anonKey } });
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toContain('text/plain');
    expect(await res.text()).toBe('404 page not found\n');
  });
});

describe('Supabase APIs this stack does not serve', () => {
  it('GraphQL answers a JSON 404 as Kong does for a path without a service, not the SPA page (Storage is served: decision 0042)', async () => {
    const res = await fetch(`${stack.url}/graphql/v1`, { method: 'POST', headers: { apikey: stack.anonKey, 'content-type': 'application/json' }, body: '{}' });
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ message: 'no Route matched with those values' });
  });
});
