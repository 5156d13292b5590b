import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeJwt, newPerson, signedUp } from '../../testkit/auth.ts';
import { follow, mailsTo, verifyLinkOf, waitForMails } from '../../testkit/account-mail.ts';
import { startTestStack, type TestStack } from '../../testkit/test-stack.ts';

/**
 * A user's own email change (PUT /auth/v1/user {email}) under config.toml as it is: double_confirm_changes
 * on, enable_confirmations off (issue 29 item 3). The Settings screen promises that both addresses must
 * confirm, so one link, above all the one sent to the address being left, must never move the account.
 */
const FIRST_LINK = 'message=Confirmation+link+accepted.+Please+proceed+to+confirm+link+sent+to+the+other+email&sb=';
const LINK_REFUSED = 'error=access_denied&error_code=otp_expired&error_description=Email+link+is+invalid+or+has+expired&sb=';

let stack: TestStack;
beforeAll(async () => {
  stack = await startTestStack({ env: { AUTH_RATE_LIMIT: '1000', AUTH_EMAIL_RATE_LIMIT: '1000' } });
});
afterAll(async () => {
  await stack?.close();
});

const landing = () => `${stack.url}/auth/email-change`;

async function accountEmails(id: string) {
  const { rows } = await stack.database.db.query<{ email: string; email_change: string; profile: string; identity: string }>(
    `select u.email, u.email_change, p.email as profile, i.identity_data->>'email' as identity
       from auth.users u join app.profiles p on p.id = u.id join auth.identities i on i.user_id = u.id and i.provider = 'email'
      where u.id = $1`,
    [id],
  );
  return rows[0];
}

const signIn = (email: string, password: string) => stack.client().auth.signInWithPassword({ email, password });

/** A signed-up user who asked to move to a new address: the two emails, the one to each address. */
async function changeRequested(name: string) {
  const { person, user, client } = await signedUp(stack);
  const next = newPerson(name).email;
  const { data, error } = await client.auth.updateUser({ email: next }, { emailRedirectTo: landing() });
  expect(error).toBeNull();
  expect([data.user?.email, data.user?.new_email]).toEqual([person.email, next]);
  const toNew = (await waitForMails(stack, next))[0]!;
  // The sign-up sent nothing (confirmations off), so the current address's only mail is this one.
  const toOld = (await waitForMails(stack, person.email))[0]!;
  expect(toOld.text).toContain(next);
  return { person, user, next, oldLink: verifyLinkOf(toOld), newLink: verifyLinkOf(toNew) };
}

describe('email change with double_confirm_changes (config.toml: confirmations off)', () => {
  it('the link to the old address alone does not change the email: the new address cannot sign in', async () => {
    const { person, user, next, oldLink } = await changeRequested('solo.viejo');
    const first = await follow(oldLink);
    expect(first.status).toBe(303);
    // GoTrue's singleConfirmationAccepted, no session in it.
    expect(first.location).toBe(`${landing()}#${FIRST_LINK}`);
    expect(await accountEmails(user.id)).toEqual({ email: person.email, email_change: next, profile: person.email, identity: person.email });

    const refused = await signIn(next, person.password);
    expect([refused.error?.status, refused.error?.code]).toEqual([400, 'invalid_credentials']);
    const still = await signIn(person.email, person.password);
    expect(still.error).toBeNull();
    expect(still.data.user?.new_email).toBe(next);
  });

  it('the old link, then the new one: the second changes the email, signs in, and the old address no longer does', async () => {
    const { person, user, next, oldLink, newLink } = await changeRequested('viejo.nuevo');
    expect((await follow(oldLink)).location).toBe(`${landing()}#${FIRST_LINK}`);
    const second = await follow(newLink);
    expect(second.status).toBe(303);
    expect(second.location.split('#')[0]).toBe(landing());
    expect(second.fragment.get('type')).toBe('email_change');
    expect(decodeJwt(second.fragment.get('access_token')!).email).toBe(next);
    expect(await accountEmails(user.id)).toEqual({ email: next, email_change: '', profile: next, identity: next });

    const moved = await signIn(next, person.password);
    expect(moved.error).toBeNull();
    expect(moved.data.user?.new_email).toBeUndefined();
    expect((await signIn(person.email, person.password)).error?.code).toBe('invalid_credentials');
  });

  it('the new link, then the old one: the same change, in the other order', async () => {
    const { person, user, next, oldLink, newLink } = await changeRequested('nuevo.viejo');
    const first = await follow(newLink);
    expect(first.location).toBe(`${landing()}#${FIRST_LINK}`);
    expect((await accountEmails(user.id))?.email).toBe(person.email);
    expect((await signIn(next, person.password)).error?.code).toBe('invalid_credentials');

    const second = await follow(oldLink);
    expect(second.fragment.get('type')).toBe('email_change');
    expect(decodeJwt(second.fragment.get('access_token')!).email).toBe(next);
    expect(await accountEmails(user.id)).toEqual({ email: next, email_change: '', profile: next, identity: next });
    expect((await signIn(next, person.password)).error).toBeNull();
  });

  it('a used link, before and after the change, and an expired one redirect with otp_expired', async () => {
    const { person, user, next, oldLink, newLink } = await changeRequested('usado');
    await follow(oldLink);
    // The first link again does not count as the second confirmation.
    const reused = await follow(oldLink);
    expect(reused.location).toBe(`${landing()}#${LINK_REFUSED}`);
    expect((await accountEmails(user.id))?.email).toBe(person.email);
    await follow(newLink);
    expect((await follow(newLink)).location).toBe(`${landing()}#${LINK_REFUSED}`);
    expect((await follow(oldLink)).location).toBe(`${landing()}#${LINK_REFUSED}`);
    expect((await accountEmails(user.id))?.email).toBe(next);

    const late = await changeRequested('caducado');
    await stack.database.db.query(`update auth.users set email_change_sent_at = now() - interval '61 minutes' where id = $1`, [late.user.id]);
    expect((await follow(late.oldLink)).location).toBe(`${landing()}#${LINK_REFUSED}`);
    expect((await follow(late.newLink)).location).toBe(`${landing()}#${LINK_REFUSED}`);
    expect(await accountEmails(late.user.id)).toEqual({ email: late.person.email, email_change: late.next, profile: late.person.email, identity: late.person.email });
  });
});

describe('email change with double_confirm_changes = false', () => {
  let single: TestStack;
  beforeAll(async () => {
    single = await startTestStack({ env: { AUTH_RATE_LIMIT: '1000', AUTH_EMAIL_RATE_LIMIT: '1000', AUTH_EMAIL_DOUBLE_CONFIRM_CHANGES: 'false' } });
  });
  afterAll(async () => {
    await single?.close();
  });

  it('one email, to the new address, whose link completes the change', async () => {
    const { person, user, client } = await signedUp(single);
    const next = newPerson('sencillo').email;
    expect((await client.auth.updateUser({ email: next }, { emailRedirectTo: `${single.url}/auth/email-change` })).error).toBeNull();
    const link = verifyLinkOf((await waitForMails(single, next))[0]!);
    const done = await follow(link);
    expect(done.location.split('#')[0]).toBe(`${single.url}/auth/email-change`);
    expect(done.fragment.get('type')).toBe('email_change');
    // Nothing went to the current address (the mails go out together, after the answer).
    await new Promise((r) => setTimeout(r, 300));
    expect(mailsTo(single, person.email)).toEqual([]);
    const { rows } = await single.database.db.query<{ email: string }>('select email from auth.users where id = $1', [user.id]);
    expect(rows).toEqual([{ email: next }]);
    expect((await single.client().auth.signInWithPassword({ email: next, password: person.password })).error).toBeNull();
  });
});
