// Deno tests: the consent state and PKCE verifier are random and unguessable; the challenge is RFC 7636 S256.
import { assertEquals } from '../../../testkit/deno/assert.ts';
import { codeChallenge, randomToken, stateHash } from './pkce.ts';

Deno.test('the S256 challenge of RFC 7636 appendix B', async () => {
  assertEquals(await codeChallenge('dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk'), 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM');
});

Deno.test('tokens are 43 base64url characters and differ; the stored state is its sha-256 in hex', async () => {
  const a = randomToken();
  const b = randomToken();
  assertEquals(/^[A-Za-z0-9_-]{43}$/.test(a), true);
  assertEquals(a === b, false);
  assertEquals(await stateHash('abc'), 'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
});
