import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authFetch, decodeJwt, newPerson, signedUp } from '../../testkit/auth.ts';
import { startTestStack, type TestStack } from '../../testkit/test-stack.ts';
import { codeOf, follow, mailsTo, verifyLinkOf, waitForMails } from '../../testkit/account-mail.ts';

let stack: TestStack;
beforeAll(async () => {
  stack = await startTestStack({ env: { AUTH_RATE_LIMIT: '1000', AUTH_EMAIL_RATE_LIMIT: '1000' } });
});
afterAll(async () => {
  await stack?.close();
});

const redirect = () => `${stack.url}/reset-password`;

describe('password recovery', () => {
  it('emails a link whose redirect carries a working session; the password can then be changed', async () => {
    const { person, user } = await signedUp(stack);
    const { data, error } = await stack.client().auth.resetPasswordForEmail(person.email, { redirectTo: redirect() });
    expect([data, error]).toEqual([{}, null]);

    const [mail] = await waitForMails(stack, person.email);
    expect(mail!.subject).toBe('Restablece tu contraseña');
    const link = verifyLinkOf(mail!);
    expect(link).toMatch(new RegExp(`^${stack.url}/auth/v1/verify\\?token=[0-9a-f]{56}&type=recovery&redirect_to=${redirect()}$`));
    const stored = await stack.database.db.query<any>(
      `select u.recovery_token, u.recovery_sent_at, t.token_type::text as type, t.relates_to
         from auth.users u join auth.one_time_tokens t on t.user_id = u.id where u.id = $1`,
      [user.id],
    );
    expect(stored.rows).toEqual([{ recovery_token: new URL(link).searchParams.get('token'), recovery_sent_at: expect.any(Date), type: 'recovery_token', relates_to: person.email }]);

    const { status, location, fragment } = await follow(link);
    expect(status).toBe(303);
    expect(location.split('#')[0]).toBe(redirect());
    expect([...fragment.keys()]).toEqual(['access_token', 'expires_at', 'expires_in', 'refresh_token', 'sb', 'token_type', 'type']);
    expect(fragment.get('type')).toBe('recovery');
    expect(fragment.get('token_type')).toBe('bearer');
    expect(fragment.get('expires_in')).toBe('3600');
    const claims = decodeJwt(fragment.get('access_token')!);
    expect(claims.sub).toBe(user.id);
    expect(claims.amr).toEqual([{ method: 'otp', timestamp: expect.any(Number) }]);

    // The app takes the session from the fragment as supabase-js does, then sets the new password.
    const client = stack.client();
    const set = await client.auth.setSession({ access_token: fragment.get('access_token')!, refresh_token: fragment.get('refresh_token')! });
    expect(set.error).toBeNull();
    const updated = await client.auth.updateUser({ password: 'a-new-password-7' });
    expect(updated.error).toBeNull();
    const refreshed = await client.auth.refreshSession();
    expect(decodeJwt(refreshed.data.session!.access_token).amr[0].method).toBe('otp');

    const old = await stack.client().auth.signInWithPassword({ email: person.email, password: person.password });
    expect(old.error?.code).toBe('invalid_credentials');
    const fresh = await stack.client().auth.signInWithPassword({ email: person.email, password: 'a-new-password-7' });
    expect(fresh.error).toBeNull();

    const left = await stack.database.db.query<any>('select recovery_token from auth.users where id = $1', [user.id]);
    expect(left.rows[0].recovery_token).toBe('');
  });

  it('answers an unknown address exactly as a known one, and sends nothing', async () => {
    const unknown = newPerson('nadie').email;
    const res = await authFetch(stack, '/recover', { body: { email: unknown } });
    const { person } = await signedUp(stack);
    const known = await authFetch(stack, '/recover', { body: { email: person.email } });
    expect([res.status, res.text]).toEqual([known.status, known.text]);
    expect([res.status, res.json]).toEqual([200, {}]);
    await waitForMails(stack, person.email);
    expect(mailsTo(stack, unknown)).toEqual([]);
  });

  it('limits a second request within a minute alike for known and unknown addresses', async () => {
    const { person } = await signedUp(stack);
    const unknown = newPerson('nadie').email;
    for (const email of [person.email, unknown]) {
      expect((await authFetch(stack, '/recover', { body: { email } })).status).toBe(200);
      const again = await authFetch(stack, '/recover', { body: { email: email.toUpperCase() } });
      expect(again.status).toBe(429);
      expect(again.json.code).toBe('over_email_send_rate_limit');
      expect(again.json.message).toMatch(/^For security purposes, you can only request this after (59|60) seconds\.$/);
    }
  });

  it('a used link and an expired link redirect with otp_expired', async () => {
    const { person } = await signedUp(stack);
    await stack.client().auth.resetPasswordForEmail(person.email, { redirectTo: redirect() });
    const link = verifyLinkOf((await waitForMails(stack, person.email))[0]!);
    expect((await follow(link)).fragment.get('access_token')).toBeTruthy();
    const reused = await follow(link);
    expect(reused.status).toBe(303);
    expect(reused.location).toBe(`${redirect()}#error=access_denied&error_code=otp_expired&error_description=Email+link+is+invalid+or+has+expired&sb=`);

    // Another user's link, whose hour has passed (otp_expiry = 3600).
    const other = await signedUp(stack);
    await stack.client().auth.resetPasswordForEmail(other.person.email, { redirectTo: redirect() });
    const second = verifyLinkOf((await waitForMails(stack, other.person.email))[0]!);
    await stack.database.db.query(`update auth.users set recovery_sent_at = now() - interval '61 minutes' where id = $1`, [other.user.id]);
    const expired = await follow(second);
    expect(expired.fragment.get('error_code')).toBe('otp_expired');
    expect(expired.fragment.get('error_description')).toBe('Email link is invalid or has expired');
  });

  it('the 6-digit code signs in through POST /verify (supabase-js verifyOtp), once', async () => {
    const { person, user } = await signedUp(stack);
    await stack.client().auth.resetPasswordForEmail(person.email);
    const code = codeOf((await waitForMails(stack, person.email))[0]!);
    const client = stack.client();
    const { data, error } = await client.auth.verifyOtp({ email: person.email, token: code, type: 'recovery' });
    expect(error).toBeNull();
    expect(data.session?.user.id).toBe(user.id);
    expect(data.session?.refresh_token).toBeTruthy();
    const again = await stack.client().auth.verifyOtp({ email: person.email, token: code, type: 'recovery' });
    expect([again.error?.status, again.error?.code, again.error?.message]).toEqual([403, 'otp_expired', 'Token has expired or is invalid']);
    const wrongHash = await stack.client().auth.verifyOtp({ token_hash: 'f'.repeat(56), type: 'recovery' });
    expect([wrongHash.error?.status, wrongHash.error?.code, wrongHash.error?.message]).toEqual([403, 'otp_expired', 'Email link is invalid or has expired']);
  });

  it('a redirect_to outside site_url and additional_redirect_urls falls back to the site URL', async () => {
    const { person } = await signedUp(stack);
    await stack.client().auth.resetPasswordForEmail(person.email, { redirectTo: 'https://evil.example.com/steal' });
    const link = verifyLinkOf((await waitForMails(stack, person.email))[0]!);
    expect(new URL(link).searchParams.get('redirect_to')).toBe(stack.config.siteUrl);
    // An allowed address chosen at the link itself still works (GoTrue checks it again there).
    const viaLink = await follow(`${link.replace(/&redirect_to=.*$/, '')}&redirect_to=https://evil.example.com/steal`);
    expect(viaLink.location.startsWith(`${stack.config.siteUrl}#access_token=`)).toBe(true);
  });

  it('GET /verify is open to browsers without an apikey; missing parameters are GoTrue JSON errors', async () => {
    const res = await fetch(`${stack.url}/auth/v1/verify?type=recovery`);
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error_code: 'validation_failed', msg: 'Verify requires a token or a token hash' });
  });
});
