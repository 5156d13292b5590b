import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStack, type TestStack } from '../../testkit/test-stack.ts';
import { signedUp as signUpOn, type Person } from '../../testkit/auth.ts';

/**
 * PUT /user with a password, as GoTrue's UserUpdate (internal/api/user.go) rules it under the project's
 * supabase/config.toml: `[auth.email] secure_password_change = true` (GoTrue's
 * Security.UpdatePasswordRequireReauthentication) asks a session created over 24 hours ago for a
 * reauthentication nonce; `require_current_password` (Security.UpdatePasswordRequireCurrentPassword)
 * asks for the current password whenever the user has one.
 */
let stack: TestStack;
beforeAll(async () => {
  stack = await startTestStack({ env: { AUTH_RATE_LIMIT: '1000' } });
});
afterAll(async () => {
  await stack?.close();
});

const signedUp = (p?: Person) => signUpOn(stack, p);

/** Moves the session's creation (GoTrue's session.CreatedAt) back by `hours`. */
async function ageSession(accessToken: string, hours: number) {
  const sid = JSON.parse(Buffer.from(accessToken.split('.')[1]!, 'base64url').toString()).session_id as string;
  await stack.database.db.query(`update auth.sessions set created_at = now() - make_interval(hours => $2) where id = $1::uuid`, [sid, hours]);
}

async function canSignIn(email: string, password: string) {
  return (await stack.client().auth.signInWithPassword({ email, password })).error === null;
}

describe('password change: a recent sign-in or reauthentication (secure_password_change)', () => {
  it('refuses a session signed in over 24 hours ago with 400 reauthentication_needed, current password or not', async () => {
    const { client, person, session } = await signedUp();
    await ageSession(session.access_token, 25);

    const bare = await client.auth.updateUser({ password: 'brand-new-pass' });
    expect(bare.error?.status).toBe(400);
    expect(bare.error?.code).toBe('reauthentication_needed');
    // GoTrue's rule is the session's age or a nonce: the current password alone does not reauthenticate.
    const withCurrent = await client.auth.updateUser({ password: 'brand-new-pass', current_password: person.password });
    expect(withCurrent.error?.code).toBe('reauthentication_needed');
    expect(await canSignIn(person.email, person.password)).toBe(true);
  });

  it('refuses a nonce that was never sent (422 reauthentication_not_valid)', async () => {
    const { client, session } = await signedUp();
    await ageSession(session.access_token, 25);
    const r = await client.auth.updateUser({ password: 'brand-new-pass', nonce: '123456' });
    expect(r.error?.status).toBe(422);
    expect(r.error?.code).toBe('reauthentication_not_valid');
  });

  it('accepts the change after a fresh sign-in (what the Security tab does with the current password)', async () => {
    const { client, person, session } = await signedUp();
    await ageSession(session.access_token, 25);
    expect((await client.auth.updateUser({ password: 'brand-new-pass' })).error?.code).toBe('reauthentication_needed');

    const again = await client.auth.signInWithPassword({ email: person.email, password: person.password });
    expect(again.error).toBeNull();
    const ok = await client.auth.updateUser({ password: 'brand-new-pass', current_password: person.password });
    expect(ok.error).toBeNull();
    expect(await canSignIn(person.email, 'brand-new-pass')).toBe(true);
  });

  it('accepts a session a little under 24 hours old', async () => {
    const { client, person, session } = await signedUp();
    await ageSession(session.access_token, 23);
    expect((await client.auth.updateUser({ password: 'brand-new-pass' })).error).toBeNull();
    expect(await canSignIn(person.email, 'brand-new-pass')).toBe(true);
  });

  it('does not check current_password while require_current_password is off, as GoTrue', async () => {
    const { client, person } = await signedUp();
    const r = await client.auth.updateUser({ password: 'brand-new-pass', current_password: 'not-my-password' });
    expect(r.error).toBeNull();
    expect(await canSignIn(person.email, 'brand-new-pass')).toBe(true);
  });
});

describe('password change with require_current_password = true', () => {
  let dir: string;
  let original: string;
  beforeAll(async () => {
    original = stack.config.supabaseDir;
    dir = await mkdtemp(path.join(os.tmpdir(), 'supabase-config-'));
    const toml = await readFile(path.join(original, 'config.toml'), 'utf8');
    await writeFile(path.join(dir, 'config.toml'), toml.replace(/^\[auth\.email\]$/m, '[auth.email]\nrequire_current_password = true'));
    stack.config.supabaseDir = dir;
  });
  afterAll(async () => {
    stack.config.supabaseDir = original;
    await rm(dir, { recursive: true, force: true });
  });

  it('refuses a missing current password (400 current_password_required) and a wrong one (400 current_password_invalid)', async () => {
    const { client, person } = await signedUp();
    const missing = await client.auth.updateUser({ password: 'brand-new-pass' });
    expect(missing.error?.status).toBe(400);
    expect(missing.error?.code).toBe('current_password_required');
    const wrong = await client.auth.updateUser({ password: 'brand-new-pass', current_password: 'not-my-password' });
    expect(wrong.error?.status).toBe(400);
    expect(wrong.error?.code).toBe('current_password_invalid');
    expect(await canSignIn(person.email, person.password)).toBe(true);
  });

  it('accepts the right current password on a recent session', async () => {
    const { client, person } = await signedUp();
    const ok = await client.auth.updateUser({ password: 'brand-new-pass', current_password: person.password });
    expect(ok.error).toBeNull();
    expect(await canSignIn(person.email, 'brand-new-pass')).toBe(true);
  });
});
