import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStack, type TestStack } from '../../testkit/test-stack.ts';
import { codeOf, waitForMails } from '../../testkit/account-mail.ts';
import { authFetch, newPerson, signedUp } from '../../testkit/auth.ts';
import { RateLimiter } from './rate-limit.ts';

describe('RateLimiter', () => {
  it('allows `limit` requests per window, then refills steadily', () => {
    const l = new RateLimiter(3, 300_000);
    const t = 1_000_000;
    expect([1, 2, 3].map(() => l.take('ip', t).ok)).toEqual([true, true, true]);
    const refused = l.take('ip', t);
    expect(refused).toEqual({ ok: false, retryAfterSeconds: 100 });
    expect(l.take('other-ip', t).ok).toBe(true);
    expect(l.take('ip', t + 99_000).ok).toBe(false);
    expect(l.take('ip', t + 101_000).ok).toBe(true);
  });

  it('keeps memory bounded', () => {
    const l = new RateLimiter(3, 300_000, 100);
    for (let i = 0; i < 1000; i++) l.take(`ip-${i}`, i);
    expect(l.size).toBeLessThanOrEqual(100);
    // Entries that refilled completely are dropped first.
    const m = new RateLimiter(3, 1000, 10);
    for (let i = 0; i < 10; i++) m.take(`old-${i}`, 0);
    m.take('new', 5000);
    expect(m.size).toBe(1);
  });

  it('is off with a limit of 0', () => {
    const l = new RateLimiter(0, 1000);
    for (let i = 0; i < 100; i++) expect(l.take('ip').ok).toBe(true);
  });
});

describe('per-IP limits on sign-in and sign-up (AUTH_RATE_LIMIT=3)', () => {
  let stack: TestStack;
  beforeAll(async () => {
    stack = await startTestStack({ env: { AUTH_RATE_LIMIT: '3' } });
  });
  afterAll(async () => {
    await stack?.close();
  });

  it('answers the fourth sign-in attempt from one IP with 429 over_request_rate_limit', async () => {
    const p = newPerson();
    for (let i = 0; i < 3; i++) {
      const { error } = await stack.client().auth.signInWithPassword({ email: p.email, password: 'wrong-pass' });
      expect(error?.code).toBe('invalid_credentials');
    }
    const { error } = await stack.client().auth.signInWithPassword({ email: p.email, password: 'wrong-pass' });
    expect(error?.status).toBe(429);
    expect(error?.code).toBe('over_request_rate_limit');
    expect(error?.message).toMatch(/^Request rate limit reached/);
    const raw = await authFetch(stack, '/token?grant_type=password', { body: { email: p.email, password: 'x' } });
    expect(raw.status).toBe(429);
    expect(Number(raw.headers.get('retry-after'))).toBeGreaterThan(0);
    // No proxy is trusted by default: a forged X-Forwarded-For buys no new allowance.
    for (const forged of ['203.0.113.7', '198.51.100.1, 203.0.113.8']) {
      const spoofed = await authFetch(stack, '/token?grant_type=password', {
        body: { email: newPerson().email, password: 'x' },
        headers: { 'X-Forwarded-For': forged },
      });
      expect(spoofed.status).toBe(429);
    }
  });

  it('limits sign-ups the same way, while refreshes keep their own, larger allowance', async () => {
    const sessions = [];
    for (let i = 0; i < 3; i++) {
      const p = newPerson();
      const { data, error } = await stack.client().auth.signUp({ email: p.email, password: p.password, options: { data: p.data } });
      expect(error).toBeNull();
      sessions.push(data.session!);
    }
    const p = newPerson();
    const { error } = await stack.client().auth.signUp({ email: p.email, password: p.password, options: { data: p.data } });
    expect(error?.status).toBe(429);
    expect(error?.code).toBe('over_request_rate_limit');
    const users = await stack.database.db.query<any>('select count(*)::int as n from auth.users where email = $1', [p.email]);
    expect(users.rows[0].n).toBe(0);

    let token = sessions[0]!.refresh_token;
    for (let i = 0; i < 5; i++) {
      const r = await stack.client().auth.refreshSession({ refresh_token: token });
      expect(r.error).toBeNull();
      token = r.data.session!.refresh_token;
    }
  });
});

describe('behind a trusted proxy (TRUSTED_PROXIES=127.0.0.1)', () => {
  let stack: TestStack;
  beforeAll(async () => {
    stack = await startTestStack({ env: { AUTH_RATE_LIMIT: '3', AUTH_ACCOUNT_RATE_LIMIT: '4', TRUSTED_PROXIES: '127.0.0.1/32, ::1' } });
  });
  afterAll(async () => {
    await stack?.close();
  });
  const signIn = (email: string, password: string, forwardedFor: string) =>
    authFetch(stack, '/token?grant_type=password', { body: { email, password }, headers: { 'X-Forwarded-For': forwardedFor } });

  it('counts the hop the proxy saw, not addresses the client put in front of it', async () => {
    for (let i = 0; i < 3; i++) expect((await signIn(newPerson().email, 'x', `10.9.9.${i}, 203.0.113.20`)).status).toBe(400);
    expect((await signIn(newPerson().email, 'x', '10.9.9.99, 203.0.113.20')).status).toBe(429);
    // Another client behind the same proxy has its own allowance.
    expect((await signIn(newPerson().email, 'x', '203.0.113.21')).status).toBe(400);
  });

  it('limits failed sign-ins per account across addresses, and the account owner elsewhere is told to wait', async () => {
    const p = newPerson();
    const { error } = await stack.client().auth.signUp({ email: p.email, password: p.password, options: { data: p.data } });
    expect(error).toBeNull();
    // A correct password does not use up the account's allowance.
    expect((await signIn(p.email, p.password, '203.0.113.40')).status).toBe(200);
    for (let i = 0; i < 4; i++) expect((await signIn(p.email.toUpperCase(), 'guess-' + i, `198.51.100.${i}`)).status).toBe(400);
    const locked = await signIn(p.email, p.password, '198.51.100.200');
    expect(locked.status).toBe(429);
    expect(locked.json.code).toBe('over_request_rate_limit');
    expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(0);
    // Other accounts are not affected.
    const other = newPerson();
    expect((await signIn(other.email, 'x', '198.51.100.201')).status).toBe(400);
  });

  it('answers an unknown email as slowly as a wrong password for a known one', async () => {
    const p = newPerson();
    await stack.client().auth.signUp({ email: p.email, password: p.password, options: { data: p.data } });
    const timed = async (email: string, i: number) => {
      const started = performance.now();
      const res = await signIn(email, 'wrong-password', `192.0.2.${i}`);
      expect(res.status).toBe(400);
      return performance.now() - started;
    };
    const known: number[] = [];
    const unknown: number[] = [];
    // Interleaved, so load on the machine affects both alike; the account limit (4) is not reached.
    for (let i = 0; i < 3; i++) {
      known.push(await timed(p.email, 10 + i));
      unknown.push(await timed(newPerson().email, 20 + i));
    }
    const median = (xs: number[]) => xs.sort((a, b) => a - b)[1]!;
    // Both pay one bcrypt comparison (tens of ms). Without the decoy an unknown email answered ~25x faster
    // (8 ms vs 220-330 ms), so a 3x margin either way tells the two apart while load on the machine
    // (a pause in one sample of three) cannot fail the test.
    const ratio = median(unknown) / median(known);
    expect(ratio).toBeGreaterThan(1 / 3);
    expect(ratio).toBeLessThan(3);
  });
});

describe('wrong 6-digit codes per account (AUTH_ACCOUNT_RATE_LIMIT=4), from many addresses', () => {
  let stack: TestStack;
  beforeAll(async () => {
    stack = await startTestStack({ env: { AUTH_RATE_LIMIT: '1000', AUTH_ACCOUNT_RATE_LIMIT: '4', TRUSTED_PROXIES: '127.0.0.1/32, ::1' } });
  });
  afterAll(async () => {
    await stack?.close();
  });
  const verify = (email: string, token: string, forwardedFor: string) =>
    authFetch(stack, '/verify', { body: { type: 'recovery', email, token }, headers: { 'X-Forwarded-For': forwardedFor } });
  const wrong = (code: string, i: number) => String((Number(code) + i + 1) % 1_000_000).padStart(6, '0');

  it('refuses the account\'s codes after 4 wrong ones, even the right one, while other accounts go on', async () => {
    const { person } = await signedUp(stack);
    await stack.client().auth.resetPasswordForEmail(person.email);
    const code = codeOf((await waitForMails(stack, person.email))[0]!);
    for (let i = 0; i < 4; i++) {
      const guess = await verify(i % 2 ? person.email.toUpperCase() : person.email, wrong(code, i), `198.51.100.${i}`);
      expect([guess.status, guess.json.code]).toEqual([403, 'otp_expired']);
    }
    const locked = await verify(person.email, code, '203.0.113.50');
    expect([locked.status, locked.json.code]).toEqual([429, 'over_request_rate_limit']);
    expect(locked.json.message).toMatch(/too many failed codes for this account/);
    expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(0);
    // Another account's right code still signs in.
    const other = await signedUp(stack);
    await stack.client().auth.resetPasswordForEmail(other.person.email);
    const otherCode = codeOf((await waitForMails(stack, other.person.email))[0]!);
    expect((await verify(other.person.email, otherCode, '198.51.100.9')).status).toBe(200);
  });
});
