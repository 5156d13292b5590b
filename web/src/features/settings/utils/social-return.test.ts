import { describe, expect, test } from 'vitest';
import { socialReturn, withoutSocialReturn } from './social-return';

const read = (query: string) => socialReturn(new URLSearchParams(query));

describe('the return from a platform consent', () => {
  test('each result the callback sends is read with its platform', () => {
    expect(read('social=tiktok&result=connected')).toEqual({ platform: 'tiktok', result: 'connected' });
    expect(read('social=instagram&result=denied')).toEqual({ platform: 'instagram', result: 'denied' });
    expect(read('social=youtube&result=account_taken')).toEqual({ platform: 'youtube', result: 'account_taken' });
    for (const r of ['exchange_failed', 'profile_failed', 'unavailable']) expect(read(`social=tiktok&result=${r}`)?.result).toBe(r);
  });

  test('a forged or expired state comes back without a platform and is still said', () => {
    expect(read('result=state_invalid')).toEqual({ platform: null, result: 'state_invalid' });
  });

  test('an unknown result, a missing one, or a success without a known platform is no return', () => {
    expect(read('')).toBeNull();
    expect(read('social=tiktok')).toBeNull();
    expect(read('social=tiktok&result=hacked')).toBeNull();
    expect(read('result=connected')).toBeNull();
    expect(read('social=myspace&result=connected')).toBeNull();
  });

  test('cleaning the address drops only the return', () => {
    expect(withoutSocialReturn(new URLSearchParams('tab=profile&social=tiktok&result=connected')).toString()).toBe('tab=profile');
  });
});
