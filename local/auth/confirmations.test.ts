import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authFetch, decodeJwt, newPerson } from '../../testkit/auth.ts';
import { codeOf, follow, mailsTo, verifyLinkOf, waitForMails } from '../../testkit/account-mail.ts';
import { startTestStack, type TestStack } from '../../testkit/test-stack.ts';

/** config.toml's enable_confirmations turned on (AUTH_EMAIL_CONFIRMATIONS), as a hosted project could have it. */
let stack: TestStack;
beforeAll(async () => {
  stack = await startTestStack({ env: { AUTH_RATE_LIMIT: '1000', AUTH_EMAIL_RATE_LIMIT: '1000', AUTH_EMAIL_CONFIRMATIONS: 'true' } });
});
afterAll(async () => {
  await stack?.close();
});

const profileEmail = async (id: string) =>
  (await stack.database.db.query<{ email: string }>('select email from app.profiles where id = $1', [id])).rows[0]?.email;

/** Signs up and follows the confirmation link: a confirmed user and a client holding its session. */
async function confirmedUser() {
  const p = newPerson();
  const { data } = await stack.client().auth.signUp({ email: p.email, password: p.password, options: { data: p.data } });
  const { fragment } = await follow(verifyLinkOf((await waitForMails(stack, p.email))[0]!));
  const client = stack.client();
  await client.auth.setSession({ access_token: fragment.get('access_token')!, refresh_token: fragment.get('refresh_token')! });
  return { person: p, user: data.user!, client };
}

/** A confirmed user made by an admin: no email was ever asked for its address. */
async function adminConfirmedUser() {
  const p = newPerson();
  const admin = stack.client({ key: stack.serviceRoleKey }).auth.admin;
  const user = (await admin.createUser({ email: p.email, password: p.password, user_metadata: p.data, email_confirm: true })).data.user!;
  return { person: p, user };
}

describe('sign-up with confirmations on', () => {
  it('answers the user without a session, refuses sign-in until the emailed link is followed, which signs in', async () => {
    const p = newPerson();
    const { data, error } = await stack.client().auth.signUp({ email: p.email, password: p.password, options: { data: p.data, emailRedirectTo: `${stack.url}/welcome` } });
    expect(error).toBeNull();
    expect(data.session).toBeNull();
    expect(data.user?.confirmation_sent_at).toBeTruthy();
    expect(data.user?.email_confirmed_at).toBeUndefined();
    expect(data.user?.identities).toHaveLength(1);
    expect((await authFetch(stack, '/settings')).json.mailer_autoconfirm).toBe(false);

    const refused = await stack.client().auth.signInWithPassword({ email: p.email, password: p.password });
    expect([refused.error?.status, refused.error?.code, refused.error?.message]).toEqual([400, 'email_not_confirmed', 'Email not confirmed']);

    const [mail] = await waitForMails(stack, p.email);
    expect(mail!.subject).toBe('Confirma tu correo electrónico');
    const { status, location, fragment } = await follow(verifyLinkOf(mail!));
    expect(status).toBe(303);
    expect(location.startsWith(`${stack.url}/welcome#access_token=`)).toBe(true);
    expect(fragment.get('type')).toBe('signup');
    expect(decodeJwt(fragment.get('access_token')!).user_metadata).toMatchObject({ email_verified: true });

    const user = (await stack.client({ key: stack.serviceRoleKey }).auth.admin.getUserById(data.user!.id)).data.user!;
    expect(user.email_confirmed_at).toBeTruthy();
    expect(user.identities?.[0]?.identity_data?.email_verified).toBe(true);
    expect((await stack.client().auth.signInWithPassword({ email: p.email, password: p.password })).error).toBeNull();
  });

  it('signing up again with a confirmed address answers an obfuscated new user and sends nothing', async () => {
    const { person, user } = await adminConfirmedUser();
    const { data, error } = await stack.client().auth.signUp({ email: person.email, password: 'other-password-1', options: { data: { full_name: 'X' } } });
    expect(error).toBeNull();
    expect(data.session).toBeNull();
    expect(data.user?.id).not.toBe(user.id);
    expect(data.user).toMatchObject({ email: person.email, role: '', identities: [], user_metadata: { full_name: 'X' }, app_metadata: { provider: 'email', providers: ['email'] } });
    expect(data.user?.confirmation_sent_at).toBeTruthy();
    await new Promise((r) => setTimeout(r, 300));
    expect(mailsTo(stack, person.email)).toEqual([]);
    // Within the minute, a second try is refused as for any address (new, unconfirmed or confirmed alike).
    const again = await authFetch(stack, '/signup', { body: { email: person.email, password: 'other-password-1' } });
    expect([again.status, again.json.code]).toEqual([429, 'over_email_send_rate_limit']);
  });

  it('resend sends a new confirmation to an unconfirmed user; its code confirms; unknown and confirmed addresses get 200 {} and nothing', async () => {
    const p = newPerson();
    const admin = stack.client({ key: stack.serviceRoleKey }).auth.admin;
    const created = (await admin.createUser({ email: p.email, password: p.password, user_metadata: p.data })).data.user!;
    expect(created.email_confirmed_at).toBeUndefined();
    const { error } = await stack.client().auth.resend({ type: 'signup', email: p.email });
    expect(error).toBeNull();
    const code = codeOf((await waitForMails(stack, p.email))[0]!);
    const again = await authFetch(stack, '/resend', { body: { type: 'signup', email: p.email } });
    expect([again.status, again.json.code]).toEqual([429, 'over_email_send_rate_limit']);

    const verified = await stack.client().auth.verifyOtp({ email: p.email, token: code, type: 'signup' });
    expect(verified.error).toBeNull();
    expect(verified.data.user?.email_confirmed_at).toBeTruthy();

    const unknown = newPerson('nadie').email;
    expect((await authFetch(stack, '/resend', { body: { type: 'signup', email: unknown } })).json).toEqual({});
    const { person } = await adminConfirmedUser();
    expect((await authFetch(stack, '/resend', { body: { type: 'signup', email: person.email } })).json).toEqual({});
    await new Promise((r) => setTimeout(r, 300));
    expect(mailsTo(stack, unknown)).toEqual([]);
    expect(mailsTo(stack, person.email)).toEqual([]);
    const bad = await authFetch(stack, '/resend', { body: { type: 'recovery', email: unknown } });
    expect([bad.status, bad.json.message]).toEqual([400, 'Missing one of these types: signup, email_change, sms, phone_change']);
  });
});

describe('email change with double_confirm_changes (and confirmations on)', () => {
  it('needs both links: the first answers GoTrue\'s message, the second changes the email, and the profile follows', async () => {
    const { person, user, client } = await confirmedUser();
    const next = newPerson('nuevo').email;
    const { data, error } = await client.auth.updateUser({ email: next });
    expect(error).toBeNull();
    expect([data.user?.email, data.user?.new_email]).toEqual([person.email, next]);
    expect(data.user?.email_change_sent_at).toBeTruthy();

    const toNew = (await waitForMails(stack, next))[0]!;
    const toCurrent = (await waitForMails(stack, person.email, 2))[0]!;
    expect(toNew.subject).toBe('Confirma tu nuevo correo electrónico');
    expect(toCurrent.text).toContain(next);
    expect(verifyLinkOf(toNew)).not.toBe(verifyLinkOf(toCurrent));

    const first = await follow(verifyLinkOf(toCurrent));
    expect(first.status).toBe(303);
    expect(first.location.split('#')[1]).toBe('message=Confirmation+link+accepted.+Please+proceed+to+confirm+link+sent+to+the+other+email&sb=');
    expect(await profileEmail(user.id)).toBe(person.email);
    // The used link does not count twice.
    expect((await follow(verifyLinkOf(toCurrent))).fragment.get('error_code')).toBe('otp_expired');

    const second = await follow(verifyLinkOf(toNew));
    expect(second.fragment.get('type')).toBe('email_change');
    expect(decodeJwt(second.fragment.get('access_token')!).email).toBe(next);
    expect(await profileEmail(user.id)).toBe(next);
    const signIn = await stack.client().auth.signInWithPassword({ email: next, password: person.password });
    expect(signIn.error).toBeNull();
    expect(signIn.data.user?.new_email).toBeUndefined();
  });

  it('resend of an email change within the minute is refused; the new address\'s code works through POST /verify', async () => {
    const { person, client } = await confirmedUser();
    const next = newPerson('otro').email;
    await client.auth.updateUser({ email: next });
    await waitForMails(stack, next);
    await stack.database.db.query(`update auth.users set email_change_sent_at = now() - interval '2 minutes' where email = $1`, [person.email]);
    const early = await authFetch(stack, '/resend', { body: { type: 'email_change', email: person.email } });
    // The address asked for a change a moment ago: the per-address minute still runs (kept in memory).
    expect([early.status, early.json.code]).toEqual([429, 'over_email_send_rate_limit']);
    const code = codeOf((await waitForMails(stack, next))[0]!);
    const firstStep = await authFetch(stack, '/verify', { body: { type: 'email_change', email: next, token: code } });
    expect(firstStep.json).toEqual({ msg: 'Confirmation link accepted. Please proceed to confirm link sent to the other email', code: '200' });
  });
});
