import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authFetch, newPerson, type Person } from '../../testkit/auth.ts';
import { follow, verifyLinkOf, waitForMails } from '../../testkit/account-mail.ts';
import { startTestStack, type TestStack } from '../../testkit/test-stack.ts';
import { redirectBypassCorpus } from './redirect-bypass-corpus.ts';
import { isRedirectUrlValid } from './redirects.ts';

/**
 * Issue 29, item 1: an email link whose redirect_to a browser reads as another host hands that host the
 * session. Every shape of the corpus must be refused and replaced by the site URL, on every route that
 * takes a redirect_to; what a browser then opens (WHATWG URL parsing, as `new URL` does) is the site.
 */
let stack: TestStack;
beforeAll(async () => {
  stack = await startTestStack({ env: { AUTH_RATE_LIMIT: '10000', AUTH_EMAIL_RATE_LIMIT: '10000', AUTH_EMAIL_CONFIRMATIONS: 'true' } });
});
afterAll(async () => {
  await stack?.close();
});

/** What a browser does with a Location header: it must stay on the site, with nobody's user info. */
function expectLandsOnSite(location: string) {
  const site = new URL(stack.url);
  const opened = new URL(location);
  expect(opened.origin).toBe(site.origin);
  expect([opened.username, opened.password]).toEqual(['', '']);
  expect(location.split('#')[0]).toBe(stack.url);
}

/** Runs `work` over the items with at most `width` in flight; every started item finishes before it returns. */
async function inTurns<T>(items: T[], width: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const lanes = Array.from({ length: width }, async () => {
    while (next < items.length) await work(items[next++]!);
  });
  const results = await Promise.allSettled(lanes);
  const failed = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
  if (failed) throw failed.reason;
}

const withRedirect = (path: string, to: string) => `${path}?redirect_to=${encodeURIComponent(to)}`;

async function confirmedPerson(): Promise<Person> {
  const p = newPerson('victim');
  const admin = stack.client({ key: stack.serviceRoleKey }).auth.admin;
  const { error } = await admin.createUser({ email: p.email, password: p.password, user_metadata: p.data, email_confirm: true });
  if (error) throw error;
  return p;
}

describe('the bypass corpus', () => {
  it('is refused by the allow-list check for every shape, and the site itself is still allowed', () => {
    const settings = { siteUrl: 'http://localhost:54321', redirectAllowList: ['http://localhost:5173', 'https://*.example.org/**'] };
    const accepted = redirectBypassCorpus(settings.siteUrl).filter((c) => isRedirectUrlValid(settings, c.value));
    expect(accepted.map((c) => c.shape)).toEqual([]);
    for (const ok of ['http://localhost:54321/auth/reset-password', 'http://localhost:54321', 'http://localhost:5173', 'http://127.0.0.1:9999/x', 'https://preview.example.org/a/b?x=1#y', 'http://LOCALHOST:54321/a']) {
      expect([ok, isRedirectUrlValid(settings, ok)]).toEqual([ok, true]);
    }
  });

  it('sends the recovery link of every shape to the site, and the link lands there', async () => {
    // One victim per shape: an address may ask for a recovery email once a minute. Four at a time: a burst
    // of all of them would wait past the stack's admission budget on a busy machine and be shed (503).
    await inTurns(redirectBypassCorpus(stack.url), 4, async ({ shape, value }) => {
      const { email } = await confirmedPerson();
      const res = await authFetch(stack, withRedirect('/recover', value), { body: { email } });
      expect([shape, res.status]).toEqual([shape, 200]);
      const link = verifyLinkOf((await waitForMails(stack, email))[0]!);
      expect([shape, new URL(link).searchParams.get('redirect_to')]).toEqual([shape, stack.url]);
      const { status, location } = await follow(link);
      expect([shape, status]).toEqual([shape, 303]);
      expectLandsOnSite(location);
    });
  });

  it('lands every shape on the site from /verify itself, also for a used or unknown link', async () => {
    for (const { shape, value } of redirectBypassCorpus(stack.url)) {
      const res = await fetch(`${stack.url}/auth/v1/verify?token=${'0'.repeat(56)}&type=recovery&redirect_to=${encodeURIComponent(value)}`, { redirect: 'manual' });
      expect([shape, res.status]).toEqual([shape, 303]);
      expectLandsOnSite(res.headers.get('location') ?? '');
    }
  });

  it('also refuses it through a Referer header, the fallback GoTrue reads', async () => {
    const p = await confirmedPerson();
    await authFetch(stack, '/recover', { body: { email: p.email }, headers: { Referer: `http://evil.example\\@${new URL(stack.url).host}/` } });
    const link = verifyLinkOf((await waitForMails(stack, p.email))[0]!);
    expect(new URL(link).searchParams.get('redirect_to')).toBe(stack.url);
  });
});

describe('every route that takes a redirect_to', () => {
  const reported = () => `http://evil.example\\@${new URL(stack.url).host}/auth/reset-password`;

  it('sign-up: the confirmation link lands on the site', async () => {
    const p = newPerson('joiner');
    const res = await authFetch(stack, withRedirect('/signup', reported()), { body: { email: p.email, password: p.password, data: p.data } });
    expect(res.status).toBe(200);
    const { location } = await follow(verifyLinkOf((await waitForMails(stack, p.email))[0]!));
    expectLandsOnSite(location);
  });

  it('resend: the confirmation link lands on the site', async () => {
    // Made by an admin without confirming: no email has gone out yet, so a resend is not spaced out.
    const p = newPerson('again');
    const admin = stack.client({ key: stack.serviceRoleKey }).auth.admin;
    expect((await admin.createUser({ email: p.email, password: p.password, user_metadata: p.data })).error).toBeNull();
    const res = await authFetch(stack, withRedirect('/resend', reported()), { body: { type: 'signup', email: p.email } });
    expect(res.status).toBe(200);
    const { location } = await follow(verifyLinkOf((await waitForMails(stack, p.email))[0]!));
    expectLandsOnSite(location);
  });

  it('email change: both links land on the site', async () => {
    const p = await confirmedPerson();
    const client = stack.client();
    await client.auth.signInWithPassword({ email: p.email, password: p.password });
    const session = (await client.auth.getSession()).data.session!;
    const next = newPerson('moved').email;
    const res = await authFetch(stack, withRedirect('/user', reported()), { method: 'PUT', body: { email: next }, bearer: session.access_token });
    expect(res.status).toBe(200);
    for (const address of [p.email, next]) {
      const { location } = await follow(verifyLinkOf((await waitForMails(stack, address))[0]!));
      expectLandsOnSite(location);
    }
  });
});
