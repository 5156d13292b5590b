import { AuthApiError, badRequest, notFound, unprocessable } from './errors.ts';
import { requireAdmin, requireUser } from './authenticate.ts';
import { OAUTH_PROVIDERS } from './routes-meta.ts';
import { readJsonBody, stringField, type AuthRequest } from './request.ts';

/**
 * GoTrue routes this stack does not serve (docs/decisions/0012-what-local-auth-does-not-serve.md). Each
 * answers GoTrue's JSON error for the feature turned off, after GoTrue's own checks in front of it (a
 * signed-in user, an admin), so supabase-js reports an AuthApiError with a code instead of failing to
 * parse a text/plain 404. Paths GoTrue does not know stay chi's text/plain "404 page not found".
 */
type Unserved = (r: AuthRequest) => Promise<never>;

/**
 * The email flows this stack does not serve: magic links and OTP sign-in, invites, generated links and
 * reauthentication (recovery, confirmation and email change are served: decision 0021). Answered as GoTrue
 * answers a feature that is off (404 feature_disabled, as for its OAuth server or SCIM): a 5xx would make
 * supabase-js retry it as a network failure.
 */
const emailOff = () => notFound('feature_disabled', 'This email flow is not available on the local stack (docs/decisions/0012)');
const fails = (error: () => AuthApiError): Unserved => async () => {
  throw error();
};
const asUser = (error: () => AuthApiError): Unserved => async (r) => {
  await requireUser(r.ctx, r);
  throw error();
};
const asAdmin = (error: () => AuthApiError): Unserved => async (r) => {
  requireAdmin(r.ctx, r);
  throw error();
};

/** GET /authorize?provider=...: every OAuth provider is off (GoTrue's Provider() error, wrapped). */
const authorize: Unserved = async (r) => {
  const provider = r.url.searchParams.get('provider') ?? '';
  const reason = OAUTH_PROVIDERS.includes(provider) ? 'provider is not enabled' : `Provider ${provider} could not be found`;
  throw badRequest('validation_failed', `Unsupported provider: ${reason}`);
};

/** POST /factors: enrolment is off for every factor type (GoTrue's EnrollFactor checks, by type). */
const enrollFactor: Unserved = async (r) => {
  await requireUser(r.ctx, r);
  const type = stringField(await readJsonBody(r), 'factor_type');
  if (type === 'phone') throw unprocessable('mfa_phone_enroll_not_enabled', 'MFA enroll is disabled for Phone');
  if (type === 'webauthn') throw unprocessable('mfa_webauthn_enroll_not_enabled', 'MFA enroll is disabled for WebAuthn');
  if (type === 'totp') throw unprocessable('mfa_totp_enroll_not_enabled', 'MFA enroll is disabled for TOTP');
  throw badRequest('validation_failed', 'factor_type needs to be totp, phone, or webauthn');
};

const samlOff = () => notFound('saml_provider_disabled', 'SAML 2.0 is disabled');
const passkeysOff = () => notFound('passkey_disabled', 'Passkeys are disabled');
const linkingOff = () => notFound('manual_linking_disabled', 'Manual linking is disabled');
const oauthServerOff = () => notFound('feature_disabled', 'OAuth server is disabled');
const noFactor = () => notFound('mfa_factor_not_found', 'Factor not found');

export const UNSERVED_ROUTES: Array<{ path: RegExp; methods: Record<string, Unserved> }> = [
  { path: /^\/authorize$/, methods: { GET: authorize } },
  { path: /^\/(magiclink|otp)$/, methods: { POST: fails(emailOff) } },
  { path: /^\/reauthenticate$/, methods: { GET: asUser(emailOff) } },
  { path: /^\/(invite|admin\/generate_link)$/, methods: { POST: asAdmin(emailOff) } },
  { path: /^\/user\/identities\/(authorize|[^/]+)$/, methods: { GET: asUser(linkingOff), DELETE: asUser(linkingOff) } },
  { path: /^\/user\/oauth\/grants$/, methods: { GET: asUser(oauthServerOff), DELETE: asUser(oauthServerOff) } },
  { path: /^\/factors$/, methods: { POST: enrollFactor } },
  { path: /^\/factors\/[^/]+(\/challenge|\/verify)?$/, methods: { POST: asUser(noFactor), DELETE: asUser(noFactor) } },
  { path: /^\/passkeys(\/.*)?$/, methods: { GET: fails(passkeysOff), POST: fails(passkeysOff), PATCH: fails(passkeysOff), DELETE: fails(passkeysOff) } },
  { path: /^\/sso(\/saml\/(metadata|acs))?$/, methods: { GET: fails(samlOff), POST: fails(samlOff) } },
  { path: /^\/admin\/sso\/providers(\/[^/]+)?$/, methods: { GET: asAdmin(samlOff), POST: asAdmin(samlOff), PUT: asAdmin(samlOff), DELETE: asAdmin(samlOff) } },
  { path: /^\/admin\/users\/[^/]+\/factors(\/[^/]+)?$/, methods: { GET: asAdmin(noFactor), PUT: asAdmin(noFactor), DELETE: asAdmin(noFactor) } },
];
