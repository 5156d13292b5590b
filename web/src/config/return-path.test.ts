import { describe, expect, it } from 'vitest';
import { authHrefReturningTo, safeReturnPath } from './return-path';

describe('safeReturnPath', () => {
  it('keeps a path of this site, with its query and fragment', () => {
    expect(safeReturnPath('/campaigns/20000000-0000-4000-8000-000000000001')).toBe('/campaigns/20000000-0000-4000-8000-000000000001');
    expect(safeReturnPath('/explore?platform=tiktok#top')).toBe('/explore?platform=tiktok#top');
  });

  it('refuses anything that could leave the site (open redirects)', () => {
    for (const raw of [
      '//evil.example',
      '//evil.example/campaigns',
      '/\\evil.example',
      '\\\\evil.example',
      '/\\/evil.example',
      'https://evil.example',
      'http://evil.example/',
      'javascript:alert(1)',
      ' /campaigns',
      '/%2F%2Fevil.example'.replace('%2F%2F', '/\t/'),
      'evil.example',
      'campaigns',
      '',
    ]) {
      expect(safeReturnPath(raw), raw).toBeNull();
    }
    expect(safeReturnPath(null)).toBeNull();
    expect(safeReturnPath(undefined)).toBeNull();
  });

  it('refuses the auth screens themselves (no loop back to sign-in)', () => {
    expect(safeReturnPath('/auth')).toBeNull();
    expect(safeReturnPath('/auth/confirm')).toBeNull();
  });
});

describe('authHrefReturningTo', () => {
  it('links to /auth with the return path, and without one when it is not safe', () => {
    expect(authHrefReturningTo('/campaigns/42')).toBe('/auth?next=%2Fcampaigns%2F42');
    expect(authHrefReturningTo('/campaigns/42', 'register')).toBe('/auth?next=%2Fcampaigns%2F42&tab=register');
    expect(authHrefReturningTo('//evil.example')).toBe('/auth');
  });
});
