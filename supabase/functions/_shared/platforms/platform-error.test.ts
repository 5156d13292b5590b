// Deno tests: a platform's refusal is classified by the body's codes (decision 0052), the status only breaks ties.
import { assertEquals } from '../../../../testkit/deno/assert.ts';
import { classifyPlatformError, retryAfterOf } from './platform-error.ts';

Deno.test('Meta: 190 is auth, 4/17/32/613/80002 rate limited (whatever the status), 100/33 not found', () => {
  assertEquals(classifyPlatformError('instagram', 400, { error: { code: 190, error_subcode: 463, type: 'OAuthException' } })?.kind, 'auth');
  for (const code of [4, 17, 32, 613, 80002]) {
    assertEquals(classifyPlatformError('instagram', 400, { error: { code } })?.kind, 'rate_limited', String(code));
  }
  assertEquals(classifyPlatformError('instagram', 400, { error: { code: 100, error_subcode: 33 } })?.kind, 'not_found');
  assertEquals(classifyPlatformError('instagram', 400, { error: { code: 100 } })?.kind, 'bad_request');
  const usage = new Headers({ 'x-business-use-case-usage': JSON.stringify({ '1': [{ estimated_time_to_regain_access: 7 }] }) });
  assertEquals(classifyPlatformError('instagram', 403, { error: { code: 80002 } }, usage), { kind: 'rate_limited', code: '80002', retryAfterSeconds: 420 });
});

Deno.test('TikTok: error codes in a 200 body count; "ok" is no error', () => {
  assertEquals(classifyPlatformError('tiktok', 200, { error: 'invalid_grant', error_description: 'Refresh token is invalid' })?.kind, 'auth');
  assertEquals(classifyPlatformError('tiktok', 200, { data: {}, error: { code: 'ok', message: '' } }), undefined);
  assertEquals(classifyPlatformError('tiktok', 401, { error: { code: 'access_token_invalid' } })?.kind, 'auth');
  assertEquals(classifyPlatformError('tiktok', 429, { error: { code: 'rate_limit_exceeded' } }, new Headers({ 'retry-after': '30' })),
    { kind: 'rate_limited', code: 'rate_limit_exceeded', retryAfterSeconds: 30 });
  assertEquals(classifyPlatformError('tiktok', 500, { error: { code: 'internal_error' } })?.kind, 'unavailable');
});

Deno.test('Google: reasons decide; quota waits at least an hour without Retry-After', () => {
  const quota = { error: { code: 403, errors: [{ reason: 'quotaExceeded', domain: 'youtube.quota' }] } };
  assertEquals(classifyPlatformError('youtube', 403, quota), { kind: 'rate_limited', code: 'quotaExceeded', retryAfterSeconds: 3600 });
  assertEquals(classifyPlatformError('youtube', 401, { error: { code: 401, errors: [{ reason: 'authError' }] } })?.kind, 'auth');
  assertEquals(classifyPlatformError('youtube', 400, { error: 'invalid_grant', error_description: 'Token has been expired or revoked.' })?.kind, 'auth');
  assertEquals(classifyPlatformError('youtube', 400, { error: 'redirect_uri_mismatch' })?.kind, 'bad_request');
});

Deno.test('no body: the status decides; Retry-After as seconds or a date', () => {
  assertEquals(classifyPlatformError('youtube', 503, undefined)?.kind, 'unavailable');
  assertEquals(classifyPlatformError('instagram', 200, { id: '1' }), undefined);
  assertEquals(retryAfterOf(new Headers({ 'retry-after': new Date(Date.UTC(2026, 0, 1, 0, 1)).toUTCString() }), Date.UTC(2026, 0, 1)), 60);
});
