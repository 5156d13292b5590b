import { afterAll, beforeAll, expect, it } from 'vitest';
import { authFetch, newPerson, signedUp } from '../../testkit/auth.ts';
import { startTestStack, type TestStack } from '../../testkit/test-stack.ts';

/** [auth.rate_limit] email_sent, counted per IP per hour (AUTH_EMAIL_RATE_LIMIT for this suite: 3). */
let stack: TestStack;
beforeAll(async () => {
  stack = await startTestStack({ env: { AUTH_RATE_LIMIT: '1000', AUTH_EMAIL_RATE_LIMIT: '3' } });
});
afterAll(async () => {
  await stack?.close();
});

it('counts every email-sending request from an IP, for known and unknown addresses alike', async () => {
  const { person } = await signedUp(stack);
  const asked = [newPerson('x').email, person.email, newPerson('y').email];
  for (const email of asked) expect((await authFetch(stack, '/recover', { body: { email } })).status).toBe(200);
  const over = await authFetch(stack, '/recover', { body: { email: newPerson('z').email } });
  expect([over.status, over.json]).toEqual([429, { code: 'over_email_send_rate_limit', message: 'email rate limit exceeded' }]);
  const resend = await authFetch(stack, '/resend', { body: { type: 'signup', email: newPerson('w').email } });
  expect(resend.status).toBe(429);
});
